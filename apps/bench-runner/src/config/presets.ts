import type { BenchmarkEntry, RunPreset } from '@recovery-bench/harness';
import { BenchError } from '@recovery-bench/harness/errors';
import { suggestName } from '@recovery-bench/harness/cli';
import { benchmarkEntries } from '../benchmarks.ts';
import type { RunConfigInput } from './schema.ts';
import { STUDY3_BASE, type PresetBase } from './study3.ts';

/** The sim engine alone: the base of the demo and of the benchmarks' presets that need no GPU. */
const SIM_BASE: PresetBase = { engines: { sim: { kind: 'sim' } }, seeds: [0] };

const BASES: Readonly<Record<RunPreset['base'], PresetBase>> = { sim: SIM_BASE, study3: STUDY3_BASE };

/** A preset as `list presets` shows it and `presetConfig` builds it. */
export interface PresetListing {
  id: string;
  description: string;
  /** The benchmark whose preset it is; absent for the suite's shared ones. */
  benchmark?: string;
  config(): RunConfigInput;
}

/** Each benchmark's section in a shared preset, where it takes part (`default`: every one but those that opt out). */
function sectionsOf(entries: readonly BenchmarkEntry[], preset: 'default' | 'study3'): Record<string, Readonly<Record<string, unknown>>> {
  const out: Record<string, Readonly<Record<string, unknown>>> = {};
  for (const entry of entries) {
    const section = entry.presetSections?.[preset];
    if (preset === 'default' && section !== false) out[entry.id] = section ?? {};
    if (preset === 'study3' && section !== undefined && section !== false) out[entry.id] = section;
  }
  return out;
}

/**
 * The built-in demo: every benchmark's built-in tasks (its defaults; a benchmark that needs programs installed stays
 * out) on the sim engine with two paper profiles, arms off, proxy-c3, e1 and e2, and the layer's own comparisons
 * derived from each benchmark's condition roles (libs/analysis's `layer` preset). Every number it produces is
 * simulated, and the report says so.
 */
function defaultPreset(entries: readonly BenchmarkEntry[]): RunConfigInput {
  return {
    version: 1,
    name: 'default',
    description: 'Built-in demo: the benchmarks\' built-in tasks on the sim engine (simulated numbers)',
    ...SIM_BASE,
    models: {
      'qwen3-8b': { simProfile: 'paper/qwen3-8b' },
      'llama-3.1-8b': { simProfile: 'paper/llama-3.1-8b' },
    },
    systems: [
      { id: 'off', engine: 'sim', arm: 'off' },
      { id: 'proxy-c3', engine: 'sim', arm: 'proxy-c3' },
      { id: 'e1', engine: 'sim', arm: 'e1' },
      { id: 'e2', engine: 'sim', arm: 'e2' },
    ],
    benchmarks: sectionsOf(entries, 'default'),
    concurrency: { perEngine: 8 },
    analysis: { plans: ['layer'] },
  } as RunConfigInput;
}

/**
 * The paper's Study 3, layer 1 (both tiers) on the benchmarks it ran, each with its own section (its real tasks, the
 * paper's conditions and seeds, and what of them the large tier runs). It measures the paper's inputs, so a benchmark
 * with only its fixture suite stops the run (`--allow-fixtures` runs it anyway); the contrasts are libs/analysis's
 * `study3` preset (table 7), read per tier and benchmark.
 */
function study3Preset(entries: readonly BenchmarkEntry[]): RunConfigInput {
  return { version: 1, name: 'study3', ...STUDY3_BASE, benchmarks: sectionsOf(entries, 'study3'), requireRealTasks: true, analysis: { plans: ['study3'] } } as RunConfigInput;
}

/** A benchmark's own preset as a run config: its base, its settings over it, its section. */
function entryPreset(entry: BenchmarkEntry, name: string, preset: RunPreset): RunConfigInput {
  return { version: 1, name, ...BASES[preset.base], ...preset.config, description: preset.description, benchmarks: { [entry.id]: preset.section } } as RunConfigInput;
}

/** Every preset: the suite's shared ones, then each registered benchmark's own. Names are unique. */
export function presetListings(entries: readonly BenchmarkEntry[] = benchmarkEntries()): PresetListing[] {
  const listings: PresetListing[] = [
    { id: 'default', description: 'Built-in demo: the benchmarks\' built-in tasks on the sim engine (simulated numbers)', config: () => defaultPreset(entries) },
    { id: 'study3', description: STUDY3_BASE.description!, config: () => study3Preset(entries) },
  ];
  for (const entry of entries) {
    for (const [name, preset] of Object.entries(entry.presets ?? {})) {
      const clash = listings.find((l) => l.id === name);
      if (clash) throw new BenchError('config:invalid', `the preset "${name}" of ${entry.id} has the name of ${clash.benchmark ? `a preset of ${clash.benchmark}` : 'a shared preset'}`);
      listings.push({ id: name, description: preset.description, benchmark: entry.id, config: () => entryPreset(entry, name, preset) });
    }
  }
  return listings;
}

/** The run config of a preset, unchecked (`presetConfig` in load.ts checks it), or a user error naming the presets. */
export function presetInput(id: string): RunConfigInput {
  const listings = presetListings();
  const found = listings.find((l) => l.id === id);
  if (found) return found.config();
  const hint = suggestName(id, listings.map((l) => l.id));
  throw new BenchError('config:invalid', `unknown preset "${id}"${hint ? ` (did you mean "${hint}"?)` : ''}; presets: ${listings.map((l) => l.id).join(', ')}`);
}

/** Whether a benchmark has a preset of its own id (what `run <id>` runs without --config or --preset). */
export function hasPreset(id: string): boolean {
  return presetListings().some((l) => l.id === id && l.benchmark === id);
}
