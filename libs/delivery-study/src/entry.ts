import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BenchmarkEntry } from '@recovery-bench/harness';
import { z } from 'zod';
import { DELIVERY_FORMS } from './forms.ts';
import { DELIVERY_PRESETS } from './presets.ts';
import type { DeliveryTask } from './scorers.ts';
import { deliveryBenchmarkReport } from './report.ts';
import { DEFAULT_STIMULUS_SEED, KINDS } from './stimuli.ts';

export const DELIVERY_VERSION = '1.0.0';

/** The `benchmarks.delivery` section of a run config. */
export const DeliveryConfigSchema = z.strictObject({
  /** The seed the stimuli (values, keys, text variants) are drawn from. */
  seed: z.number().int().min(0).max(0xffff_ffff).default(DEFAULT_STIMULUS_SEED),
  forms: z.array(z.enum(DELIVERY_FORMS)).min(1).default([...DELIVERY_FORMS]),
  kinds: z.array(z.enum(KINDS)).min(1).default([...KINDS]),
  /** `decision`: the next action only (one model call per sample); `episode`: up to five turns with simulated tools. */
  mode: z.enum(['decision', 'episode']).default('decision'),
  /** A folder of frozen stimuli (`recovery-bench delivery generate`); the run checks it matches what it generates. */
  stimuliDir: z.string().min(1).optional(),
  /** Task or scenario ids (`S07`, `S07-fixable-C3`). */
  tasks: z.array(z.string()).optional(),
  /** The first N scenarios, each with all its kinds and forms. */
  limit: z.number().int().positive().optional(),
});
export type DeliveryConfig = z.infer<typeof DeliveryConfigSchema>;

/** Where `stimuli()` writes the files when the config names no folder. */
export const defaultStimuliDir = (seed: number) => join(tmpdir(), `recovery-bench-delivery-${seed}`);

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
    return writeStimuli(config.stimuliDir ?? defaultStimuliDir(config.seed), generateStimuli(config.seed), config.seed, config.forms);
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
