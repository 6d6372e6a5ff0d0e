import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BenchError } from '@recovery-bench/harness';
import { DELIVERY_FORMS, stimulusConversation, type DeliveryForm } from './forms.ts';
import type { Stimulus } from './stimuli.ts';
import { toolSpecs, type StimulusSet } from './tools.ts';

export const STIMULI_FORMAT = 'recovery-bench/delivery-stimulus@1';
/** The sim engine's scripts, in a folder of their own (the engine loads every file of its scripts folder). */
export const SIM_SCRIPTS_DIR = 'sim-scripts';
const SIM_SCRIPTS_FILE = `${SIM_SCRIPTS_DIR}/scripts.json`;
export const MANIFEST_FORMAT = 'recovery-bench/delivery-manifest@1';

/** One line of stimuli.jsonl: a stimulus in one form, exactly as the model is sent it at the decision step. */
export interface StimulusLine {
  format: typeof STIMULI_FORMAT;
  id: string;
  scenario: string;
  kind: Stimulus['kind'];
  form: DeliveryForm;
  tool: string;
  variant: number;
  messages: unknown[];
  expected: Stimulus['expected'];
  key: string;
}

export interface StimuliManifest {
  format: typeof MANIFEST_FORMAT;
  seed: number;
  /** Study 2's stimuli say so; Study 1's manifests have no `set`. */
  set?: StimulusSet;
  scenarios: number;
  conversations: number;
  forms: DeliveryForm[];
  /** SHA-256 of each file beside the manifest. */
  sha256: Record<string, string>;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const setOf = (stimuli: readonly Stimulus[]): StimulusSet => (stimuli[0]?.set === 'study2' ? 'study2' : 'study1');

/** The files' texts: stimuli.jsonl (every stimulus in every form), tools.json, and sim scripts for episodes. */
export function stimuliTexts(stimuli: readonly Stimulus[], forms: readonly DeliveryForm[] = DELIVERY_FORMS): Record<string, string> {
  const lines: string[] = [];
  for (const st of stimuli) {
    for (const form of forms) {
      const line: StimulusLine = { format: STIMULI_FORMAT, id: `${st.id}-${form}`, scenario: st.scenario, kind: st.kind, form, tool: st.tool, variant: st.variant, messages: stimulusConversation(st, form), expected: st.expected, key: st.key };
      lines.push(JSON.stringify(line));
    }
  }
  return {
    'stimuli.jsonl': `${lines.join('\n')}\n`,
    'tools.json': `${JSON.stringify(toolSpecs(setOf(stimuli)), null, 2)}\n`,
    [SIM_SCRIPTS_FILE]: `${JSON.stringify(simScripts(stimuli), null, 2)}\n`,
  };
}

/**
 * Scripts for the sim engine's episodes, one per scenario (matched by the SHA-256 of the user's request): once no
 * failure is left to decide on, answer with the last tool result. The decision itself is the sim's own rule.
 */
export function simScripts(stimuli: readonly Stimulus[]): unknown[] {
  const byScenario = new Map<string, Stimulus>();
  for (const st of stimuli) if (!byScenario.has(st.scenario)) byScenario.set(st.scenario, st);
  return [...byScenario.values()].map((st) => ({ id: `delivery/${st.scenario}`, match: { firstUserSha256: sha256(st.request) }, steps: [{ answer: 'Here is what I found: {{lastToolResult}}' }] }));
}

/** The files of a stimuli folder, in the order `writeStimuli` returns them. */
export function stimuliFiles(dir: string): string[] {
  return ['stimuli.jsonl', 'tools.json', SIM_SCRIPTS_FILE, 'manifest.json'].map((name) => join(dir, name));
}

/** Writes the stimuli and their manifest into `dir`; returns the paths, the manifest last. */
export function writeStimuli(dir: string, stimuli: readonly Stimulus[], seed: number, forms: readonly DeliveryForm[] = DELIVERY_FORMS): string[] {
  mkdirSync(dir, { recursive: true });
  const texts = stimuliTexts(stimuli, forms);
  const manifest: StimuliManifest = {
    format: MANIFEST_FORMAT, seed, ...(setOf(stimuli) === 'study1' ? {} : { set: setOf(stimuli) }), scenarios: new Set(stimuli.map((s) => s.scenario)).size, conversations: stimuli.length * forms.length, forms: [...forms],
    sha256: Object.fromEntries(Object.entries(texts).map(([name, text]) => [name, sha256(text)])),
  };
  mkdirSync(join(dir, SIM_SCRIPTS_DIR), { recursive: true });
  const paths = Object.entries(texts).map(([name, text]) => {
    writeFileSync(join(dir, name), text);
    return join(dir, name);
  });
  writeFileSync(join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return [...paths, join(dir, 'manifest.json')];
}

/**
 * Checks that a folder of frozen stimuli is what this code generates for the same seed (files and manifest
 * hashes), so a study runs exactly the stimuli it registered. Throws a user error naming the first difference.
 */
export function checkStimuli(dir: string, stimuli: readonly Stimulus[], seed: number, forms: readonly DeliveryForm[] = DELIVERY_FORMS): StimuliManifest {
  let manifest: StimuliManifest;
  try {
    manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as StimuliManifest;
  } catch (error) {
    throw new BenchError('config:invalid', `${dir}/manifest.json cannot be read: ${(error as Error).message}`, { hint: 'write the stimuli with `recovery-bench delivery generate --out DIR`' });
  }
  if (manifest.format !== MANIFEST_FORMAT) throw new BenchError('config:invalid', `${dir}/manifest.json is not a ${MANIFEST_FORMAT} manifest`);
  if (manifest.seed !== seed) throw new BenchError('config:invalid', `${dir} holds stimuli of seed ${manifest.seed}, the config asks for seed ${seed}`);
  if ((manifest.set ?? 'study1') !== setOf(stimuli)) throw new BenchError('config:invalid', `${dir} holds ${manifest.set ?? 'study1'}'s stimuli, the config asks for ${setOf(stimuli)}'s`);
  const texts = stimuliTexts(stimuli, forms);
  for (const [name, text] of Object.entries(texts)) {
    let onDisk: string;
    try {
      onDisk = readFileSync(join(dir, name), 'utf8');
    } catch {
      throw new BenchError('config:invalid', `${dir}/${name} is missing`);
    }
    if (sha256(onDisk) !== manifest.sha256[name]) throw new BenchError('config:invalid', `${dir}/${name} does not match its manifest hash (edited after it was written)`);
    if (onDisk !== text) throw new BenchError('config:invalid', `${dir}/${name} differs from the stimuli this version generates for seed ${seed}`, { hint: 'the generator changed since the stimuli were frozen; regenerate and freeze again, or run the version that wrote them' });
  }
  return manifest;
}
