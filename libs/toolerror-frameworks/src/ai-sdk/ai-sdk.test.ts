import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModelV4 } from '@ai-sdk/provider';
import { HEADER_NAME, parseHeader, type RuleSetName } from '@recovery-bench/toolerror-core';
import { generateText, stepCountIs, streamText, tool, wrapLanguageModel, type ToolSet } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compareArms, comparableMessages, notesIn } from '../testing/compare.ts';
import { FAILURES, failOnce, type FailureCase } from '../testing/failing-tools.ts';
import { startStack, type Stack } from '../testing/stack.ts';
import { toolErrorRecovery, type FrameworkLayerOptions, type LayerReport } from './index.ts';

type Surface = 'chat' | 'chat-stream' | 'responses' | 'anthropic';
const SURFACES: readonly Surface[] = ['chat', 'chat-stream', 'responses', 'anthropic'];

const RULES: readonly RuleSetName[] = ['paper', 'extended'];
const stacks = new Map<RuleSetName, Stack>();
/** The stack of the rule set under test: its layered proxy runs those rules. */
let stack: Stack;
beforeAll(async () => {
  for (const rules of RULES) stacks.set(rules, await startStack({ form: 'c3', rules }));
  stack = stacks.get('paper')!;
});
afterAll(async () => {
  for (const s of stacks.values()) await s.close();
  console.log(['AI SDK × surface × failure, c3: middleware kind/rule | proxy kind/rule | same messages', ...rows].join('\n'));
});
const rows: string[] = [];

/** The model on `surface`, talking to `base` (a tap or a proxy); response headers of every call are kept. */
function modelOn(surface: Surface, base: string, headers: Headers[]): LanguageModelV4 {
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const response = await globalThis.fetch(input, init);
    headers.push(response.headers);
    return response;
  };
  const baseURL = `${base}/v1`;
  if (surface === 'responses') return createOpenAI({ baseURL, apiKey: 'x', fetch }).responses(stack.model);
  if (surface === 'anthropic') return createAnthropic({ baseURL, apiKey: 'x', fetch })(stack.model);
  return createOpenAICompatible({ name: 'sim', baseURL, fetch }).chatModel(stack.model);
}

function toolsFor(failure: FailureCase): ToolSet {
  const body = failOnce(failure);
  if (failure.id === 'schema') {
    return { list_items: tool({ description: 'List items', inputSchema: z.object({ count: z.number().int().min(1) }), execute: body }) };
  }
  return { fetch_page: tool({ description: 'Fetch a page', inputSchema: z.object({ url: z.string() }), execute: body }) };
}

interface Run {
  /** What the engine received, per model call. */
  bodies: Record<string, unknown>[];
  raw: string[];
  /** The middleware's reports (with middleware), per model call. */
  reports: LayerReport[];
  /** The proxy's header per model call (through the layered proxy). */
  headers: Headers[];
}

/** One agent run: the failure on the first tool call, the decision step after it, at most three model calls. */
async function runAgent(surface: Surface, failure: FailureCase, arm: { middleware?: FrameworkLayerOptions; base: string }): Promise<Run> {
  stack.tap.clear();
  const reports: LayerReport[] = [];
  const headers: Headers[] = [];
  let model = modelOn(surface, arm.base, headers);
  const recovery = toolErrorRecovery({ ...arm.middleware, onDetections: (r) => reports.push(r) });
  if (arm.middleware) model = wrapLanguageModel({ model, middleware: recovery });
  const settings = { model, tools: toolsFor(failure), prompt: failure.prompt, stopWhen: stepCountIs(3), onStepFinish: recovery.onStepFinish };
  if (surface === 'chat-stream') {
    const result = streamText(settings);
    await result.consumeStream();
    await result.text;
  } else {
    await generateText(settings);
  }
  return { bodies: stack.tap.bodies(), raw: stack.tap.received.map((r) => r.body), reports, headers };
}

/** No layer proxy for Chat; the proxy with the layer off converts the other surfaces to Chat for the sim. */
const directBase = (surface: Surface) => (surface === 'chat' || surface === 'chat-stream' ? stack.tap.url : stack.plain.url);

describe.each(RULES)('AI SDK, %s rules', (rules) => {
  beforeAll(() => {
    stack = stacks.get(rules)!;
  });
  describe.each(SURFACES)('on %s', (surface) => {
    it.each(FAILURES.map((f) => [f.id, f] as const))('%s: the middleware hands the engine what the proxy does, or says what it knew more', async (_id, failure) => {
      const middleware = await runAgent(surface, failure, { middleware: { form: 'c3', rules }, base: directBase(surface) });
      const proxied = await runAgent(surface, failure, { base: stack.layered.url });
      const decision = 1;
      const mine = comparableMessages(middleware.bodies[decision]!);
      const theirs = comparableMessages(proxied.bodies[decision]!);
      const ours = middleware.reports[decision]!.detections.find((d) => d.scope === 'decision');
      const header = parseHeader(proxied.headers[decision]!.get(HEADER_NAME)!);
      const proxy = header.failures.find((f) => f.scope === 'decision');
      // Every failure reaches the middleware, flagged: AI SDK keeps a thrown error apart from a result.
      expect(ours).toBeDefined();
      if (failure.id === '503') expect(ours).toMatchObject({ kind: 'transient', rule: 'error-status' });
      if (failure.id === '403') expect(ours).toMatchObject({ kind: 'unrecoverable', rule: 'error-status' });
      if (failure.id === 'schema') expect(ours).toMatchObject({ kind: 'fixable', rule: 'error-schema' });
      if (failure.id === 'type-error') expect(ours!.rule).toBe('is_error');
      expect(notesIn(mine).length).toBe(ours!.kind === 'ambiguous' ? 0 : 1);
      const verdict = compareArms(mine, theirs, ours, proxy);
      rows.push(`${rules.padEnd(8)} ${surface.padEnd(11)} ${failure.id.padEnd(10)} | ${ours ? `${ours.kind}/${ours.rule}` : '-'} | ${proxy ? `${proxy.kind}/${proxy.rule}` : 'not detected'} | ${verdict}`);
    });
  });
});

describe('AI SDK with what the proxy sees', () => {
  it.each(RULES)('%s rules, Anthropic (the flag on the wire) and no error objects: every failure the same bytes', async (rules) => {
    stack = stacks.get(rules)!;
    for (const failure of FAILURES) {
      const middleware = await runAgent('anthropic', failure, { middleware: { form: 'c3', rules, errorKind: false }, base: stack.plain.url });
      const proxied = await runAgent('anthropic', failure, { base: stack.layered.url });
      expect(comparableMessages(middleware.bodies[1]!), failure.id).toEqual(comparableMessages(proxied.bodies[1]!));
    }
  });
});

describe('AI SDK with the layer off', () => {
  it.each(['chat', 'chat-stream'] as const)('%s: every request is byte for byte the framework\'s own', async (surface) => {
    stack = stacks.get('paper')!;
    for (const failure of FAILURES) {
      const plain = await runAgent(surface, failure, { base: stack.tap.url });
      const off = await runAgent(surface, failure, { middleware: { form: 'off' }, base: stack.tap.url });
      expect(off.raw).toEqual(plain.raw);
      expect(off.reports.every((r) => !r.changed)).toBe(true);
    }
  });
});
