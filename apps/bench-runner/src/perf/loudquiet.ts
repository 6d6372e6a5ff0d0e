/**
 * `npm run bench:loudquiet -w @recovery-bench/bench-runner`: the wall time of the whole Loud/Quiet suite (every task
 * × 5 conditions × 4 systems: off, proxy-c3, e1, e2; one model) on the sim engine, run in-process from prepare
 * to scores, with the per-trial time of the self-authored fixture suite in the same run as the baseline. The real
 * suite is measured when LOUDQUIET_GORILLA_DIR and LOUDQUIET_DATA_DIR (or LOUDQUIET_BRITTLE_DIR) are set; the
 * budget is 90 s for 24 × 5 × 4 trials.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseRunConfig } from '../config/load.ts';
import { executeRun } from '../run/runner.ts';
import { REPO_ROOT } from '../testing/run-cli.ts';

const BUDGET_S = 90;

async function timedRun(name: string, source: 'fixture' | 'auto'): Promise<{ trials: number; seconds: number }> {
  const config = parseRunConfig({
    version: 1, name,
    engines: { sim: { kind: 'sim' } },
    models: { 'qwen3-8b': { simProfile: 'paper/qwen3-8b' } },
    systems: [
      { id: 'off', engine: 'sim', arm: 'off' }, { id: 'proxy-c3', engine: 'sim', arm: 'proxy-c3' },
      { id: 'e1', engine: 'sim', arm: 'e1' }, { id: 'e2', engine: 'sim', arm: 'e2' },
    ],
    benchmarks: { loudquiet: { source } },
    seeds: [0],
    concurrency: { perEngine: 8 },
  }, name);
  const started = performance.now();
  const result = await executeRun({
    benchmark: 'loudquiet', config, outDir: mkdtempSync(join(tmpdir(), 'rb-lq-perf-')), repoRoot: REPO_ROOT,
    progressOut: { write: () => true, isTTY: false } as unknown as NodeJS.WriteStream, log: () => undefined,
  });
  if (result.manifest.status !== 'complete') throw new Error(`${name}: the run ended ${result.manifest.status}`);
  return { trials: result.ran, seconds: (performance.now() - started) / 1000 };
}

const real = Boolean(process.env.LOUDQUIET_GORILLA_DIR && (process.env.LOUDQUIET_DATA_DIR || process.env.LOUDQUIET_BRITTLE_DIR));
const fixture = await timedRun('perf-fixture', 'fixture');
const line = (label: string, r: { trials: number; seconds: number }) => `${label}: ${r.trials} trials in ${r.seconds.toFixed(1)} s (${((r.seconds / r.trials) * 1000).toFixed(0)} ms per trial)`;
console.log(line('fixture suite (baseline)', fixture));
if (real) {
  const full = await timedRun('perf-real', 'auto');
  console.log(line('real suite', full));
  console.log(`per-trial ratio real/fixture: ${((full.seconds / full.trials) / (fixture.seconds / fixture.trials)).toFixed(2)}`);
  console.log(`real suite vs the ${BUDGET_S} s budget: ${(full.seconds / BUDGET_S).toFixed(2)} (${full.seconds <= BUDGET_S ? 'within' : 'over'})`);
} else {
  console.log('real suite: not configured (set LOUDQUIET_GORILLA_DIR and LOUDQUIET_DATA_DIR)');
}
