import {
  Agent,
  MaxTurnsExceededError,
  OpenAIChatCompletionsModel,
  OpenAIProvider,
  OpenAIResponsesModel,
  run,
  setSensitiveDataLoggingEnabled,
  setTracingDisabled,
  tool,
  type AgentInputItem,
  type CallModelInputFilter,
  type FunctionTool,
} from '@openai/agents';
import { HEADER_NAME, parseHeader, processRequest, type Form, type HeaderFailure, type Kind, type RuleSetName } from '@recovery-bench/toolerror-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { comparableMessages, notesIn, withoutNotes } from '../testing/compare.ts';
import { failOnce, FAILURES as SHARED_FAILURES, type FailureCase as SharedFailure } from '../testing/failing-tools.ts';
import { startStack, type Received, type Stack } from '../testing/stack.ts';
import { applyToModelInput, errorText, toolErrorRecovery, type LayerReport, type ToolErrorRecovery } from './index.ts';

/** What Agents JS's default error function makes of any exception. */
const AGENTS_DEFAULT = 'An error occurred while running the tool. Please try again.';

type ErrorFunction = ToolErrorRecovery['errorFunction'];

interface FailureCase {
  id: string;
  /** The user's input: it names the tool's arguments as `key=value` pairs for the sim's generic policy. */
  prompt: string;
  /** A fresh tool (its own state) for one run; without an error function Agents JS's default stands. */
  tool(errorFunction?: ErrorFunction): FunctionTool<any, any, any>;
  /** The text the model gets from our error function. */
  text: string;
  /** What the tool answers after its first failure. */
  answer: string;
  /** The kind and rule the filter reports with the error object in hand. */
  filter: { kind: Kind; rule: string };
  /** The kind the proxy reads from the text alone, per rule set. */
  proxy: Record<RuleSetName, Kind>;
}

/** What each shared failure (src/testing/failing-tools.ts) gives with Agents JS and our error function. */
const EXPECTED: Record<SharedFailure['id'], Pick<FailureCase, 'id' | 'text' | 'filter' | 'proxy'>> = {
  '503': { id: '503', text: 'Error: HTTP 503 Service Unavailable', filter: { kind: 'transient', rule: 'error-status' }, proxy: { paper: 'transient', extended: 'transient' } },
  'type-error': { id: 'TypeError', text: "TypeError: fetch_page() got an unexpected keyword argument 'timeout'", filter: { kind: 'fixable', rule: 'generic' }, proxy: { paper: 'fixable', extended: 'fixable' } },
  '403': { id: '403', text: 'Error: 403 Forbidden: token lacks scope repo:write', filter: { kind: 'unrecoverable', rule: 'error-status' }, proxy: { paper: 'unrecoverable', extended: 'unrecoverable' } },
  // Agents JS redacts an argument check by default: the error function gets a bare InvalidToolInputError.
  schema: { id: 'schema', text: 'InvalidToolInputError: Invalid JSON input for tool', filter: { kind: 'fixable', rule: 'error-schema' }, proxy: { paper: 'ambiguous', extended: 'ambiguous' } },
};

const httpError = (message: string, status: number) => Object.assign(new Error(message), { status });

const FAILURES: FailureCase[] = SHARED_FAILURES.map((failure) => ({
  ...EXPECTED[failure.id],
  prompt: failure.prompt,
  answer: failure.answer,
  tool: (errorFunction) =>
    tool({
      name: failure.tool,
      description: 'A tool of the test.',
      parameters: failure.id === 'schema' ? z.object({ count: z.number().int().min(1) }) : z.object({ url: z.string() }),
      execute: failOnce(failure),
      errorFunction,
    }),
}));

interface Surface {
  id: string;
  responses: boolean;
  stream: boolean;
}

const SURFACES: Surface[] = [
  { id: 'chat', responses: false, stream: false },
  { id: 'chat-stream', responses: false, stream: true },
  { id: 'responses', responses: true, stream: false },
  { id: 'responses-stream', responses: true, stream: true },
];

