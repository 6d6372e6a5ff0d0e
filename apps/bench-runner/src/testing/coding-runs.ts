import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseRunConfig } from '../config/load.ts';

/** The coding testbed's runs in tests: a one-model config on the sim, with the layer off and c3. */
export const RUN_MODULE = fileURLToPath(new URL('../cli/run.ts', import.meta.url));
export const quiet = { progressOut: { write: () => true, isTTY: false } as unknown as NodeJS.WriteStream, log: () => {} };
export const outDir = () => mkdtempSync(join(tmpdir(), 'rb-coding-'));

export function codingConfig(name: string, section: Record<string, unknown>, rules: 'paper' | 'extended' = 'paper') {
  return parseRunConfig({
    version: 1, name,
    engines: { sim: { kind: 'sim' } },
    models: { 'qwen3-8b': { simProfile: 'paper/qwen3-8b' } },
    systems: [{ id: 'off', engine: 'sim', arm: 'off' }, { id: 'c3', engine: 'sim', arm: 'proxy-c3', rules }],
    benchmarks: { coding: section },
    concurrency: { perEngine: 6 },
  }, name);
}
