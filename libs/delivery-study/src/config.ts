/** The `benchmarks.delivery` section of a run config, the study's version and where stimuli go by default. */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { DELIVERY_FORMS } from './forms.ts';
import { DEFAULT_STIMULUS_SEED, KINDS } from './stimuli.ts';
import { STIMULUS_SETS, type StimulusSet } from './tools.ts';

export const DELIVERY_VERSION = '1.0.0';

/** The `benchmarks.delivery` section of a run config. */
export const DeliveryConfigSchema = z.strictObject({
  /** The seed the stimuli (values, keys, text variants) are drawn from. */
  seed: z.number().int().min(0).max(0xffff_ffff).default(DEFAULT_STIMULUS_SEED),
  /** Study 1's scenarios and six tools, or Study 2's fresh scenarios on six other tools (appendix C.2). */
  stimuli: z.enum(STIMULUS_SETS).default('study1'),
  forms: z.array(z.enum(DELIVERY_FORMS)).min(1).default([...DELIVERY_FORMS]),
  kinds: z.array(z.enum(KINDS)).min(1).default([...KINDS]),
  /** `decision`: the next action only (one model call per sample); `episode`: up to five turns with simulated tools. */
  mode: z.enum(['decision', 'episode']).default('decision'),
  /** A folder of frozen stimuli (`recovery-bench delivery generate`); the run checks it matches what it generates. */
  stimuliDir: z.string().min(1).optional(),
  /**
   * H2.2's real histories: coding runs (or their calls.jsonl) that recorded a real Qwen Code's requests with bodies;
   * each of its file reads, shell commands and directory listings becomes a failure point, each kind injected, in
   * the run's forms among C0–C3, at the decision step.
   */
  realHistories: z.strictObject({ from: z.array(z.string().min(1)).min(1) }).optional(),
  /** Task or scenario ids (`S07`, `S07-fixable-C3`). */
  tasks: z.array(z.string()).optional(),
  /** The first N scenarios, each with all its kinds and forms. */
  limit: z.number().int().positive().optional(),
});
export type DeliveryConfig = z.infer<typeof DeliveryConfigSchema>;

/** Where `stimuli()` writes the files when the config names no folder. */
export const defaultStimuliDir = (seed: number, set: StimulusSet = 'study1') => join(tmpdir(), `recovery-bench-delivery-${set === 'study1' ? '' : `${set}-`}${seed}`);
