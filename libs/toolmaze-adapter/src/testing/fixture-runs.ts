import { ScriptedModel, type ClientPlugin, type ScriptedTurn, type Transcript } from '@recovery-bench/harness';
import { prepareToolmaze, toolmazeBenchmark, type ToolmazeOptionsInput, type ToolmazeSample } from '../benchmark.ts';
import { judgeC1, type C1Verdict } from '../judge.ts';
import { runMetrics, type RunMetrics } from '../metrics.ts';
import { toToolMazeTrace, type ToolMazeTrace } from '../trace.ts';

/** Test helpers: drive the real benchmark (fixture executor, agent loop) with a scripted model. */

let cache: Promise<ToolmazeSample[]> | undefined;

/** The fixture suite's samples, with model retries that do not wait. */
export function fixtureSamples(options: ToolmazeOptionsInput = {}): Promise<ToolmazeSample[]> {
  if (Object.keys(options).length > 0) return prepareToolmaze({ retry: { attempts: 5, baseDelayMs: 0 }, ...options }).then((p) => p.samples);
  cache ??= prepareToolmaze({ retry: { attempts: 5, baseDelayMs: 0 } }).then((p) => p.samples);
  return cache;
}

export async function fixtureSample(id: string, options: ToolmazeOptionsInput = {}): Promise<ToolmazeSample> {
  const sample = (await fixtureSamples(options)).find((s) => s.id === id);
  if (!sample) throw new Error(`no fixture task ${id}`);
  return sample;
}

export interface DrivenRun {
  sample: ToolmazeSample;
  model: ScriptedModel;
  transcript: Transcript;
  trace: ToolMazeTrace;
  verdict: C1Verdict;
  metrics: RunMetrics;
}

export async function drive(sample: ToolmazeSample, turns: readonly ScriptedTurn[], plugins: readonly ClientPlugin[] = []): Promise<DrivenRun> {
  const model = new ScriptedModel(turns, 'scripted-test');
  const transcript = await toolmazeBenchmark.run(sample, { model, plugins, seed: 1 });
  const trace = toToolMazeTrace(sample.task, transcript, model.id);
  const verdict = judgeC1(sample.task, trace);
  return { sample, model, transcript, trace, verdict, metrics: runMetrics(sample.task, trace, verdict.pass) };
}

/** Turns for the FX_001/FX_002 path of spec §10. */
export const T = {
  find: (orderId = 'O-1'): ScriptedTurn => ({ calls: [{ name: 'fx_find_order', arguments: { order_id: orderId } }] }),
  price: (sku = 'A1'): ScriptedTurn => ({ calls: [{ name: 'fx_get_price', arguments: { sku } }] }),
  invoice: (orderId = 'O-1'): ScriptedTurn => ({ calls: [{ name: 'fx_create_invoice', arguments: { order_id: orderId, amount_usd: 20 } }] }),
  answer: (text = 'Invoice INV-1 created.'): ScriptedTurn => ({ answer: text }),
  abort: (): ScriptedTurn => ({ answer: 'Task aborted: the price service keeps failing.' }),
};
