import { createRng, deriveSeed } from '@recovery-bench/analysis';
import { STUDY_KINDS, type StudyKind } from './design.ts';
import type { ActionableKind } from '@recovery-bench/toolerror-core';
import type { ChatMessage, ToolSpec } from '@recovery-bench/harness';
import { toolsOf, type StimulusSet, type StudyTool } from './tools.ts';

/** The study's kinds are the layer's actionable kinds (its guidance sentences are the layer's own). */
export const KINDS: readonly (StudyKind & ActionableKind)[] = STUDY_KINDS;
export type { StudyKind };

export const SCENARIOS_PER_TOOL = 10;
export const VARIANTS_PER_KIND = 5;
export const DEFAULT_STIMULUS_SEED = 20_261_026;

/** One failed call: the scenario (tool, values, request) with one kind of error in one of its text variants. */
export interface Stimulus {
  /** `S07-fixable`. */
  id: string;
  /** `S07`: the unit the analyses resample (its kinds and forms move together). */
  scenario: string;
  /** Study 1's scenarios and tools, Study 2's, or a failure point of a real agent's session (H2.2). */
  set: StimulusSet | 'real';
  /** A real session's history with the injected error at `failedIndex`, and the agent's tools (real items only). */
  history?: { messages: ChatMessage[]; tools: ToolSpec[]; failedIndex: number };
  tool: string;
  kind: StudyKind;
  /** Which of the five texts of this kind and tool. */
  variant: number;
  request: string;
  /** The arguments of the failed call. */
  arguments: Record<string, string>;
  /** The arguments of the correct next call (transient: the same; fixable: the key corrected; unrecoverable: none). */
  expected: Record<string, string> | null;
  error: string;
  /** The tool's answer once a call works; `key` is what a successful final answer contains. */
  result: string;
  key: string;
}

type Text = (t: StudyTool, v: { good: string; bad: string }) => string;

/**
 * Five texts per kind, said of each tool's own service and argument. Transient texts name a temporary cause,
 * unrecoverable ones a permission or access cause, and fixable ones the value to use, so that the correct action
 * is checkable; no fixable text carries a word of the other two kinds.
 */
const TEXTS: Readonly<Record<StudyKind, readonly Text[]>> = {
  transient: [
    (t) => `Error: 503 Service Unavailable from ${t.service}; the backend is restarting.`,
    (t) => `TimeoutError: ${t.service} did not respond within 20 seconds.`,
    (t) => `HTTP 429 Too Many Requests: the rate limit of ${t.service} was reached for this minute.`,
    (t) => JSON.stringify({ error: { code: 504, message: `Gateway timeout while contacting ${t.service}` } }),
    (t) => `ConnectionError: ECONNRESET while reading from ${t.service}; the connection dropped mid-response.`,
  ],
  fixable: [
    (t, v) => `ValueError: ${t.key} '${v.bad}' is not a valid ${t.noun}; use '${v.good}'.`,
    (t, v) => `Error: unknown ${t.key} '${v.bad}'. Did you mean '${v.good}'?`,
    (t, v) => JSON.stringify({ error: `invalid ${t.key}`, detail: `expected '${v.good}' (the ${t.noun} as written on record)` }),
    (t, v) => `Error 422: ${t.key} must be '${v.good}' for ${t.service}; '${v.bad}' has the wrong format.`,
    (t, v) => `SchemaError: ${t.key} does not match the ${t.noun} pattern; use "${v.good}" instead of "${v.bad}".`,
  ],
  unrecoverable: [
    (t) => `Error: 403 Forbidden. This account has no access to ${t.service}.`,
    (t) => `PermissionError: permission denied for ${t.service}: the records belong to another customer.`,
    (t) => `HTTP 401 Unauthorized: ${t.service} requires an API token, and none is configured for this workspace.`,
    (t) => JSON.stringify({ error: { code: 'ACCESS_DENIED', message: `access denied: the contract for ${t.service} has ended` } }),
    (t) => `AuthorizationError: this workspace is not permitted to query ${t.service}.`,
  ],
};

/** The result key: a fictional reference the final answer must repeat. */
function referenceKey(draw: (n: number) => number): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  let key = 'REF-';
  for (let i = 0; i < 6; i++) key += alphabet[draw(alphabet.length)]!;
  return key;
}

/**
 * The study's stimuli: six tools × ten scenarios × three kinds, of Study 1 (`study1`) or on Study 2's own six tools
 * (`study2`). Values, the result key and each kind's text variant are drawn from `seed` (one stream per scenario, so a
 * scenario stays the same when others change; Study 2's streams are its own).
 */
export function generateStimuli(seed: number = DEFAULT_STIMULUS_SEED, set: StimulusSet = 'study1'): Stimulus[] {
  const out: Stimulus[] = [];
  const tools = toolsOf(set);
  const scenarios = tools.length * SCENARIOS_PER_TOOL;
  for (let s = 0; s < scenarios; s++) {
    const tool = tools[s % tools.length]!;
    const scenario = `S${String(s + 1).padStart(2, '0')}`;
    const rng = createRng(deriveSeed(seed, set === 'study1' ? `delivery/${scenario}` : `delivery/${set}/${scenario}`));
    const draw = (n: number) => rng.index(n);
    const { good, bad, extra } = tool.values(draw);
    const key = referenceKey(draw);
    const base = { ...extra };
    const failed = { [tool.key]: bad, ...base };
    for (const kind of KINDS) {
      const variant = draw(VARIANTS_PER_KIND);
      out.push({
        id: `${scenario}-${kind}`,
        scenario,
        set,
        tool: tool.name,
        kind,
        variant,
        // The request names the value the failed call sent, so that the call was a faithful reading of it.
        request: tool.ask(bad, extra),
        arguments: failed,
        expected: kind === 'transient' ? failed : kind === 'fixable' ? { [tool.key]: good, ...base } : null,
        error: TEXTS[kind][variant]!(tool, { good, bad }),
        result: tool.result(kind === 'fixable' ? good : bad, key),
        key,
      });
    }
  }
  return out;
}

/** Every text variant of every kind for one tool, for tests that check the texts read as their kind. */
export function allTexts(tool: StudyTool, values: { good: string; bad: string }): Record<StudyKind, string[]> {
  return { transient: TEXTS.transient.map((f) => f(tool, values)), fixable: TEXTS.fixable.map((f) => f(tool, values)), unrecoverable: TEXTS.unrecoverable.map((f) => f(tool, values)) };
}
