import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BridgeClient } from '../bridge/client.ts';
import { userText, type TurnMessage } from './agent-loop.ts';
import { parseGroundTruthCall } from './ground-truth.ts';

/** What a sim script is derived from: a task's first user text and its ground truth. */
export interface ScriptSource {
  task_id: string;
  turns: readonly (readonly TurnMessage[])[];
  ground_truth: readonly (readonly string[])[];
}

interface ScriptCall {
  name: string;
  arguments: string;
}

/**
 * Sim-engine scripts for the tasks, derived when the suite is loaded and never stored with the project: each task's
 * ground-truth calls, in order, that succeed on a clean environment (stale ones that raise, unknown tools and
 * unparsable strings are left out, so the scripted model does not chase them), then a short answer. The calls of one
 * user turn form one step of that turn (`calls`, `turn`): a model sends them in one message as far as its profile's
 * `parallelCalls` share says, answers at the end of each turn, and does not go back to a call it gave up in an
 * earlier turn. A script is matched by the SHA-256 of the task's first user message.
 */
export async function writeSimScripts(bridge: BridgeClient, tasks: readonly ScriptSource[], dir = mkdtempSync(join(tmpdir(), 'rb-loudquiet-sim-'))): Promise<string> {
  for (const task of tasks) {
    const calls = await succeedingCalls(bridge, task);
    const first = task.turns[0] ? userText(task.turns[0]) : '[]';
    const script = {
      id: `loudquiet-${task.task_id}`,
      description: `Ground-truth path of Loud/Quiet task ${task.task_id}, derived at load time`,
      match: { firstUserSha256: createHash('sha256').update(first).digest('hex') },
      steps: [...calls.map(({ turn, calls: c }) => (c.length === 1 ? { call: c[0]!, turn } : { calls: c, turn })), { answer: 'Done.' }],
    };
    writeFileSync(join(dir, `${task.task_id}.json`), `${JSON.stringify(script, null, 2)}\n`);
  }
  return dir;
}

/** Per user turn of the ground truth (1-based), the calls that succeed (turns left with none are dropped). */
async function succeedingCalls(bridge: BridgeClient, task: ScriptSource): Promise<{ turn: number; calls: ScriptCall[] }[]> {
  const env = await bridge.environment(task.task_id, 'clean', 0);
  const out: { turn: number; calls: ScriptCall[] }[] = [];
  try {
    for (const [index, turn] of task.ground_truth.entries()) {
      const ok: ScriptCall[] = [];
      for (const text of turn) {
        const call = parseGroundTruthCall(text);
        if (!call) continue;
        const reply = await env.call(call.name, call.argumentsJson);
        if (reply.ok && !reply.body.startsWith('{"error"')) ok.push({ name: call.name, arguments: call.argumentsJson });
      }
      if (ok.length > 0) out.push({ turn: index + 1, calls: ok });
    }
  } finally {
    await env.close();
  }
  return out;
}
