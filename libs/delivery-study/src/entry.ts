import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { BenchmarkEntry } from '@recovery-bench/harness';
import { DELIVERY_VERSION, DeliveryConfigSchema, type DeliveryConfig, defaultStimuliDir } from './config.ts';
import { DELIVERY_FORMS } from './forms.ts';
import { DELIVERY_PRESETS } from './presets.ts';
import type { DeliveryTask } from './scorers.ts';
import { deliveryBenchmarkReport } from './report.ts';

/**
 * The delivery study (the paper's Studies 1 and 2): the same failed call delivered in six forms, the next action
 * scored. Generation and the run load when a run needs them; its report (table 6, the registered analyses of
 * libs/analysis's `delivery` preset, the form to ship) is built from its scored samples.
 */
export const deliveryEntry: BenchmarkEntry<DeliveryConfig, DeliveryTask> = {
  id: 'delivery',
  version: DELIVERY_VERSION,
  summary: 'the delivery study: one failed call in six forms (C0, C1, A2B1, C2, C3, C4), the next action scored',
  configSchema: DeliveryConfigSchema,
  async prepare(config) {
    const { prepareDelivery } = await import('./benchmark.ts');
    return prepareDelivery(config);
  },
  async stimuli(config) {
    const { generateStimuli } = await import('./stimuli.ts');
    const { stimuliFiles, writeStimuli } = await import('./files.ts');
    // A named folder holds the study's frozen stimuli: hash them as they are (never rewrite them); else write afresh.
    if (config.stimuliDir && existsSync(join(config.stimuliDir, 'manifest.json'))) return stimuliFiles(config.stimuliDir);
    return writeStimuli(config.stimuliDir ?? defaultStimuliDir(config.seed, config.stimuli), generateStimuli(config.seed, config.stimuli), config.seed, config.forms);
  },
  score: { scorer: 'delivery:decision', label: 'correct next action' },
  unit: 'scenario (its three kinds and six forms resample together)',
  commands: {
    generate: {
      summary: 'write the stimuli (JSONL, tool definitions, sim scripts) and their SHA-256 manifest: `delivery generate --out DIR [--seed N]`',
      run: async (args) => (await import('./cli.ts')).runGenerateCommand(args),
    },
    cost: {
      summary: "S6: prompt tokens recomputed at the decision step per form, with an engine's /tokenize or the approximation",
      run: async (args) => (await import('./cli.ts')).runCostCommand(args),
    },
    plan: {
      summary: 'how many scenarios a study needs to detect one form beating another at a given power (simulated with a sim profile)',
      run: async (args, ctx) => (await import('./plan-command.ts')).runPlanCommand(args, ctx),
    },
  },
  presets: DELIVERY_PRESETS,
  report: (input) => deliveryBenchmarkReport(input),
  conditions: {
    explicit: [...DELIVERY_FORMS],
    control: [],
    transient: [],
    missingTool: null,
    invalid: {
      e1: 'E1 on the delivery study (the study delivers the error itself; a client hook would deliver it twice)',
      e2: 'E2 on the delivery study (the decision step has no tool layer to retry in)',
    },
  },
};
