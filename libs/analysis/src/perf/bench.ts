/**
 * The report's budget: 10,000 samples × 20 contrasts × 10,000 resamples in under 5 s on a 2-core machine.
 * Run with `npx tsx libs/analysis/src/perf/bench.ts` (or `npm run bench:perf -w @recovery-bench/analysis`).
 */
import type { ContrastSpec } from '../contrast-spec.ts';
import { evaluateContrasts } from '../contrasts.ts';
import { scopeOf } from '../plans/plan.ts';
import { study3 } from '../plans/study3.ts';
import { indexSamples, type Sample } from '../samples.ts';
import { SYNTHETIC_ROLES, syntheticStudy3 } from '../testing/synthetic.ts';

const BUDGET_MS = 5_000;
const SAMPLES = 10_000;
const RESAMPLES = 10_000;

function measure(label: string, samples: readonly Sample[], specs: readonly ContrastSpec[]): void {
  const run = () => {
    const start = performance.now();
    const evaluation = evaluateContrasts(indexSamples(samples), specs, { resamples: RESAMPLES, seed: 1 });
    return { ms: performance.now() - start, tasks: evaluation.contrasts.reduce((n, c) => n + c.nTasks, 0) };
  };
  const first = run();
  const times = [first.ms, run().ms, run().ms];
  console.log(`${label}: ${samples.length} samples × ${specs.length} contrasts (${first.tasks} paired tasks in all) × ${RESAMPLES} resamples`);
  console.log(`  first run ${first.ms.toFixed(0)} ms, best of ${times.length} ${Math.min(...times).toFixed(0)} ms; budget ${BUDGET_MS} ms: ${first.ms < BUDGET_MS ? 'within' : 'OVER'}`);
}

const samples = syntheticStudy3().slice(0, SAMPLES);
measure('study3 plan', samples, study3.contrasts(scopeOf(samples, SYNTHETIC_ROLES)));

// The heavy end: every contrast pools both benchmarks, so each resample draws all ~124 tasks.
const systems = ['G-on', 'G-off', 'L', 'V', 'S', 'E1', 'E2'];
const pooled: ContrastSpec[] = [];
for (const a of systems) for (const b of systems) if (a !== b && pooled.length < 20) pooled.push({ name: `${a} - ${b}`, a, b, filter: {}, test: 'one-sided' });
measure('pooled contrasts', syntheticStudy3(), pooled);
