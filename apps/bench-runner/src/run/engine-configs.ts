import { isAbsolute, resolve } from 'node:path';
import type { EngineConfigInput, ModelSpecInput, SimEngineConfigInput } from '@recovery-bench/engines';
import { BenchError } from '@recovery-bench/harness';
import { imitationOf, type ImitationOptions } from '@recovery-bench/sim-engine';
import { weightFormat } from '../config/engines.ts';
import type { IMITATED_ENGINES, RunConfig } from '../config/schema.ts';

type ImitatedEngine = (typeof IMITATED_ENGINES)[number];

const DEFAULT_CONTEXT = 32_768;

/**
 * The adapter config that starts one engine of a run for one model: the engine's options from `engines`, the
 * model's weights, name and context from `models`. Pure, so a config can be checked without starting anything.
 */
export function adapterConfig(config: RunConfig, name: string, model: string, opts: { simScriptsDir?: string; cwd?: string } = {}): EngineConfigInput {
  const engine = config.engines[name];
  const entry = config.models[model];
  if (!engine || !entry) throw new BenchError('config:invalid', `no engine "${name}" or model "${model}" in config ${config.name}`);
  switch (engine.kind) {
    case 'sim':
      return {
        kind: 'sim', profile: entry.simProfile!, seed: engine.seed, ...(opts.simScriptsDir ? { scriptsDir: opts.simScriptsDir } : {}),
        ...(engine.imitates ? imitation(engine.imitates, { profile: entry.simProfile!, contextTokens: entry.contextLength ?? DEFAULT_CONTEXT, sourceRef: engine.perModel?.[model]?.sourceRef ?? engine.sourceRef }) : {}),
      };
    case 'external':
      // As before adapters: the URL is trusted at start; a dead engine shows up as errors in the samples.
      return {
        kind: 'external', url: externalUrl(engine, name, model), engine: engine.engine, model: entry.servedName ?? model, checkOnStart: false,
        ...(engine.apiKeyEnv && process.env[engine.apiKeyEnv] ? { apiKey: process.env[engine.apiKeyEnv] } : {}),
      };
    case 'docker': {
      const { kind: _kind, weights: _weights, perModel, ...options } = engine;
      return { kind: 'docker', ...options, ...modelImage(perModel?.[model]), model: modelSpec(config, model, weightFormat(engine), opts.cwd) };
    }
    case 'process': {
      const { kind: _kind, weights: _weights, ...options } = engine;
      const format = weightFormat(engine);
      const hasWeights = format !== undefined && entry.weights?.[format] !== undefined;
      return { kind: 'process', ...options, ...(hasWeights ? { model: modelSpec(config, model, format, opts.cwd) } : {}) };
    }
  }
}

/** A model's own image or GeulPU source ref (`perModel`): its sourceRef replaces the engine's image as well. */
function modelImage(override: { image?: string; sourceRef?: string } | undefined): { image?: string; sourceRef?: string } {
  if (!override) return {};
  return { ...(override.sourceRef ? { sourceRef: override.sourceRef, image: undefined } : {}), ...(override.image ? { image: override.image } : {}) };
}

/** An external engine's URL for one model: its one `url`, or the model's entry in `urls`. */
function externalUrl(engine: Extract<RunConfig['engines'][string], { kind: 'external' }>, name: string, model: string): string {
  const url = engine.url ?? engine.urls?.[model];
  if (url === undefined) throw new BenchError('config:invalid', `engine "${name}" has no URL for model "${model}" in its urls (${Object.keys(engine.urls ?? {}).join(', ') || 'none'})`);
  return url;
}

/**
 * What a sim engine standing in for a real one carries of it, from that engine's data file
 * (libs/sim-engine/src/engines/): its context check on the model's context (status and wording), llama.cpp's answers
 * to bad requests, what it did with this model in the paper, and the engine kind the proxy sees.
 */
function imitation(engine: ImitatedEngine, options: ImitationOptions): Pick<SimEngineConfigInput, 'quirks' | 'dialect' | 'engineKind'> {
  const { dialect, quirks } = imitationOf(engine, options);
  return { engineKind: engine, ...(dialect ? { dialect } : {}), ...(Object.keys(quirks).length > 0 ? { quirks } : {}) };
}

function modelSpec(config: RunConfig, model: string, format: 'gguf' | 'hf' | undefined, cwd = process.cwd()): ModelSpecInput {
  const entry = config.models[model]!;
  const file = format ? entry.weights?.[format] : undefined;
  if (!file) throw new BenchError('config:invalid', `model "${model}" has no ${format ?? ''} weights for its engine`);
  const base = config.modelsDir ? resolve(cwd, config.modelsDir) : cwd;
  return {
    path: isAbsolute(file) ? file : resolve(base, file),
    servedName: entry.servedName ?? model,
    contextLength: entry.contextLength ?? DEFAULT_CONTEXT,
    ...(entry.toolFormat ? { toolFormat: entry.toolFormat } : {}),
    ...(entry.chatTemplate ? { chatTemplate: resolve(cwd, entry.chatTemplate) } : {}),
  };
}
