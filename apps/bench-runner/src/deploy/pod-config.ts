import { parseDocument } from 'yaml';
import { parseRunConfig } from '../config/load.ts';
import type { RunConfig } from '../config/schema.ts';
import type { Sidecar } from './sidecars.ts';

/**
 * The config the runner reads in the pod: the user's text, with each Docker engine that has sidecars turned into an
 * `external` engine of the same family whose `urls` name each model's sidecar. Everything else (system ids, models,
 * benchmarks, comments) stays as written, so the run's samples are keyed as a local run's are. Checked with the
 * runner's own parser before it is written anywhere.
 */
export function podConfig(original: { text: string; path: string; config: RunConfig; tier?: string }, sidecars: readonly Sidecar[]): { text: string; config: RunConfig } {
  const doc = parseDocument(original.text, { uniqueKeys: true });
  // With a tier, the models of other tiers leave the config (as `run --tier` leaves them out of the plan).
  const dropped = Object.keys((doc.toJS() as { models?: Record<string, unknown> }).models ?? {}).filter((m) => !Object.hasOwn(original.config.models, m));
  if (sidecars.length === 0 && dropped.length === 0) return { text: original.text, config: original.config };
  for (const model of dropped) doc.deleteIn(['models', model]);
  if (dropped.length > 0) doc.commentBefore = ` Written by recovery-bench deploy k8s from ${original.path} for tier ${original.tier}: the models of other tiers (${dropped.join(', ')}) are left out.${doc.commentBefore ? `\n${doc.commentBefore}` : ''}`;
  const engines = groupByEngine(sidecars);
  for (const [engine, servers] of engines) {
    const urls = Object.fromEntries(servers.map((s) => [s.model, s.url]));
    doc.setIn(['engines', engine], doc.createNode({ kind: 'external', engine: servers[0]!.family, urls }));
  }
  if (engines.size > 0) {
    const note = ` Written by recovery-bench deploy k8s from ${original.path}: its docker engines (${[...engines.keys()].join(', ')}) run as\n sidecars of each pod, one per model, which the runner reaches at these urls.`;
    doc.commentBefore = doc.commentBefore ? `${note}\n${doc.commentBefore}` : note;
  }
  const text = doc.toString({ lineWidth: 0 });
  return { text, config: parseRunConfig(parseDocument(text).toJS(), `the pod's config (from ${original.path})`) };
}

function groupByEngine(sidecars: readonly Sidecar[]): Map<string, Sidecar[]> {
  const groups = new Map<string, Sidecar[]>();
  for (const s of sidecars) groups.set(s.engine, [...(groups.get(s.engine) ?? []), s]);
  return groups;
}
