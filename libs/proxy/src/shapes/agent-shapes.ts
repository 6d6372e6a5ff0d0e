import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { RULE_SETS } from '@recovery-bench/toolerror-core';
import type { CallRecord } from '../record-format.ts';
import { SURFACE_IDS, type SurfaceId } from '../surfaces/table.ts';
import { elide, requestPaths } from './request-shape.ts';

export const AGENT_SHAPE_FORMAT = 'recovery-bench/agent-shape@1';

/** The recorded shapes ship with the library: `src/agent-shapes/` (copied to `dist/agent-shapes/` by the build). */
export const AGENT_SHAPES_DIR = fileURLToPath(new URL('../agent-shapes/', import.meta.url));

/**
 * The requests one agent version sent through the proxy in one session (a task whose tool fails), captured from the
 * real agent by its end-to-end test (`RECORD_AGENT_SHAPES=1`), long texts elided. `pinned` is the testbed driver's
 * settings, `plain` the agent's own defaults as its users run it (`recovery-bench agents exec`).
 */
export const AgentShapeSchema = z.strictObject({
  format: z.literal(AGENT_SHAPE_FORMAT),
  agent: z.string().min(1),
  version: z.string().min(1),
  mode: z.enum(['pinned', 'plain']),
  surface: z.enum(SURFACE_IDS),
  /** The layer's rule set the session ran with (OpenCode's and Kilo's bare shell output needs `extended`). */
  rules: z.enum(RULE_SETS),
  userAgent: z.string(),
  /** The requests of distinct shape, in the order sent; `failedTool` marks the turn the layer rewrote. */
  requests: z.array(z.strictObject({ route: z.string(), failedTool: z.boolean(), body: z.record(z.string(), z.unknown()) })).min(1),
});
export type AgentShape = z.infer<typeof AgentShapeSchema>;

export const agentShapeFile = (shape: Pick<AgentShape, 'agent' | 'version' | 'mode'>): string => `${shape.agent}@${shape.version}.${shape.mode}.json`;

/**
 * An agent's session as a shape: every request the proxy recorded whose field paths are new in the session, and the
 * turn the layer rewrote (the one with the failed tool result), each elided.
 */
export function shapeOfSession(session: Omit<AgentShape, 'format' | 'requests' | 'surface' | 'userAgent'>, records: readonly CallRecord[]): AgentShape {
  const first = records[0];
  if (first === undefined) throw new Error(`no request of ${session.agent} was recorded`);
  const seen = new Set<string>();
  const requests: AgentShape['requests'] = [];
  for (const record of records) {
    if (!isBody(record.request)) continue;
    const failedTool = record.layer.changed && record.detections.some((d) => d.scope === 'decision');
    const signature = requestPaths(record.request).join('\n');
    if (!failedTool && seen.has(signature)) continue;
    seen.add(signature);
    requests.push({ route: record.route.replace(/^\/runs\/[^/]+/, ''), failedTool, body: elide(record.request) as Record<string, unknown> });
  }
  return { format: AGENT_SHAPE_FORMAT, ...session, surface: first.surface as SurfaceId, userAgent: first.userAgent ?? '', requests };
}

function isBody(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Every recorded shape in `dir`, checked; a file that is not one is an error naming it. */
export function loadAgentShapes(dir: string = AGENT_SHAPES_DIR): AgentShape[] {
  return readdirSync(dir).filter((f) => f.endsWith('.json')).sort().map((file) => {
    const parsed = AgentShapeSchema.safeParse(JSON.parse(readFileSync(join(dir, file), 'utf8')));
    if (!parsed.success) throw new Error(`${join(dir, file)} is not an agent shape: ${z.prettifyError(parsed.error)}`);
    return parsed.data;
  });
}

/** The field paths of every request of a shape. */
export function shapePaths(shape: AgentShape): string[] {
  return [...new Set(shape.requests.flatMap((r) => requestPaths(r.body)))].sort();
}