const RULE_SETS: RuleSetName[] = ['paper', 'extended'];

// ---------------------------------------------------------------------------------------------------------------
// No request may leave 127.0.0.1: every fetch (the OpenAI client's, a tracing exporter's) goes through this guard,
// which also keeps each answer's X-GeulPU-Tool-Errors (how the proxy classified the request).

const realFetch = globalThis.fetch;
const outside: string[] = [];
let answers: { url: string; toolErrors: string | null }[] = [];

const guardedFetch: typeof fetch = async (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  if (url.hostname !== '127.0.0.1') {
    outside.push(url.href);
    throw new Error(`test: no network outside 127.0.0.1 (${url.href})`);
  }
  const response = await realFetch(input, init);
  answers.push({ url: url.href, toolErrors: response.headers.get(HEADER_NAME) });
  return response;
};

const stacks = new Map<RuleSetName, Stack>();
const formStacks = new Map<Form, Stack>();

beforeAll(async () => {
  // Installed before any client exists: the OpenAI client keeps the fetch it finds when it is made.
  globalThis.fetch = guardedFetch;
  setTracingDisabled(true);
  for (const rules of RULE_SETS) stacks.set(rules, await startStack({ form: 'c3', rules }));
  for (const form of ['c1', 'c2', 'c4'] as const) formStacks.set(form, await startStack({ form, rules: 'paper' }));
});

afterAll(async () => {
  globalThis.fetch = realFetch;
  for (const stack of [...stacks.values(), ...formStacks.values()]) await stack.close();
  expect(outside).toEqual([]);
});

// ---------------------------------------------------------------------------------------------------------------

interface RunResult {
  /** What the engine received, in order. */
  received: Received[];
  /** The proxy's X-GeulPU-Tool-Errors per model call (null without a proxy or from the plain one). */
  toolErrors: (string | null)[];
  /** The filter's report per model call. */
  reports: LayerReport[];
}

interface RunOptions {
  stack: Stack;
  surface: Surface;
  failure: FailureCase;
  /**
   * `direct`: as straight to the engine as the surface allows (Chat to the tap, Responses through the plain proxy,
   * which converts it); `plain`: through the plain proxy; `layered`: through the proxy with the layer.
   */
  via: 'direct' | 'plain' | 'layered';
  recovery?: ToolErrorRecovery;
  /** Use the recovery's filter (else only its error function, if any). */
  filter?: boolean;
  /** Use the recovery's error function (else Agents JS's default). */
  errorFunction?: boolean;
  /** Default 2: the first call makes the tool call, the second is the decision step. */
  maxTurns?: number;
}

/** One Agents JS run, real from `run()` down to the HTTP requests, against the sim. */
async function runOnce(o: RunOptions, reports: LayerReport[] = []): Promise<RunResult> {
  const base = o.via === 'layered' ? o.stack.layered.url : o.via === 'plain' || o.surface.responses ? o.stack.plain.url : o.stack.tap.url;
  const model = await new OpenAIProvider({ apiKey: 'unused', baseURL: `${base}/v1`, useResponses: o.surface.responses }).getModel(o.stack.model);
  expect(model).toBeInstanceOf(o.surface.responses ? OpenAIResponsesModel : OpenAIChatCompletionsModel);
  const agent = new Agent({ name: 'worker', instructions: 'Use the tool.', model, tools: [o.failure.tool(o.errorFunction ? o.recovery!.errorFunction : undefined)] });
  const callModelInputFilter: CallModelInputFilter | undefined = o.filter ? o.recovery!.callModelInputFilter : undefined;
  o.stack.tap.clear();
  answers = [];
  try {
    if (o.surface.stream) {
      const streamed = await run(agent, o.failure.prompt, { stream: true, maxTurns: o.maxTurns ?? 2, callModelInputFilter });
      for await (const _event of streamed);
      await streamed.completed;
    } else {
      await run(agent, o.failure.prompt, { maxTurns: o.maxTurns ?? 2, callModelInputFilter });
    }
  } catch (error) {
    // A model that goes on calling the tool runs into the turns; what the engine received is all we need.
    if (!(error instanceof MaxTurnsExceededError)) throw error;
  }
  return { received: o.stack.tap.received.slice(), toolErrors: answers.map((a) => a.toolErrors), reports };
}

