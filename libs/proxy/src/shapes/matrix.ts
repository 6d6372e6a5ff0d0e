import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RuleSetName } from '@recovery-bench/toolerror-core';
import { isRecord } from '../error-body.ts';
import { parseCallRecords, type CallRecord } from '../record-format.ts';
import { startProxy, type ProxyHandle } from '../server.ts';
import type { SurfaceId } from '../surfaces/table.ts';
import { loadAgentShapes, type AgentShape } from './agent-shapes.ts';

/**
 * One cell of the error-flag fidelity matrix: an agent's recorded failed turn, streamed or not, sent through the
 * proxy twice, with the layer in the proxy (form c3) and with the engine's own layer (GeulPU: `is_error` and
 * `geulpu_tool_errors` forwarded, nothing rewritten).
 */
export interface MatrixCell {
  agent: string;
  version: string;
  mode: AgentShape['mode'];
  surface: SurfaceId;
  stream: boolean;
  /** The client marks the failed result itself (`is_error: true`); false where its API or habit has no flag. */
  clientFlag: boolean;
  /**
   * The flag was added to the agent's request (the `is_error` extension the proxy reads on Chat Completions and
   * Responses, which a client hook or a gateway sets): the flag's path on a surface whose agents send none.
   */
  flagAdded: boolean;
  /** What the layer's detector made of the failed result at the decision step, or null when it missed it. */
  detected: { kind: string; rule: string } | null;
  /** With the engine's own layer: the flag is on the tool message the engine gets (null: the client sent none). */
  flagForwarded: boolean | null;
  /** With the proxy's layer (c3): the engine gets the runtime note after the failed exchange. */
  rewritten: boolean;
  /** The proxy's answers, c3 and engine layer. */
  statuses: [number, number];
}

/** A cell holds when both answers are 200, the detector saw the failure, the rewrite arrived and a client's flag went on. */
export const cellHolds = (c: MatrixCell): boolean => c.statuses.every((s) => s === 200) && c.detected !== null && c.rewritten && c.flagForwarded !== false;

const NOTE = 'Note from the tool runtime:';

interface MatrixProxies {
  dir: string;
  proxies: Map<string, { proxy: ProxyHandle; records: string }>;
}

async function startProxies(upstreamUrl: string, rules: readonly RuleSetName[]): Promise<MatrixProxies> {
  const dir = await mkdtemp(join(tmpdir(), 'proxy-matrix-'));
  const proxies = new Map<string, { proxy: ProxyHandle; records: string }>();
  for (const rule of rules) {
    for (const engineLayer of [false, true]) {
      const records = join(dir, `${rule}-${engineLayer ? 'engine' : 'c3'}.jsonl`);
      const proxy = await startProxy({ upstream: { url: upstreamUrl }, layer: { form: 'c3', rules: rule, engineLayer }, records: { path: records } });
      proxies.set(`${rule}/${engineLayer}`, { proxy, records });
    }
  }
  return { dir, proxies };
}

/**
 * Sends every recorded agent shape's failed turn through the proxy, streamed and not, with each layer, to the
 * engine at `upstreamUrl` (the sim engine, or any engine), and reads from the proxy's records what reached the
 * detector and what the engine got.
 */
export async function fidelityMatrix(options: { upstreamUrl: string; shapes?: readonly AgentShape[] }): Promise<MatrixCell[]> {
  const shapes = options.shapes ?? loadAgentShapes();
  const started = await startProxies(options.upstreamUrl, [...new Set(shapes.map((s) => s.rules))]);
  try {
    const cells: MatrixCell[] = [];
    for (const shape of shapes) {
      const turn = shape.requests.find((r) => r.failedTool);
      if (!turn) continue;
      for (const flagAdded of failedToolResultFlag(shape.surface, turn.body) ? [false] : [false, true]) {
        for (const stream of [false, true]) cells.push(await measure(started, shape, turn, stream, flagAdded));
      }
    }
    return cells;
  } finally {
    for (const { proxy } of started.proxies.values()) await proxy.close(1_000);
    await rm(started.dir, { recursive: true, force: true });
  }
}

