import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { visibleToolEvents, type Transcript } from '@recovery-bench/harness/transcript';
import { z } from 'zod';
import { CALL_META_KEY, type PerturbationStatus, type ToolmazeCallRecord } from './executor/outcome.ts';
import { isJsonObject, parsePyJson, pythonJsonDumps } from './python-json.ts';
import type { Task } from './schema.ts';

/**
 * ToolMaze's inference JSON (spec §6). The reading schema is loose: imported traces may carry more fields,
 * and the judge reads only roles, types, call ids, names, contents and `perturbation_status`.
 */
export const TraceMessageSchema = z.looseObject({
  role: z.string(),
  type: z.string().optional(),
  content: z.unknown().optional(),
  tool_call: z.looseObject({ id: z.string().nullish(), name: z.string(), arguments: z.unknown().optional() }).optional(),
  call_id: z.string().nullish(),
  name: z.string().nullish(),
  metadata: z.looseObject({ perturbation_status: z.string().optional(), thought: z.unknown().optional() }).nullish(),
});
export type TraceMessage = z.infer<typeof TraceMessageSchema>;

export const ToolMazeTraceSchema = z.looseObject({
  task_id: z.string().optional(),
  mode: z.string().optional(),
  tokens: z.looseObject({ input_tokens: z.number(), output_tokens: z.number(), total_tokens: z.number() }).partial().optional(),
  messages: z.array(TraceMessageSchema),
});
export type ToolMazeTrace = z.infer<typeof ToolMazeTraceSchema>;

function callRecord(meta: Record<string, unknown> | undefined): ToolmazeCallRecord | undefined {
  const record = meta?.[CALL_META_KEY];
  return isJsonObject(record) && (record.perturbationStatus === 'clean' || record.perturbationStatus === 'perturbed') ? (record as unknown as ToolmazeCallRecord) : undefined;
}

function parseOr(text: string, fallback: unknown): unknown {
  try {
    return parsePyJson(text);
  } catch {
    return fallback;
  }
}

/**
 * A transcript as a ToolMaze inference trace: `call-<n>` ids from 1, the raw JSON result on tool messages
 * (not the text plug-ins may have edited), `perturbation_status` on every tool message, summed tokens, and no
 * final answer after the round cap. A call that got no tool message (its arguments were malformed and the
 * run ended) is left out, as ToolMaze never executes it.
 */
export function toToolMazeTrace(task: Task, transcript: Transcript, model: string): ToolMazeTrace {
  const visible = visibleToolEvents(transcript);
  const lastEvent = (callId: string) => visible.findLast((e) => e.callId === callId);
  const messages: TraceMessage[] = [];
  const answered = new Set(transcript.messages.flatMap((m) => (m.role === 'tool' ? [m.tool_call_id] : [])));
  let n = 0;
  for (const m of transcript.messages) {
    if (m.role === 'user' && messages.length === 0) messages.push({ role: 'user', content: m.content });
    if (m.role !== 'assistant') continue;
    if (!m.tool_calls || m.tool_calls.length === 0) {
      messages.push({ role: 'assistant', type: 'final_answer', content: m.content ?? '' });
      continue;
    }
    for (const call of m.tool_calls) {
      if (!answered.has(call.id)) continue;
      const id = `call-${++n}`;
      const args = call.function.arguments.trim() === '' ? {} : parseOr(call.function.arguments, {});
      const assistant: TraceMessage = { role: 'assistant', type: 'tool_call', content: m.content ?? '', tool_call: { id, name: call.function.name, arguments: isJsonObject(args) ? args : {} } };
      if (m.reasoning_content !== undefined) assistant.metadata = { thought: m.reasoning_content };
      messages.push(assistant);
      const event = lastEvent(call.id);
      const record = callRecord(event?.meta);
      const toolMessage = transcript.messages.find((t) => t.role === 'tool' && t.tool_call_id === call.id);
      const content = record ? record.result : parseOr(toolMessage?.content ?? '', toolMessage?.content ?? '');
      const status: PerturbationStatus = record?.perturbationStatus ?? (event?.injected ? 'perturbed' : 'clean');
      messages.push({ role: 'tool', name: call.function.name, call_id: id, content, metadata: { perturbation_status: status } });
    }
  }
  const input = transcript.usage.promptTokens;
  const output = transcript.usage.completionTokens;
  return {
    task_id: traceTaskId(task),
    mode: task.mode,
    model,
    tokens: { input_tokens: input, output_tokens: output, total_tokens: input + output },
    messages,
  };
}

/** The raw `task_id` ToolMaze wrote; for fixture tasks, the base id (as the cross-check exports them). */
export function traceTaskId(task: Task): string {
  const raw = task.raw;
  return isJsonObject(raw) && typeof raw.task_id === 'string' ? raw.task_id : task.baseId;
}

/**
 * Writes `<outDir>/<model>/fc/c1/inferences/<id>.json` with `indent=2` in Python's spelling. ToolMaze's own
 * naming is not known; a `/` in the model name becomes `_` so that one model is one directory.
 */
export function writeToolMazeTrace(outDir: string, model: string, task: Task, trace: ToolMazeTrace): string {
  const path = join(outDir, model.replaceAll('/', '_'), 'fc', task.complexity.toLowerCase(), 'inferences', `${task.id}.json`);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${pythonJsonDumps(trace, { indent: 2 })}\n`);
  return path;
}