/** A run with a fresh recovery whose reports are collected. */
function runWith(o: Omit<RunOptions, 'recovery'>, opts: Parameters<typeof toolErrorRecovery>[0] = {}): Promise<RunResult> {
  const reports: LayerReport[] = [];
  const recovery = toolErrorRecovery({ ...opts, onDetections: (r) => reports.push(r) });
  return runOnce({ ...o, recovery }, reports);
}

/** The decision step: the second request the engine received. */
function decisionStep(result: RunResult): Record<string, unknown> {
  expect(result.received.length).toBeGreaterThanOrEqual(2);
  return JSON.parse(result.received[1]!.body) as Record<string, unknown>;
}

/** The decision step's only failure in a report or a header. */
function onlyFailure(failures: readonly Pick<HeaderFailure, 'kind' | 'rule' | 'scope'>[]): { kind: Kind; rule: string } {
  const decision = failures.filter((f) => f.scope === 'decision');
  expect(decision).toHaveLength(1);
  return { kind: decision[0]!.kind, rule: decision[0]!.rule };
}

function proxyFailure(result: RunResult): { kind: Kind; rule: string } {
  const header = result.toolErrors[1];
  expect(header, 'the proxy names what it found').toBeTypeOf('string');
  return onlyFailure(parseHeader(header!).failures);
}

function toolMessageText(body: Record<string, unknown>): string {
  const tool = (body.messages as { role: string; content: unknown }[]).filter((m) => m.role === 'tool').at(-1);
  return typeof tool?.content === 'string' ? tool.content : '';
}

// ---------------------------------------------------------------------------------------------------------------

interface Row {
  surface: string;
  failure: string;
  rules: RuleSetName;
  detected: string;
  flagKept: string;
  kind: string;
  rewritten: string;
  sameBytes: string;
}
const rows: Row[] = [];

/** A row of the table from a filter run and a proxy run; `sameBytes` as the test found it. */
function row(surface: Surface, failure: string, rules: RuleSetName, filtered: RunResult, proxied: RunResult, sameBytes: string): Row {
  const filterFailures = filtered.reports[1]!.detections;
  const proxyFailures = parseHeader(proxied.toolErrors[1]!).failures;
  const kinds = (failures: readonly { kind: Kind; rule: string }[]) => failures.map((f) => `${f.kind}/${f.rule}`).join(',') || 'none';
  const note = (result: RunResult) => (notesIn(comparableMessages(decisionStep(result))).length > 0 ? 'note' : 'none');
  const toolMessage = (decisionStep(filtered).messages as Record<string, unknown>[]).find((m) => m.role === 'tool')!;
  return {
    surface: surface.id,
    failure,
    rules,
    detected: `filter ${filterFailures.length > 0 ? 'yes' : 'no'}, proxy ${proxyFailures.length > 0 ? 'yes' : 'no'}`,
    flagKept: 'is_error' in toolMessage ? 'yes' : 'no',
    kind: `${kinds(filterFailures)} vs ${kinds(proxyFailures)}`,
    rewritten: `filter ${note(filtered)}, proxy ${note(proxied)}`,
    sameBytes,
  };
}

