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
 * unparsable strings are left out, so the scripted model does not chase them), then a short answer. A script is
 * matched by the SHA-256 of the task's first user message.
 */
export async function writeSimScripts(bridge: BridgeClient, tasks: readonly ScriptSource[], dir = mkdtempSync(join(tmpdir(), 'rb-loudquiet-sim-'))): Promise<string> {
  for (const task of tasks) {
    const calls = await succeedingCalls(bridge, task);
    const first = task.turns[0] ? userText(task.turns[0]) : '[]';
    const script = {
      id: `loudquiet-${task.task_id}`,
      description: `Ground-truth path of Loud/Quiet task ${task.task_id}, derived at load time`,
      match: { firstUserSha256: createHash('sha256').update(first).digest('hex') },
      steps: [...calls.map((call) => ({ call })), { answer: 'Done.' }],
    };
    writeFileSync(join(dir, `${task.task_id}.json`), `${JSON.stringify(script, null, 2)}\n`);
  }
  return dir;
}

async function succeedingCalls(bridge: BridgeClient, task: ScriptSource): Promise<ScriptCall[]> {
  const env = await bridge.environment(task.task_id, 'clean', 0);
  const out: ScriptCall[] = [];
  try {
    for (const text of task.ground_truth.flat()) {
      const call = parseGroundTruthCall(text);
      if (!call) continue;
      const reply = await env.call(call.name, call.argumentsJson);
      if (reply.ok && !reply.body.startsWith('{"error"')) out.push({ name: call.name, arguments: call.argumentsJson });
    }
  } finally {
    await env.close();
  }
  return out;
}
