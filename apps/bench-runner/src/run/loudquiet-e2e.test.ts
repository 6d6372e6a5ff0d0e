import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../report/render.ts';
import { loadRun, summarize } from '../report/summarize.ts';
import { runLoudquietE2e } from '../testing/loudquiet-run.ts';

describe('Loud/Quiet end to end on the sim engine (fixture suite)', () => {
  it('runs every fixture task under the five conditions on arms off and proxy-c3, records and scores them', async () => {
    const { result, samples, scores } = await runLoudquietE2e('fixture');
    expect(result.manifest.status).toBe('complete');
    expect(samples).toHaveLength(5 * 5 * 2);
    expect(samples.every((s) => !s.error)).toBe(true);
    expect(new Set(samples.map((s) => s.condition))).toEqual(new Set(['clean', 'timeout', 'silent_corruption', 'schema_drift', 'missing_tool']));
    // Every transcript carries the harness's trajectory record, and the scores read it.
    for (const s of samples) expect((s.transcript as unknown as { loudquiet: { record: string } }).loudquiet.record).toMatch(/^\{"trial_id": "[^"|]+\|[a-z_]+\|(late|na)\|off\|F00\d\|s0", "model": /);
    const primary = scores.map((s) => s.scores['loudquiet:state-agreement']!);
    expect(primary.every((p) => p.value >= 0 && p.value <= 1 && p.outcome !== 'error')).toBe(true);
    // The sim model follows the ground-truth path, so on clean trials it reaches the reference state.
    const clean = scores.filter((s) => s.condition === 'clean').map((s) => s.scores['loudquiet:state-agreement']!.value);
    expect(clean.every((v) => v === 1)).toBe(true);
    // Fired missing-tool trials say whether the run stopped calling the hidden tool (H3.4).
    const missing = scores.filter((s) => s.condition === 'missing_tool' && s.scores['loudquiet:state-agreement']!.details?.fault_fired === true);
    expect(missing.length).toBeGreaterThan(0);
    expect(missing.every((s) => typeof s.scores['loudquiet:state-agreement']!.stopped === 'boolean')).toBe(true);
    // The proxy saw the c3 arm's calls.
    const calls = readFileSync(join(result.dir, 'calls.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(new Set(calls.map((c) => c.runId))).toEqual(new Set(['off', 'c3']));

    // Victim faults the model never triggered are scored but left out of the analysis, as in the paper.
    const unfired = scores.filter((s) => s.scores['loudquiet:state-agreement']!.excluded === 'loudquiet:fault-not-fired');
    expect(unfired.every((s) => s.condition === 'schema_drift' || s.condition === 'missing_tool')).toBe(true);
    const run = loadRun(result.dir);
    expect(run.samples.length + (run.excluded ?? 0)).toBe(samples.length);
    expect(run.excluded).toBe(unfired.length);
    const md = renderMarkdown(summarize([run], { resamples: 200 }));
    expect(md).toContain('## State agreement');
    expect(md).toContain('| loudquiet | qwen3-8b | clean | off | 100.0% [100.0%, 100.0%] | 5 | 0 |');
    expect(md).toContain('## Missing tool (H3.4)');
    expect(md).toMatch(/^# loudquiet \(5 fixture tasks\): loudquiet-e2e-fixture \(simulated/);
  }, 120_000);
});