describe.each(SURFACES)('Agents JS on $id', (surface) => {
  describe.each(FAILURES)('a $id failure', (failure) => {
    test.each(RULE_SETS)('the filter hands the engine what the proxy does (%s rules)', async (rules) => {
      const stack = stacks.get(rules)!;
      const filtered = await runWith({ stack, surface, failure, via: 'direct', filter: true, errorFunction: true }, { rules });
      const textOnly = await runWith({ stack, surface, failure, via: 'direct', filter: true, errorFunction: true }, { rules, errorKind: false });
      const proxied = await runWith({ stack, surface, failure, via: 'layered', errorFunction: true });

      const filteredMessages = comparableMessages(decisionStep(filtered));
      const proxiedMessages = comparableMessages(decisionStep(proxied));
      expect(toolMessageText(decisionStep(proxied))).toBe(failure.text);

      const filterKind = onlyFailure(filtered.reports[1]!.detections);
      const proxyKind = proxyFailure(proxied);
      expect(filterKind).toEqual(failure.filter);
      expect(proxyKind.kind).toBe(failure.proxy[rules]);
      // Without the error object's kind the filter reads the text as the proxy does, to the byte.
      expect(onlyFailure(textOnly.reports[1]!.detections)).toEqual(proxyKind);
      expect(comparableMessages(decisionStep(textOnly))).toEqual(proxiedMessages);

      const sameKind = filterKind.kind === proxyKind.kind;
      expect(notesIn(filteredMessages)).toHaveLength(filterKind.kind === 'ambiguous' ? 0 : 1);
      expect(notesIn(proxiedMessages)).toHaveLength(proxyKind.kind === 'ambiguous' ? 0 : 1);
      // Whatever the kinds, the conversations differ in the note alone (c3 adds it after the untouched exchange).
      expect(withoutNotes(filteredMessages)).toEqual(withoutNotes(proxiedMessages));
      if (sameKind) {
        expect(filteredMessages).toEqual(proxiedMessages);
        // Through a proxy either way (the plain one after the filter), the engine gets the very same body.
        const filteredViaProxy = surface.responses ? filtered : await runWith({ stack, surface, failure, via: 'plain', filter: true, errorFunction: true }, { rules });
        expect(filteredViaProxy.received[1]!.body).toBe(proxied.received[1]!.body);
      } else {
        expect(filteredMessages).not.toEqual(proxiedMessages);
      }

      rows.push(row(surface, failure.id, rules, filtered, proxied, sameKind ? 'yes' : 'no: the error object decided'));
    });

    test('with the layer off the filter changes no byte', async () => {
      const stack = stacks.get('paper')!;
      const off = await runWith({ stack, surface, failure, via: 'direct', filter: true, errorFunction: true }, { form: 'off' });
      const without = await runWith({ stack, surface, failure, via: 'direct', errorFunction: true });
      expect(off.received.length).toBeGreaterThanOrEqual(2);
      expect(off.received.map((r) => r.body)).toEqual(without.received.map((r) => r.body));
      expect(off.reports[1]!.changed).toBe(false);
    });

    test("without our error function the model sees Agents JS's fixed text, which the layer calls ambiguous", async () => {
      const stack = stacks.get('paper')!;
      const filtered = await runWith({ stack, surface, failure, via: 'direct', filter: true });
      const proxied = await runWith({ stack, surface, failure, via: 'layered' });
      for (const result of [filtered, proxied]) {
        expect(toolMessageText(decisionStep(result))).toBe(AGENTS_DEFAULT);
        expect(notesIn(comparableMessages(decisionStep(result)))).toEqual([]);
      }
      expect(onlyFailure(filtered.reports[1]!.detections)).toEqual({ kind: 'ambiguous', rule: 'generic' });
      expect(proxyFailure(proxied)).toEqual({ kind: 'ambiguous', rule: 'generic' });
      expect(comparableMessages(decisionStep(filtered))).toEqual(comparableMessages(decisionStep(proxied)));
      rows.push(row(surface, `${failure.id}, Agents JS's error function`, 'paper', filtered, proxied, 'yes'));
    });
  });

  test('the note is for one model call: the next one, after the retry, goes without it', async () => {
    const stack = stacks.get('paper')!;
    const result = await runWith({ stack, surface, failure: FAILURES[0]!, via: 'direct', filter: true, errorFunction: true, maxTurns: 3 });
    expect(result.received).toHaveLength(3);
    const after = comparableMessages(JSON.parse(result.received[2]!.body) as Record<string, unknown>);
    expect(notesIn(after)).toEqual([]);
    expect(after.filter((m) => (m as { role: string }).role === 'tool').map((m) => (m as { content: unknown }).content)).toEqual([FAILURES[0]!.text, FAILURES[0]!.answer]);
    expect(result.reports[2]!.detections).toEqual([expect.objectContaining({ kind: 'transient', scope: 'history' })]);
  });

  // The c3 runs above show the note; these show the removed exchange (c2, c4) and the rewritten result (c1).
  test.each(['c1', 'c2', 'c4'] as const)('the same bytes in form %s', async (form) => {
    const stack = formStacks.get(form)!;
    const failure = FAILURES[1]!;
    const filtered = await runWith({ stack, surface, failure, via: 'plain', filter: true, errorFunction: true }, { form });
    const proxied = await runWith({ stack, surface, failure, via: 'layered', errorFunction: true });
    expect(filtered.reports[1]!.changed).toBe(true);
    expect(filtered.received[1]!.body).toBe(proxied.received[1]!.body);
  });
});

