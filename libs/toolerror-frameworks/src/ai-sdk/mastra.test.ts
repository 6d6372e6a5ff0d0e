/**
 * Mastra runs AI SDK models, so the AI SDK middleware is the layer inside a Mastra agent: wrap the agent's model.
 * A real Mastra agent (its own tool loop and message store) against the sim, with the middleware and with the
 * proxy, as in ai-sdk.test.ts.
 */
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
import { HEADER_NAME, parseHeader } from '@recovery-bench/toolerror-core';
import { wrapLanguageModel } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compareArms, comparableMessages, notesIn } from '../testing/compare.ts';
import { FAILURES, failOnce, type FailureCase } from '../testing/failing-tools.ts';
import { startStack, type Stack } from '../testing/stack.ts';
import { toolErrorRecovery, type FrameworkLayerOptions, type LayerReport } from './index.ts';

// Mastra reports feature usage to PostHog unless told not to; no test reaches the network.
process.env.MASTRA_TELEMETRY_DISABLED = '1';
process.env.MASTRA_OFFLINE = '1';

type MastraModel = ConstructorParameters<typeof Agent>[0]['model'];

let stack: Stack;
const rows: string[] = [];
beforeAll(async () => {
  stack = await startStack({ form: 'c3', rules: 'paper' });
});
afterAll(async () => {
  await stack.close();
  console.log(['Mastra (AI SDK middleware) × failure, chat, paper rules, c3: middleware | proxy', ...rows].join('\n'));
});

async function runAgent(failure: FailureCase, arm: { middleware?: FrameworkLayerOptions; base: string }) {
  stack.tap.clear();
  const reports: LayerReport[] = [];
  const headers: Headers[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const response = await globalThis.fetch(input, init);
    headers.push(response.headers);
    return response;
  };
  const base = createOpenAICompatible({ name: 'sim', baseURL: `${arm.base}/v1`, fetch }).chatModel(stack.model);
  const recovery = toolErrorRecovery({ ...arm.middleware, onDetections: (r) => reports.push(r) });
  const model = arm.middleware ? wrapLanguageModel({ model: base, middleware: recovery }) : base;
  const schema = failure.id === 'schema' ? z.object({ count: z.number().int().min(1) }) : z.object({ url: z.string() });
  const tool = createTool({ id: failure.tool, description: 'A tool', inputSchema: schema, execute: failOnce(failure) });
  // Mastra types its models with its own copy of @ai-sdk/provider (4.0.17), which TypeScript holds apart from the
  // AI SDK's (4.0.39) though the interface is one; at run time Mastra takes the wrapped model as it is.
  const agent = new Agent({ id: 'agent', name: 'agent', instructions: 'Use the tools.', model: model as unknown as MastraModel, tools: { [failure.tool]: tool } });
  // Mastra's steps carry a failed call as a `tool-result` without the error object, so the kinds come from the
  // rules on the flagged text (no `onStepFinish` to wire).
  await agent.generate(failure.prompt, { maxSteps: 3 });
  return { bodies: stack.tap.bodies(), raw: stack.tap.received.map((r) => r.body), reports, headers };
}

describe('Mastra with the AI SDK middleware', () => {
  it.each(FAILURES.map((f) => [f.id, f] as const))('%s: the failure reaches the layer, and the engine gets what the proxy gives it or what the flag adds', async (_id, failure) => {
    const middleware = await runAgent(failure, { middleware: { form: 'c3' }, base: stack.tap.url });
    const proxied = await runAgent(failure, { base: stack.layered.url });
    const mine = comparableMessages(middleware.bodies[1]!);
    const theirs = comparableMessages(proxied.bodies[1]!);
    const ours = middleware.reports[1]!.detections.find((d) => d.scope === 'decision');
    const proxy = parseHeader(proxied.headers[1]!.get(HEADER_NAME)!).failures.find((f) => f.scope === 'decision');
    if (failure.id === 'schema') {
      // Mastra answers arguments that fail the schema with a result, not an error: `{"error":true,"message":"Tool
      // input validation failed …"}`, unflagged. Both layers read only that text.
      expect(middleware.bodies[1]!.messages).toEqual(expect.arrayContaining([expect.objectContaining({ role: 'tool', content: expect.stringContaining('"error":true') })]));
    } else {
      // A thrown error reaches the model flagged (an AI SDK error output): the middleware always sees it.
      expect(ours?.rule).toBe('is_error');
    }
    expect(notesIn(mine).length).toBe(ours === undefined || ours.kind === 'ambiguous' ? 0 : 1);
    const verdict = compareArms(mine, theirs, ours, proxy);
    rows.push(`${failure.id.padEnd(10)} | ${ours ? `${ours.kind}/${ours.rule}` : 'not detected'} | ${proxy ? `${proxy.kind}/${proxy.rule}` : 'not detected'} | ${verdict}`);
  });

  it('with the layer off, the engine gets Mastra\'s own requests byte for byte', async () => {
    const failure = FAILURES[0]!;
    const plain = await runAgent(failure, { base: stack.tap.url });
    const off = await runAgent(failure, { middleware: { form: 'off' }, base: stack.tap.url });
    expect(off.raw.length).toBeGreaterThan(1);
    expect(off.raw).toEqual(plain.raw);
  });
});
