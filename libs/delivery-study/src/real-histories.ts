import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { BenchError, type ChatMessage, type ToolSpec } from '@recovery-bench/harness';
import { contentText, type Content } from '@recovery-bench/toolerror-core';
import { KINDS, type Stimulus, type StudyKind } from './stimuli.ts';

/**
 * H2.2's real-history component (appendix C.2): failure points taken from a real agent's recorded sessions, each
 * kind of error injected at each point in the agent's own result format, delivered in C0–C3 and scored as the paper
 * scores it. The sessions are a coding run's calls.jsonl (the proxy records every request body a real agent sent);
 * nothing of them is kept with the project.
 */

/** The agent whose sessions are read: Qwen Code, as in the paper, by its User-Agent. */
export const REAL_AGENT = 'QwenCode/';

/** The calls a point can be (the paper's: file reads, test runs, directory listings), and the argument they name. */
const POINT_TOOLS: Readonly<Record<string, string>> = { read_file: 'file_path', run_shell_command: 'command', list_directory: 'path' };

/** One failure point: a call of a real session whose result is replaced by an injected error. */
export interface FailurePoint {
  /** The assistant message the call is in: the cluster the bootstrap resamples (several points can share it). */
  cluster: string;
  /** The history up to and including that assistant message, and the results of its other calls as recorded. */
  messages: ChatMessage[];
  tools: ToolSpec[];
  call: { id: string; name: string; arguments: Record<string, string> };
}

interface CallRecord {
  userAgent?: string;
  request?: { messages?: ChatMessage[]; tools?: ToolSpec[] };
}

/** The recorded requests of a run directory (its calls.jsonl) or of a calls.jsonl file, in order. */
function readRecords(path: string): CallRecord[] {
  let file = path;
  try {
    if (statSync(path).isDirectory()) file = join(path, 'calls.jsonl');
  } catch {
    throw new BenchError('config:invalid', `${path}: no such run directory or calls.jsonl`, { hint: 'record a real agent with a coding run (records.bodies: true) and name its run directory' });
  }
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new BenchError('config:invalid', `${file}: cannot read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  return text.split('\n').filter((l) => l.trim() !== '').flatMap((line, i) => {
    try {
      return [JSON.parse(line) as CallRecord];
    } catch {
      throw new BenchError('config:invalid', `${file}:${i + 1}: not a JSON line`);
    }
  });
}

const textOf = (m: ChatMessage | undefined): string => contentText((m as { content?: Content } | undefined)?.content);

/**
 * The failure points of the agent's sessions: a session is every request with the same first user message, read
 * from its longest request; each call of a point tool with its argument given is a point, in order.
 */
export function failurePoints(paths: readonly string[]): FailurePoint[] {
  const sessions = new Map<string, { messages: ChatMessage[]; tools: ToolSpec[] }>();
  for (const path of paths) {
    for (const record of readRecords(path)) {
      if (!record.userAgent?.includes(REAL_AGENT) || !Array.isArray(record.request?.messages)) continue;
      const messages = record.request.messages;
      const key = createHash('sha256').update(`${path}\n${textOf(messages.find((m) => m.role === 'user'))}`).digest('hex').slice(0, 12);
      const known = sessions.get(key);
      if (!known || messages.length > known.messages.length) sessions.set(key, { messages, tools: record.request.tools ?? [] });
    }
  }
  const points: FailurePoint[] = [];
  for (const [session, { messages, tools }] of sessions) {
    messages.forEach((m, i) => {
      if (m.role !== 'assistant') return;
      for (const call of (m as { tool_calls?: { id: string; function: { name: string; arguments: string } }[] }).tool_calls ?? []) {
        const key = POINT_TOOLS[call.function.name];
        let args: Record<string, unknown>;
        try {
          args = JSON.parse(call.function.arguments || '{}') as Record<string, unknown>;
        } catch {
          continue;
        }
        if (key === undefined || typeof args[key] !== 'string' || args[key] === '') continue;
        // The history up to this message and every result of its calls (the point's own is replaced later); a call
        // the session never got a result for (its last answer) is no point.
        let end = i + 1;
        while (end < messages.length && messages[end]!.role === 'tool') end++;
        if (!messages.slice(i + 1, end).some((r) => (r as { tool_call_id?: string }).tool_call_id === call.id)) continue;
        const strings = Object.fromEntries(Object.entries(args).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
        points.push({ cluster: `${session}#${i}`, messages: messages.slice(0, end), tools, call: { id: call.id, name: call.function.name, arguments: strings } });
      }
    });
  }
  return points;
}

/** The errors injected at a point, in Qwen Code's own result formats; each fixable one names what to use instead. */
function injected(point: FailurePoint, kind: StudyKind): { error: string; expected: Record<string, string> | null } {
  const { name, arguments: args } = point.call;
  if (name === 'run_shell_command') {
    const command = args.command!;
    const [program = command] = command.split(/\s+/);
    const fallback = program === 'python3' ? 'python3.11' : program === 'python' ? 'python3' : `/usr/bin/${program}`;
    const shell = (error: string, output = '(empty)') => `Command: ${command}\nDirectory: (root)\nOutput: ${output}\nError: ${error}\nExit Code: 1\nSignal: (none)\nBackground PIDs: (none)\nProcess Group PGID: (none)`;
    if (kind === 'transient') return { error: shell('spawn EAGAIN: the process table is momentarily full; the command did not start'), expected: args };
    if (kind === 'fixable') {
      const fixed = `${fallback}${command.slice(program.length)}`;
      return { error: shell(`${program}: command not found; this workspace has ${fallback}. Use '${fixed}' instead.`, `bash: ${program}: command not found`), expected: { ...args, command: fixed } };
    }
    return { error: shell('the sandbox blocks process execution in this workspace (EPERM); commands cannot be run here'), expected: null };
  }
  const key = POINT_TOOLS[name]!;
  const path = args[key]!;
  const moved = path.includes('/') ? path.replace(/\/([^/]*)$/, '/archive/$1') : `archive/${path}`;
  if (kind === 'transient') return { error: `Error: EBUSY: resource busy or locked, open '${path}'`, expected: args };
  if (kind === 'fixable') return { error: `Error: ENOENT: no such file or directory, open '${path}'. It was moved; use '${moved}'.`, expected: { ...args, [key]: moved } };
  return { error: `Error: EPERM: operation not permitted, open '${path}': access to this path is denied by the workspace policy`, expected: null };
}

/**
 * The real-history stimuli: every point × kind, the point's result replaced by the injected error. Ids `R07-fixable`;
 * the scenario is the point's cluster (its assistant message), so the bootstrap resamples clusters.
 */
export function realStimuli(points: readonly FailurePoint[]): Stimulus[] {
  return points.flatMap((point, p) => KINDS.map((kind): Stimulus => {
    const { error, expected } = injected(point, kind);
    const messages = point.messages.map((m) => ((m as { tool_call_id?: string }).tool_call_id === point.call.id ? { ...m, content: error } as ChatMessage : m));
    const failedIndex = messages.findIndex((m) => (m as { tool_call_id?: string }).tool_call_id === point.call.id);
    return {
      id: `R${String(p + 1).padStart(2, '0')}-${kind}`, scenario: point.cluster, set: 'real', tool: point.call.name, kind, variant: 0,
      request: textOf(messages.find((m) => m.role === 'user')), arguments: point.call.arguments, expected, error, result: '', key: '',
      history: { messages, tools: point.tools, failedIndex },
    };
  }));
}