describe('the error function', () => {
  test('keys an argument check by its call when Agents JS does not redact it, and keeps the issues', async () => {
    const stack = stacks.get('paper')!;
    setSensitiveDataLoggingEnabled(true);
    try {
      const result = await runWith({ stack, surface: SURFACES[0]!, failure: FAILURES[3]!, via: 'direct', filter: true, errorFunction: true });
      expect(toolMessageText(decisionStep(result))).toBe('InvalidToolInputError: Invalid JSON input for tool (count: Too small: expected number to be >=1)');
      expect(onlyFailure(result.reports[1]!.detections)).toEqual({ kind: 'fixable', rule: 'error-schema' });
    } finally {
      setSensitiveDataLoggingEnabled(false);
    }
  });

  test('also serves as the timeout error function', async () => {
    const stack = stacks.get('paper')!;
    const reports: LayerReport[] = [];
    const recovery = toolErrorRecovery({ onDetections: (r) => reports.push(r) });
    const slow = tool({
      name: 'slow_search',
      description: 'Searches slowly.',
      parameters: z.object({ query: z.string() }),
      timeoutMs: 20,
      timeoutErrorFunction: recovery.errorFunction,
      execute: (_input, _context, details) => new Promise<string>((resolve) => {
        const timer = setTimeout(() => resolve('found'), 5_000);
        details?.signal?.addEventListener('abort', () => clearTimeout(timer));
      }),
    });
    const result = await runOnce({ stack, surface: SURFACES[0]!, failure: { ...FAILURES[0]!, tool: () => slow }, via: 'direct', recovery, filter: true }, reports);
    expect(toolMessageText(decisionStep(result))).toBe("ToolTimeoutError: Tool 'slow_search' timed out after 20ms.");
    expect(onlyFailure(reports[1]!.detections)).toEqual({ kind: 'transient', rule: 'generic' });
  });

  test.each([
    [httpError('HTTP 503 Service Unavailable', 503), 'Error: HTTP 503 Service Unavailable'],
    [httpError('upstream refused the call', 503), 'Error: upstream refused the call (status 503)'],
    [Object.assign(new Error('request failed'), { response: { status: 429 } }), 'Error: request failed (status 429)'],
    [new TypeError('fetch failed', { cause: Object.assign(new Error('bad gateway'), { statusCode: 502 }) }), 'TypeError: fetch failed (status 502)'],
    [Object.assign(new Error('Command failed: make'), { status: 2 }), 'Error: Command failed: make'],
    [new RangeError(''), 'RangeError'],
    ['boom', 'Error: boom'],
  ])('%s reads %j', (error, text) => {
    expect(errorText(error)).toBe(text);
  });
});

