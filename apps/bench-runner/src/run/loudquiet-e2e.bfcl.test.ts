import { describe, expect, it } from 'vitest';
import { runLoudquietE2e } from '../testing/loudquiet-run.ts';

/** Runs only where the real data is configured (LOUDQUIET_GORILLA_DIR and LOUDQUIET_DATA_DIR or LOUDQUIET_BRITTLE_DIR). */
const configured = Boolean(process.env.LOUDQUIET_GORILLA_DIR && (process.env.LOUDQUIET_DATA_DIR || process.env.LOUDQUIET_BRITTLE_DIR));

describe.runIf(configured)('Loud/Quiet end to end on the sim engine (the real 24 tasks, BFCL classes)', () => {
  it('runs 24 tasks × 5 conditions on arms off and proxy-c3 and scores every trial against the reference states', async () => {
    const { result, samples, scores } = await runLoudquietE2e('auto');
    expect(result.manifest.status).toBe('complete');
    expect(samples).toHaveLength(24 * 5 * 2);
    expect(samples.every((s) => !s.error)).toBe(true);
    expect(new Set(samples.map((s) => s.unit))).toHaveLength(24);
    const primary = scores.map((s) => s.scores['loudquiet:state-agreement']!);
    expect(primary.every((p) => p.outcome !== 'error' && p.value >= 0 && p.value <= 1)).toBe(true);
    // The sim model follows each task's ground-truth calls that succeed, so clean trials reach the reference state.
    const clean = scores.filter((s) => s.condition === 'clean').map((s) => s.scores['loudquiet:state-agreement']!.value);
    expect(clean.filter((v) => v === 1).length).toBeGreaterThanOrEqual(40);
  }, 300_000);
});
