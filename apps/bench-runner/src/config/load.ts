import { readFileSync } from 'node:fs';
import { BenchError } from '@recovery-bench/harness/errors';
import { parse as parseYaml, YAMLParseError } from 'yaml';
import { z } from 'zod';
import { presetInput } from './presets.ts';
import { benchmarkEntries } from '../benchmarks.ts';
import { IMITATED_ENGINES, runConfigSchema, type RunConfig, type RunConfigInput } from './schema.ts';

/** Validates config data; errors name the source and every bad field. Benchmark sections are checked by their entries' schemas. */
export function parseRunConfig(data: unknown, source: string): RunConfig {
  const parsed = runConfigSchema(benchmarkEntries()).safeParse(data);
  if (!parsed.success) {
    throw new BenchError('config:invalid', `${source} is not a valid recovery-bench config:\n${z.prettifyError(parsed.error)}`, { hint: 'see `recovery-bench validate --schema` for the JSON Schema' });
  }
  return parsed.data as RunConfig;
}

/** Reads a YAML (or JSON) config file, the same way for `run` and `validate`. */
export function loadRunConfig(path: string): RunConfig {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new BenchError('config:invalid', `cannot read config ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  let data: unknown;
  try {
    data = parseYaml(text, { prettyErrors: true, strict: true, uniqueKeys: true });
  } catch (error) {
    const where = error instanceof YAMLParseError && error.linePos ? `:${error.linePos[0].line}:${error.linePos[0].col}` : '';
    throw new BenchError('config:invalid', `${path}${where}: not valid YAML: ${(error as Error).message.split('\n')[0]}`);
  }
  return parseRunConfig(data, path);
}

export function presetConfig(id: string): RunConfig {
  return parseRunConfig(presetInput(id), `preset ${id}`);
}

/**
 * `--engine-override sim`: every engine becomes the sim engine, so any preset runs here without a GPU. Models keep
 * their sim profiles (every preset names one per model); each sim stands in for the engine it replaces
 * (`imitates`: that engine's context check and wording, and its kind for the proxy).
 */
export function overrideEngines(config: RunConfig, kind: 'sim'): RunConfig {
  const engines = Object.fromEntries(Object.entries(config.engines).map(([name, engine]) => [name, { kind, seed: 0, ...imitated(engine) }]));
  return parseRunConfig({ ...config, engines, description: `${config.description ?? config.name} (engines replaced by the sim engine)` }, `${config.name} with --engine-override ${kind}`);
}

type SimFields = Pick<Extract<RunConfig['engines'][string], { kind: 'sim' }>, 'imitates' | 'sourceRef' | 'perModel'>;

/** The engine a sim replaces, and the build it was (its source commit, per model too), so its data file applies. */
function imitated(engine: RunConfig['engines'][string]): SimFields {
  if (engine.kind === 'sim') return { imitates: engine.imitates, sourceRef: engine.sourceRef, perModel: engine.perModel };
  const family = engine.engine;
  if (!(IMITATED_ENGINES as readonly string[]).includes(family ?? '')) return {};
  const refs = engine.kind === 'docker' ? Object.entries(engine.perModel ?? {}).flatMap(([model, o]) => (o.sourceRef ? [[model, { sourceRef: o.sourceRef }] as const] : [])) : [];
  return {
    imitates: family as (typeof IMITATED_ENGINES)[number],
    ...(engine.kind === 'docker' && engine.sourceRef ? { sourceRef: engine.sourceRef } : {}),
    ...(refs.length > 0 ? { perModel: Object.fromEntries(refs) } : {}),
  };
}

/**
 * `--tier NAME`: the config with only the models of that tier (their `tier`), checked again: a system whose engine
 * then serves no model is an error, and an external engine's `urls` keep only the models left.
 */
export function selectTier(config: RunConfig, tier: string): RunConfig {
  const tiers = [...new Set(Object.values(config.models).flatMap((m) => (m.tier === undefined ? [] : [m.tier])))];
  if (tiers.length === 0) throw new BenchError('config:invalid', `--tier ${tier}: config ${config.name} gives its models no tier`, { hint: 'give each model a tier (models.<id>.tier), or run without --tier' });
  if (!tiers.includes(tier)) throw new BenchError('config:invalid', `unknown tier "${tier}"; tiers of config ${config.name}: ${tiers.join(', ')}`);
  const models = Object.fromEntries(Object.entries(config.models).filter(([, m]) => m.tier === tier));
  const engines = Object.fromEntries(Object.entries(config.engines).map(([name, e]) => [name, e.kind === 'external' && e.urls ? { ...e, urls: Object.fromEntries(Object.entries(e.urls).filter(([m]) => m in models)) } : e]));
  return parseRunConfig({ ...config, engines, models }, `${config.name} with --tier ${tier}`);
}

/** The JSON Schema of the config, for editors (`# yaml-language-server: $schema=…`). */
export function configJsonSchema(): unknown {
  return z.toJSONSchema(runConfigSchema(benchmarkEntries()), { io: 'input', unrepresentable: 'any' });
}