describe('the codec', () => {
  // Two calls in one turn, the second failed: each form's items, written back in Agents JS's own shapes.
  const items: AgentInputItem[] = [
    { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Look both up.' }] },
    { type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'Looking.' }] },
    { type: 'function_call', callId: 'a', name: 'lookup', arguments: '{"q":"x"}' },
    { type: 'function_call', callId: 'b', name: 'lookup', arguments: '{"q":"y"}' },
    { type: 'function_call_result', callId: 'a', name: 'lookup', status: 'completed', output: { type: 'text', text: 'x: 1' } },
    { type: 'function_call_result', callId: 'b', name: 'lookup', status: 'completed', output: { type: 'text', text: 'TypeError: lookup() got an unexpected keyword argument' } },
  ];
  const apply = (form: Form) => applyToModelInput({ input: items, instructions: 'Be brief.' }, { form }).modelData;

  /** The Responses input Agents JS's converter makes of these items, in the fields the layer reads. */
  const asResponsesInput = (list: readonly AgentInputItem[]) =>
    list.map((item) => {
      if (item.type === 'function_call') return { type: 'function_call', call_id: item.callId, name: item.name, arguments: item.arguments };
      if (item.type === 'function_call_result') return { type: 'function_call_output', call_id: item.callId, output: (item.output as { text: string }).text };
      const { role, content } = item as { role: string; content: unknown };
      return { role, content };
    });

  // The proxy's Responses reader makes one assistant message of the two calls, the codec one per call: the same result.
  test.each(['c1', 'c2', 'c3', 'c4'] as const)('%s writes back what the proxy writes into the Responses request', (form) => {
    const proxy = processRequest({ model: 'm', input: asResponsesInput(items) }, { api: 'responses', form });
    expect(proxy.changed).toBe(true);
    expect(asResponsesInput(apply(form).input)).toEqual(proxy.body.input);
  });

  test('c1 appends the guidance to the result, in its own shape', () => {
    const out = apply('c1');
    expect(out.input.slice(0, 5)).toEqual(items.slice(0, 5));
    expect(out.input[5]).toMatchObject({ type: 'function_call_result', callId: 'b', output: { type: 'text', text: expect.stringMatching(/^TypeError: .*\n\S/) } });
    expect(out.instructions).toBe('Be brief.');
  });

  test('c2 and c4 remove the failed call and its result, and the note follows', () => {
    const c4 = apply('c4').input;
    expect(c4).toEqual([items[0], items[1], items[2], items[4], { role: 'user', content: expect.stringContaining('Note from the tool runtime: the last attempt called lookup') }]);
    // c2 appends to a user message at the very end only; here the last item is a result, so it is c4's.
    expect(apply('c2').input).toEqual(c4);
  });

  test('c2 appends to a final user message as an input_text part, and nothing changed is the very input', () => {
    const audio = { type: 'audio', audio: 'UklGRg==' } as const;
    const asked: AgentInputItem[] = [...items, { type: 'message', role: 'user', content: [audio] }];
    const out = applyToModelInput({ input: asked }, { form: 'c2' }).modelData.input;
    expect(out.at(-1)).toEqual({ type: 'message', role: 'user', content: [audio, { type: 'input_text', text: expect.stringContaining('\n\nNote from the tool runtime:') }] });
    const quiet = { input: items.slice(0, 5) };
    expect(applyToModelInput(quiet, { form: 'c3' }).modelData).toBe(quiet);
  });
});

afterAll(() => {
  // The measured table: one row per surface × failure × rule set, and per surface × failure without our error function.
  const header = ['surface', 'failure', 'rules', 'reached the layer (detected)', 'flag kept (is_error)', 'kind/rule (filter vs proxy)', 'rewritten', 'same bytes'];
  const lines = [header, header.map(() => '---'), ...rows.map((r) => [r.surface, r.failure, r.rules, r.detected, r.flagKept, r.kind, r.rewritten, r.sameBytes])];
  console.log(lines.map((l) => `| ${l.join(' | ')} |`).join('\n'));
});