async function measure(started: MatrixProxies, shape: AgentShape, turn: AgentShape['requests'][number], stream: boolean, flagAdded: boolean): Promise<MatrixCell> {
  const body: Record<string, unknown> = { ...(flagAdded ? withFailureFlag(shape.surface, turn.body) : turn.body), stream };
  if (shape.surface === 'chat' && !stream) delete body.stream_options;
  const runId = `${shape.agent}-${shape.mode}-${stream ? 'stream' : 'once'}${flagAdded ? '-flag' : ''}`;
  const [c3, engine] = await Promise.all([false, true].map((engineLayer) => send(started, shape, runId, turn.route, body, engineLayer)));
  const decision = c3!.record?.detections.find((d) => d.scope === 'decision');
  const clientFlag = failedToolResultFlag(shape.surface, body);
  return {
    agent: shape.agent, version: shape.version, mode: shape.mode, surface: shape.surface, stream, clientFlag, flagAdded,
    detected: decision ? { kind: decision.kind, rule: decision.rule } : null,
    flagForwarded: clientFlag ? lastToolMessage(engine!.record)?.is_error === true : null,
    rewritten: forwardedMessages(c3!.record).some((m) => m.role === 'user' && String(m.content).includes(NOTE)),
    statuses: [c3!.status, engine!.status],
  };
}

async function send(started: MatrixProxies, shape: AgentShape, runId: string, route: string, body: Record<string, unknown>, engineLayer: boolean): Promise<{ status: number; record: CallRecord | undefined }> {
  const { proxy, records } = started.proxies.get(`${shape.rules}/${engineLayer}`)!;
  const answer = await fetch(`${proxy.url}/runs/${runId}${route}`, { method: 'POST', headers: { 'content-type': 'application/json', 'user-agent': shape.userAgent }, body: JSON.stringify(body) });
  await answer.arrayBuffer();
  await proxy.flushRecords();
  const record = parseCallRecords(await readFile(records, 'utf8')).filter((r) => r.runId === runId).at(-1);
  return { status: answer.status, record };
}

function forwardedMessages(record: CallRecord | undefined): Record<string, unknown>[] {
  const forwarded = record?.forwarded;
  return isRecord(forwarded) && Array.isArray(forwarded.messages) ? forwarded.messages.filter(isRecord) : [];
}

function lastToolMessage(record: CallRecord | undefined): Record<string, unknown> | undefined {
  return forwardedMessages(record).findLast((m) => m.role === 'tool');
}

/** The last tool result of a request, in its surface's shape (a message, a block or an item). */
function lastToolResult(surface: SurfaceId, body: Record<string, unknown>): Record<string, unknown> | undefined {
  if (surface === 'anthropic') {
    const blocks = (Array.isArray(body.messages) ? body.messages : []).filter(isRecord).flatMap((m) => (Array.isArray(m.content) ? m.content.filter(isRecord) : []));
    return blocks.findLast((b) => b.type === 'tool_result');
  }
  if (surface === 'responses') return (Array.isArray(body.input) ? body.input : []).filter(isRecord).findLast((i) => i.type === 'function_call_output');
  return (Array.isArray(body.messages) ? body.messages : []).filter(isRecord).findLast((m) => m.role === 'tool');
}

/** Whether the client's own request marks its last tool result as failed. */
function failedToolResultFlag(surface: SurfaceId, body: Record<string, unknown>): boolean {
  return lastToolResult(surface, body)?.is_error === true;
}

/** A copy of the request whose last tool result carries `is_error: true`. */
function withFailureFlag(surface: SurfaceId, body: Record<string, unknown>): Record<string, unknown> {
  const copy = structuredClone(body);
  const result = lastToolResult(surface, copy);
  if (result) result.is_error = true;
  return copy;
}

const mark = (value: boolean | null, none = 'n/a') => (value === null ? none : value ? 'yes' : 'NO');

/** The matrix as a terminal table. */
export function matrixTable(cells: readonly MatrixCell[]): string {
  const header = ['agent', 'mode', 'surface', 'stream', 'client flag', 'detector (c3)', 'engine layer gets the flag', 'c3 rewrite reaches the engine', 'answers', 'holds'];
  const rows = cells.map((c) => [
    `${c.agent} ${c.version}`, c.mode, c.surface, c.stream ? 'yes' : 'no', c.clientFlag ? (c.flagAdded ? 'is_error (added)' : 'is_error') : 'none',
    c.detected ? `${c.detected.kind} (${c.detected.rule})` : 'MISSED', mark(c.flagForwarded, 'n/a (no flag sent)'), mark(c.rewritten), c.statuses.join('/'), cellHolds(c) ? 'yes' : 'NO',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: readonly string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ').trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}
