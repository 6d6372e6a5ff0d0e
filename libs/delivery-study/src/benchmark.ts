import { selectTasks, type Benchmark, type PreparedBenchmark } from '@recovery-bench/harness';
import { DELIVERY_VERSION, defaultStimuliDir, type DeliveryConfig } from './config.ts';
import { runEpisode } from './episode.ts';
import { checkStimuli, SIM_SCRIPTS_DIR, writeStimuli } from './files.ts';
import { decisionScorer, episodeScorer, type DeliveryTask } from './scorers.ts';
import { failurePoints, realStimuli } from './real-histories.ts';
import { generateStimuli } from './stimuli.ts';
import { join } from 'node:path';

/** The forms of the real-history component (appendix C.2: C0–C3). */
const REAL_FORMS = ['C0', 'C1', 'C2', 'C3'] as const;

/** The study's tasks for a config: every kept scenario × kind × form, then the real-history items (decision step). */
export function deliveryTasks(config: DeliveryConfig): DeliveryTask[] {
  const tasks: DeliveryTask[] = [];
  for (const stimulus of generateStimuli(config.seed, config.stimuli)) {
    if (!config.kinds.includes(stimulus.kind)) continue;
    for (const form of config.forms) tasks.push({ id: `${stimulus.id}-${form}`, unit: stimulus.scenario, condition: form, stimulus, mode: config.mode });
  }
  const synthetic = selectTasks(tasks, { ids: config.tasks, limit: config.limit });
  if (!config.realHistories) return synthetic;
  const real = realStimuli(failurePoints(config.realHistories.from)).filter((st) => config.kinds.includes(st.kind));
  const forms = REAL_FORMS.filter((f) => config.forms.includes(f));
  return [...synthetic, ...real.flatMap((stimulus) => forms.map((form): DeliveryTask => ({ id: `${stimulus.id}-${form}`, unit: stimulus.scenario, condition: form, stimulus, mode: 'decision' })))];
}

export function deliveryBenchmark(mode: DeliveryConfig['mode']): Benchmark<DeliveryTask> {
  return {
    id: 'delivery',
    version: DELIVERY_VERSION,
    run: (task, ctx) => runEpisode({ stimulus: task.stimulus, form: task.condition, model: ctx.model, mode: task.mode, signal: ctx.signal }),
    scorers: mode === 'episode' ? [decisionScorer, episodeScorer] : [decisionScorer],
  };
}

export async function prepareDelivery(config: DeliveryConfig): Promise<PreparedBenchmark<DeliveryTask>> {
  const stimuli = generateStimuli(config.seed, config.stimuli);
  const dir = config.stimuliDir ?? defaultStimuliDir(config.seed, config.stimuli);
  // A named folder holds frozen stimuli, which must be what this code generates; else they are written afresh.
  const manifest = config.stimuliDir ? checkStimuli(dir, stimuli, config.seed, config.forms) : undefined;
  if (!manifest) writeStimuli(dir, stimuli, config.seed, config.forms);
  const sha = (manifest ?? checkStimuli(dir, stimuli, config.seed, config.forms)).sha256;
  return {
    benchmark: deliveryBenchmark(config.mode),
    tasks: deliveryTasks(config),
    source: { kind: 'built-in', label: `delivery-study ${config.stimuli} stimuli generated from seed ${config.seed} in ${dir} (stimuli.jsonl SHA-256 ${sha['stimuli.jsonl']?.slice(0, 12) ?? 'unknown'})` },
    manifest: { seed: config.seed, set: config.stimuli, stimuliDir: dir, mode: config.mode, forms: config.forms, kinds: config.kinds, sha256: sha },
    warnings: [],
    simScriptsDir: join(dir, SIM_SCRIPTS_DIR),
  };
}
