import { BenchError, type ChatMessage, type ToolSpec } from '@recovery-bench/harness';
import { clientConversation, stimulusConversation, type DeliveryForm } from './forms.ts';
import type { Stimulus } from './stimuli.ts';
import { toolSpecs } from './tools.ts';

/** Turns a prompt (messages and tools) into tokens: an engine's `/tokenize`, or the approximation below. */
export type Tokenizer = (messages: readonly ChatMessage[], tools: readonly ToolSpec[]) => Promise<readonly (number | string)[]>;
type SyncTokenizer = (messages: readonly ChatMessage[], tools: readonly ToolSpec[]) => readonly (number | string)[];

/**
 * The approximation used where no engine tokenizes: a ChatML-style rendering (`<|im_start|>role`, the text, the
 * calls as JSON, `<|im_end|>`; the tools as JSON first) cut into words, runs of digits and single symbols, one token
 * each. It overstates real tokenizers' counts for prose and understates them for JSON, but it is the same rule for
 * every form, which is what S6 compares.
 */
export const approximateTokens: SyncTokenizer = (messages, tools) => {
  const parts = [`<|im_start|>system\n${JSON.stringify(tools)}<|im_end|>`];
  for (const m of messages) {
    const calls = m.role === 'assistant' && m.tool_calls ? m.tool_calls.map((c) => JSON.stringify({ name: c.function.name, arguments: c.function.arguments })).join('\n') : '';
    parts.push(`<|im_start|>${m.role}\n${m.content ?? ''}${calls}<|im_end|>`);
  }
  return parts.join('\n').match(/<\|[a-z_]+\|>|[A-Za-z]+|[0-9]+|\S/g) ?? [];
};
export const approximateTokenizer: Tokenizer = async (messages, tools) => approximateTokens(messages, tools);

function recomputed(cached: readonly (number | string)[], prompt: readonly (number | string)[]): number {
  let common = 0;
  while (common < cached.length && common < prompt.length && cached[common] === prompt[common]) common++;
  return prompt.length - common;
}

function summarise(counts: number[]): { median: number; mean: number } {
  counts.sort((a, b) => a - b);
  const mid = counts.length >> 1;
  return { median: counts.length % 2 ? counts[mid]! : (counts[mid - 1]! + counts[mid]!) / 2, mean: counts.reduce((a, b) => a + b, 0) / counts.length };
}

/** S6 with the approximation, synchronously (for reports). */
export function approximateCostPerForm(stimuli: readonly Stimulus[], forms: readonly DeliveryForm[]): Partial<Record<DeliveryForm, { median: number; mean: number }>> {
  const out: Partial<Record<DeliveryForm, { median: number; mean: number }>> = {};
  for (const form of forms) {
    out[form] = summarise(stimuli.map((st) => {
      const tools = toolSpecs(st.set);
      return recomputed(approximateTokens(clientConversation(st).slice(0, 2), tools), approximateTokens(stimulusConversation(st, form), tools));
    }));
  }
  return out;
}

/**
 * Prompt tokens an engine recomputes at the decision step: the decision prompt minus its longest common token prefix
 * with what the engine holds from the turn before (that turn's prompt and the call it generated). C3 keeps that
 * prefix and appends; C2 and C4 change the history, so more of it is recomputed.
 */
export async function recomputedTokens(stimulus: Stimulus, form: DeliveryForm, tokenize: Tokenizer = approximateTokenizer): Promise<number> {
  const tools = toolSpecs(stimulus.set);
  const cached = await tokenize(clientConversation(stimulus).slice(0, 2), tools);
  return recomputed(cached, await tokenize(stimulusConversation(stimulus, form), tools));
}

/** S6: the median recomputed prompt tokens per form over the stimuli. */
export async function costPerForm(stimuli: readonly Stimulus[], forms: readonly DeliveryForm[], tokenize: Tokenizer = approximateTokenizer): Promise<Partial<Record<DeliveryForm, { median: number; mean: number }>>> {
  const out: Partial<Record<DeliveryForm, { median: number; mean: number }>> = {};
  for (const form of forms) {
    const counts: number[] = [];
    for (const st of stimuli) counts.push(await recomputedTokens(st, form, tokenize));
    out[form] = summarise(counts);
  }
  return out;
}

/**
 * An engine's tokenizer over HTTP: vLLM's `POST /tokenize` with `{messages, tools}` (the sim engine answers it too),
 * which applies the served model's chat template, so the counts are the engine's own.
 */
export function httpTokenizer(url: string, model?: string): Tokenizer {
  return async (messages, tools) => {
    let response: Response;
    try {
      response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...(model ? { model } : {}), messages, tools }) });
    } catch (error) {
      throw new BenchError('config:invalid', `cannot reach the tokenizer at ${url}: ${(error as Error).message}`);
    }
    const body = (await response.json().catch(() => null)) as { tokens?: (number | string)[] } | null;
    if (!response.ok || !body || !Array.isArray(body.tokens)) throw new BenchError('config:invalid', `${url} did not answer a /tokenize request with tokens (HTTP ${response.status})`);
    return body.tokens;
  };
}
