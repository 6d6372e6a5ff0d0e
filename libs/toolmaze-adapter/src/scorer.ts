import type { Score, Scorer, Transcript } from '@recovery-bench/harness';
import type { ToolmazeSample } from './sample.ts';
import { assertC1 } from './errors.ts';
import { ADAPTER_VERSION } from './identity.ts';
import { judgeC1 } from './judge.ts';
import { runMetrics } from './metrics.ts';
import { toToolMazeTrace } from './trace.ts';

/**
 * ToolMaze's C1 judge as a scorer: pass/fail with the first failed rule as the reason code (all codes, the
 * judgement and the run's metrics row in details). A run that ended on a model or engine error is `error`:
 * the engine broke, not the model.
 */
export const c1JudgeScorer: Scorer<ToolmazeSample> = {
  id: 'toolmaze:c1-judge',
  // The judge's rules and the metrics row follow the adapter's version.
  version: ADAPTER_VERSION,
  score(sample: ToolmazeSample, transcript: Transcript): Score {
    assertC1(sample.task.complexity);
    if (transcript.end === 'model-error') {
      return { value: 0, outcome: 'error', reason: 'toolmaze:model-error', details: { message: transcript.finalAnswer } };
    }
    const trace = toToolMazeTrace(sample.task, transcript, 'scored');
    const verdict = judgeC1(sample.task, trace);
    const metrics = runMetrics(sample.task, trace, verdict.pass);
    const details = { failure_reason: verdict.failure_reason, reasonCodes: verdict.reasonCodes, trace_check: verdict.trace_check, metrics };
    if (verdict.pass) return { value: 1, outcome: 'pass', details };
    return { value: 0, outcome: 'fail', reason: verdict.reasonCodes[0] ?? 'toolmaze:fail', details };
  },
};
