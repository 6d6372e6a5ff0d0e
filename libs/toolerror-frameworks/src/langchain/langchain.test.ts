import { ChatAnthropic } from '@langchain/anthropic';
import { AIMessage, HumanMessage, SystemMessage, ToolMessage, type BaseMessage } from '@langchain/core/messages';
import type { ClientTool } from '@langchain/core/tools';
import { ChatOpenAI } from '@langchain/openai';
import { HEADER_NAME, parseHeader, stripOrigin, type Form, type HeaderFailure, type RuleSetName } from '@recovery-bench/toolerror-core';
import { createAgent, createMiddleware, tool } from 'langchain';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { comparableMessages, notesIn, withoutNotes } from '../testing/compare.ts';
import { failOnce, FAILURES, type FailureCase } from '../testing/failing-tools.ts';
import { startStack, type Stack } from '../testing/stack.ts';
import { messageCodec, readMessages } from './codec.ts';
import { applyToMessages, toolErrorRecoveryMiddleware, type LayerReport } from './index.ts';

/*
 * Real LangChain agents against the sim engine (src/testing/stack.ts). Two runs per case, the model seeing what the
 * engine received (the tap):
 * - with the middleware and no layer on the way (Chat Completions straight to the tap; Anthropic Messages and
 *   Responses through the proxy with the layer off, which turns them into Chat for the sim);
 * - without the middleware, through the proxy with the layer on.
 *
 * No network: `fetch` is wrapped for the whole file and refuses anything but 127.0.0.1; the file fails if anything
 * was refused. Measured with this LangChain: ChatOpenAI with `streaming: true` under `agent.invoke` estimates the
 * usage with tiktoken and fetches https://tiktoken.pages.dev/js/gpt2.json for it (five refused fetches and more
 * than 30 s of retries here). Under `agent.stream(…, { streamMode: 'messages' })`, as a streaming application runs
 * an agent, LangChain reads the chunks as they come and takes the usage from the provider's own last chunk
 * (`stream_options.include_usage`, `streamUsage`'s default): no estimate, no fetch. The streamed surface runs that
 * way; the others run under `streamMode: 'values'`, which leaves the model call as `invoke` makes it.
 */

type Surface = 'chat' | 'chat-stream' | 'responses' | 'anthropic';
const SURFACES: readonly Surface[] = ['chat', 'chat-stream', 'responses', 'anthropic'];
/** The forms besides c3, each run once per surface. */
const OTHER_FORMS: readonly Form[] = ['c1', 'c2', 'c4'];

/**
 * A case's tool as a LangChain `tool()`, made fresh per run: the throwing ones fail on their first call only; the
 * schema case's zod schema refuses the prompt's `count=0`, so LangChain's own check fails before the tool runs.
 */
function langchainTool(failure: FailureCase): ClientTool {
  if (failure.id === 'schema') {
    return tool(async () => failure.answer, { name: failure.tool, description: 'Lists the items.', schema: z.object({ count: z.number().int().min(1) }) });
  }
  return tool(failOnce(failure), { name: failure.tool, description: 'Fetches a web page.', schema: z.object({ url: z.string() }) });
}

/** The kind the middleware reads off each case's thrown error object, and the rule that names it. */
const FROM_ERROR: Record<FailureCase['id'], { kind: string; rule: string } | undefined> = {
  '503': { kind: 'transient', rule: 'error-status' },
  'type-error': undefined,
  '403': { kind: 'unrecoverable', rule: 'error-status' },
  schema: { kind: 'fixable', rule: 'error-schema' },
};

/**
 * LangChain's message for a failed schema check quotes the exception's stack, and a `wrapToolCall` middleware adds
 * its own frames to that stack: the frames are the one place where the bytes with and without the middleware can
 * differ. Compared without them (the same pattern `quoteWithoutNoise` drops frames by).
 */
const JS_FRAME = /^\s+at (?:async )?(?:\S.*\(.*:\d+:\d+\)|\S*:\d+:\d+|.*\(native\)|.*\(<anonymous>\))$/;
function withoutFrames<T>(value: T): T {
  return JSON.parse(JSON.stringify(value), (_key, v: unknown) => (typeof v === 'string' && v.includes('\n') ? v.split('\n').filter((line) => !JS_FRAME.test(line)).join('\n') : v)) as T;
}

// ---------------------------------------------------------------------------------------------------------------
// The network guard and the stacks.

const refused: string[] = [];
const realFetch = globalThis.fetch;
const stacks = new Map<string, Stack>();

beforeAll(async () => {
  globalThis.fetch = ((input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.startsWith('http://127.0.0.1:')) {
      refused.push(url);
      return Promise.reject(new Error(`test: no network (${url})`));
    }
    return realFetch(input, init);
  }) as typeof fetch;
  const layers: [Form, RuleSetName][] = [['c3', 'paper'], ['c3', 'extended'], ...OTHER_FORMS.map((form): [Form, RuleSetName] => [form, 'paper'])];
  for (const [form, rules] of layers) stacks.set(`${form}/${rules}`, await startStack({ form, rules }));
});

afterAll(async () => {
  globalThis.fetch = realFetch;
  await Promise.all([...stacks.values()].map((s) => s.close()));
  if (table.length > 0) console.log(renderTable());
  expect(refused, 'requests that would have left this machine').toEqual([]);
});

/** The stack whose layered proxy runs `form` under `rules`. */
function stackFor(form: Form, rules: RuleSetName = 'paper'): Stack {
  return stacks.get(`${form}/${rules}`)!;
}

// ---------------------------------------------------------------------------------------------------------------
// Running an agent.

/**
 * The model's fetch, recording what the provider's client sent (the surface's own wire format) and the layer's
 * report header of every answer (the proxy's view of each call, where a proxy layered).
 */
function recorder(sent: string[], headers: string[]): typeof fetch {
  return (async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    if (typeof init?.body === 'string') sent.push(init.body);
    const response = await globalThis.fetch(input, init);
    const header = response.headers.get(HEADER_NAME);
    if (header) headers.push(header);
    return response;
  }) as typeof fetch;
}

/** The surface's chat model talking to `server` (an origin: the tap, or a proxy). */
function chatModel(surface: Surface, stack: Stack, server: string, fetch: typeof globalThis.fetch) {
  if (surface === 'anthropic') return new ChatAnthropic({ model: stack.model, apiKey: 'x', anthropicApiUrl: server, maxRetries: 0, clientOptions: { fetch } });
  return new ChatOpenAI({
    model: stack.model,
    apiKey: 'x',
    maxRetries: 0,
    streaming: surface === 'chat-stream',
    useResponsesApi: surface === 'responses',
    configuration: { baseURL: `${server}/v1`, fetch },
  });
}

interface Run {
  /** The agent's final messages. */
  messages: BaseMessage[];
  /** What the provider's client sent, in its own format. */
  sent: string[];
  /** What the engine received (always Chat Completions), parsed and as bytes. */
  bodies: Record<string, unknown>[];
  raw: string[];
  /** The middleware's reports, one per model call. */
  reports: LayerReport[];
  /** The proxy's report headers, one per model call (none where no proxy layered). */
  headers: string[];
}

async function runAgent(surface: Surface, failure: FailureCase, stack: Stack, how: { middleware?: Parameters<typeof toolErrorRecoveryMiddleware>[0]; server: string }): Promise<Run> {
  stack.tap.clear();
  const reports: LayerReport[] = [];
  const sent: string[] = [];
  const headers: string[] = [];
  const middleware = how.middleware ? [toolErrorRecoveryMiddleware({ ...how.middleware, onDetections: (r) => reports.push(r) })] : [];
  const agent = createAgent({ model: chatModel(surface, stack, how.server, recorder(sent, headers)), tools: [langchainTool(failure)], middleware });
  const input = { messages: [new HumanMessage(failure.prompt)] };
  // `messages` mode makes LangChain stream the model (see the top of the file); the other surfaces run without it.
  const streamMode = surface === 'chat-stream' ? (['messages', 'values'] as const) : (['values'] as const);
  let messages: BaseMessage[] = [];
  try {
    for await (const [mode, chunk] of await agent.stream(input, { recursionLimit: 8, streamMode: [...streamMode] })) {
      if (mode === 'values') messages = (chunk as { messages: BaseMessage[] }).messages;
    }
  } catch (error) {
    // A model that keeps calling the failing tool; the requests up to here are what is compared.
    if ((error as Error).name !== 'GraphRecursionError') throw error;
  }
  return { messages, sent, bodies: stack.tap.bodies(), raw: stack.tap.received.map((r) => r.body), reports, headers };
}

/** Where the surface goes when no layer may be on the way: Chat straight to the tap, the others through the plain proxy. */
function unlayered(surface: Surface, stack: Stack): string {
  return surface === 'chat' || surface === 'chat-stream' ? stack.tap.url : stack.plain.url;
}

/** The request right after the failure: the second one (the first call of every case fails). */
function decisionBody(run: Run): Record<string, unknown> {
  const body = run.bodies[1];
  expect(body, 'a request after the failed call').toBeDefined();
  return body!;
}

function decisionFailure(failures: readonly HeaderFailure[]): HeaderFailure | undefined {
  return failures.find((f) => f.scope === 'decision');
}

function errorMessage(run: Run): ToolMessage {
  const message = run.messages.find((m): m is ToolMessage => ToolMessage.isInstance(m));
  expect(message, 'the failed call’s ToolMessage').toBeDefined();
  return message!;
}

// ---------------------------------------------------------------------------------------------------------------
// The measured table (printed after the file).

interface Row {
  surface: Surface;
  failure: FailureCase['id'];
  rules: RuleSetName;
  detected: string;
  flag: string;
  kind: string;
  rewritten: string;
  same: string;
}
const table: Row[] = [];

function renderTable(): string {
  const head = ['surface', 'failure', 'rules', 'reached the layer (mw / proxy)', 'flag kept: is_error (mw / wire)', 'kind (mw / proxy)', 'note (mw / proxy)', 'same bytes'];
  const lines = [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`];
  for (const r of table) lines.push(`| LangChain ${r.surface} | ${r.failure} | ${r.rules} | ${r.detected} | ${r.flag} | ${r.kind} | ${r.rewritten} | ${r.same} |`);
  return lines.join('\n');
}

const yesNo = (value: boolean) => (value ? 'yes' : 'no');
const kindOf = (f: { kind: string; rule: string } | undefined) => (f ? `${f.kind} (${f.rule})` : '–');

// ---------------------------------------------------------------------------------------------------------------

/**
 * Where the note is, per failure and rule set, as measured. The middleware reads two things the proxy cannot see on
 * LangChain's wire: the thrown error object (503, 403 and the schema check have a kind there) and `status: "error"`
 * as `is_error` (no LangChain provider sends it). Where neither changes the outcome, the engine gets the same bytes
 * either way; where one does, the two requests are the same but for the note.
 */
const NOTE: Record<FailureCase['id'], Record<RuleSetName, { inside: boolean; proxy: boolean; why: 'in both' | 'differs by the flag' | 'differs by the error object' }>> = {
  '503': { paper: { inside: true, proxy: true, why: 'in both' }, extended: { inside: true, proxy: true, why: 'in both' } },
  'type-error': {
    // The paper's rules read a result flagged is_error with the common words only: "unexpected keyword argument" is
    // not among them. Unflagged, the generic rule reads it as fixable.
    paper: { inside: false, proxy: true, why: 'differs by the flag' },
    extended: { inside: true, proxy: true, why: 'in both' },
  },
  '403': { paper: { inside: true, proxy: true, why: 'in both' }, extended: { inside: true, proxy: true, why: 'in both' } },
  schema: {
    // No paper rule matches LangChain's "Error invoking tool …" text; the error object says fixable.
    paper: { inside: true, proxy: false, why: 'differs by the error object' },
    extended: { inside: true, proxy: true, why: 'in both' },
  },
};

/** The messages without the runtime notes and without stack frames. */
const withoutNotesOrFrames = (messages: readonly unknown[]): unknown[] => withoutFrames(withoutNotes(messages));

describe('same bytes as the proxy (c3)', () => {
  const cases = SURFACES.flatMap((surface) =>
    FAILURES.flatMap((failure) => (['paper', 'extended'] as const).map((rules) => ({ surface, failure, rules, note: NOTE[failure.id][rules] }))),
  );
  it.each(cases)('$surface × $failure.id × $rules: note $note.why', async ({ surface, failure, rules, note }) => {
    const stack = stackFor('c3', rules);
    const inside = await runAgent(surface, failure, stack, { middleware: { form: 'c3', rules }, server: unlayered(surface, stack) });
    const proxied = await runAgent(surface, failure, stack, { server: stack.layered.url });

    const ours = comparableMessages(decisionBody(inside));
    const theirs = comparableMessages(decisionBody(proxied));
    // What each side found at the decision step, and whether the failure flag made it.
    const mine = inside.reports.map((r) => decisionFailure(r.detections)).find(Boolean);
    const proxy = proxied.headers.map((h) => decisionFailure(parseHeader(h).failures)).find(Boolean);
    const flagInside = readMessages(inside.messages).messages.some((m) => m.role === 'tool' && m.is_error === true);
    // The client's own request after the failure, in the surface's format (Anthropic: `tool_result.is_error`).
    expect(inside.sent[1], 'the client’s request after the failure').toBeDefined();
    const flagOnWire = inside.sent[1]!.includes('"is_error"');
    table.push({
      surface,
      failure: failure.id,
      rules,
      detected: `${yesNo(mine !== undefined)} / ${yesNo(proxy !== undefined)}`,
      flag: `${yesNo(flagInside)} / ${yesNo(flagOnWire)}`,
      kind: `${kindOf(mine)} / ${kindOf(proxy)}`,
      rewritten: `${yesNo(notesIn(ours).length > 0)} / ${yesNo(notesIn(theirs).length > 0)}`,
      same: isDeepStrictEqual(ours, theirs) ? 'yes' : isDeepStrictEqual(withoutFrames(ours), withoutFrames(theirs)) ? 'yes, but for stack frames' : 'no: but for the note',
    });

    expect(notesIn(ours).length > 0, 'note inside').toBe(note.inside);
    expect(notesIn(theirs).length > 0, 'note at the proxy').toBe(note.proxy);
    if (note.inside === note.proxy) {
      // The schema check's stack frames are the only difference allowed (see withoutFrames).
      if (failure.id === 'schema') expect(withoutFrames(ours)).toEqual(withoutFrames(theirs));
      else expect(ours).toEqual(theirs);
    } else {
      expect(withoutNotesOrFrames(ours)).toEqual(withoutNotesOrFrames(theirs));
      // And the difference has exactly its reason: the kept flag, or a kind read from the error object.
      if (note.why === 'differs by the flag') expect([mine?.rule, proxy?.rule === 'is_error']).toEqual(['is_error', false]);
      else expect(mine?.rule).toMatch(/^error-/);
      expect(mine?.kind).not.toBe(proxy?.kind ?? 'none');
    }
    if (failure.id === '503' || failure.id === '403') {
      // LangChain's "Please fix your mistakes." contradicts transient and unrecoverable guidance: the extended rules'
      // note quotes the error without it; the paper's byte for byte. The tool result keeps it either way.
      expect(notesIn(ours)[0]!.text.includes('Please fix your mistakes.')).toBe(rules === 'paper');
      expect(JSON.stringify(ours)).toContain('Please fix your mistakes.');
    }
    expect(decisionBody(inside).stream === true, 'streamed').toBe(surface === 'chat-stream');
    expect(mine, 'the middleware saw the failure').toBeDefined();
    const fromError = FROM_ERROR[failure.id];
    if (fromError) expect(mine).toMatchObject(fromError);
    else expect(mine?.rule).toBe('is_error');
    expect(flagInside).toBe(true);
    expect(flagOnWire, 'LangChain sends no failure flag').toBe(false);
  });

});

describe('the other forms (503), written back into each provider’s messages', () => {
  const cases = OTHER_FORMS.flatMap((form) => SURFACES.map((surface) => ({ form, surface })));
  it.each(cases)('$form × $surface', async ({ form, surface }) => {
    const stack = stackFor(form);
    const failure = FAILURES[0]!;
    const inside = await runAgent(surface, failure, stack, { middleware: { form }, server: unlayered(surface, stack) });
    const proxied = await runAgent(surface, failure, stack, { server: stack.layered.url });
    const ours = comparableMessages(decisionBody(inside));
    expect(ours).toEqual(comparableMessages(decisionBody(proxied)));
    const roles = ours.map((m) => (m as { role: string }).role);
    const text = JSON.stringify(ours);
    if (form === 'c1') {
      // The guidance goes on the failed result itself (a rebuilt ToolMessage).
      expect(roles).toEqual(['user', 'assistant', 'tool']);
      expect(text).toContain('Please fix your mistakes.\\nThis is a temporary failure.');
    } else {
      // The failed call and its result are gone (a dropped AIMessage, whatever holds the call: ChatAnthropic's
      // tool_use blocks, the Responses API's replayed output); c2 appends the note to the user's message (a rebuilt
      // HumanMessage), c4 puts it in a turn of its own.
      expect(roles).toEqual(form === 'c2' ? ['user'] : ['user', 'user']);
      expect(notesIn(ours)).toHaveLength(1);
    }
  });
});

describe('form off and the error ToolMessage', () => {
  const cases = SURFACES.flatMap((surface) => FAILURES.map((failure) => ({ surface, failure })));
  it.each(cases)('$surface × $failure.id: the same request bytes, and LangChain’s own error ToolMessage', async ({ surface, failure }) => {
    const stack = stackFor('c3');
    const server = unlayered(surface, stack);
    const off = await runAgent(surface, failure, stack, { middleware: { form: 'off' }, server });
    const plain = await runAgent(surface, failure, stack, { server });

    const frames = failure.id === 'schema';
    if (frames) {
      // The frames differ, and so do the call ids the sim derives from each whole request: compared without both.
      const comparable = (run: Run) => run.bodies.map((b) => withoutFrames({ ...b, messages: comparableMessages(b) }));
      expect(comparable(off)).toEqual(comparable(plain));
    } else {
      expect(off.raw).toEqual(plain.raw);
    }

    const pick = (m: ToolMessage) => ({ content: m.content, status: m.status, name: m.name, tool_call_id: m.tool_call_id });
    const ours = pick(errorMessage(off));
    const langchains = pick(errorMessage(plain));
    expect(frames ? withoutFrames(ours) : ours).toEqual(frames ? withoutFrames(langchains) : langchains);
    expect(ours.status).toBe('error');
    // Off still detects and reports.
    expect(off.reports.some((r) => r.detections.length > 0 && !r.changed)).toBe(true);
  });
});

describe('LangChain’s own error handling', () => {
  it('an error a wrapToolCall middleware inside this one throws still fails the run, as without this one', async () => {
    const stack = stackFor('c3');
    const broken = createMiddleware({
      name: 'Broken',
      wrapToolCall: () => {
        throw new Error('the inner middleware broke');
      },
    });
    const failure = FAILURES[0]!;
    const agent = createAgent({ model: chatModel('chat', stack, stack.tap.url, globalThis.fetch), tools: [langchainTool(failure)], middleware: [toolErrorRecoveryMiddleware(), broken] });
    await expect(agent.invoke({ messages: [new HumanMessage(failure.prompt)] })).rejects.toThrow('the inner middleware broke');
  });
});

describe('the kind from the error object', () => {
  it.each(FAILURES.filter((f) => FROM_ERROR[f.id]))('$id', async (failure) => {
    const stack = stackFor('c3');
    const run = await runAgent('chat', failure, stack, { middleware: {}, server: stack.tap.url });
    const found = run.reports.map((r) => decisionFailure(r.detections)).find(Boolean);
    expect(found).toMatchObject(FROM_ERROR[failure.id]!);
  });

  it('errorKind: false leaves every failure to the rules, as at the proxy', async () => {
    const stack = stackFor('c3');
    const run = await runAgent('chat', FAILURES[0]!, stack, { middleware: { errorKind: false }, server: stack.tap.url });
    expect(run.reports.map((r) => decisionFailure(r.detections)).find(Boolean)).toMatchObject({ kind: 'transient', rule: 'is_error' });
  });
});

describe('the codec', () => {
  const call = { id: 'call_1', name: 'fetch_page', args: { url: 'u' }, type: 'tool_call' as const };

  it('reads LangChain messages into canonical form', () => {
    const { messages } = readMessages([
      new SystemMessage('be brief'),
      new HumanMessage({ content: [{ type: 'text', text: 'hi' }] }),
      new AIMessage({ content: '', tool_calls: [call] }),
      new ToolMessage({ content: 'Error: boom', tool_call_id: 'call_1', name: 'fetch_page', status: 'error' }),
      new AIMessage({ content: [{ type: 'tool_use', id: 'call_2', name: 'fetch_page', input: { url: 'v' } }], tool_calls: [{ ...call, id: 'call_2', args: { url: 'v' } }] }),
    ]);
    expect(messages.map(stripOrigin)).toEqual([
      { role: 'system', content: 'be brief' },
      { role: 'user', content: [{ type: 'text', text: 'hi' }] },
      { role: 'assistant', content: '', tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'fetch_page', arguments: '{"url":"u"}' } }] },
      { role: 'tool', tool_call_id: 'call_1', name: 'fetch_page', content: 'Error: boom', is_error: true },
      // The call's block is not content: the message holds nothing else.
      { role: 'assistant', content: null, tool_calls: [{ id: 'call_2', type: 'function', function: { name: 'fetch_page', arguments: '{"url":"v"}' } }] },
    ]);
  });

  it('passes the very list on when there is nothing to do, and keeps every untouched message when there is', () => {
    const clean = [new HumanMessage('hi'), new AIMessage({ content: '', tool_calls: [call] }), new ToolMessage({ content: 'ok', tool_call_id: 'call_1', name: 'fetch_page' })];
    expect(applyToMessages(clean).messages).toBe(clean);

    const failed = [clean[0]!, clean[1]!, new ToolMessage({ content: 'HTTP 503 Service Unavailable', tool_call_id: 'call_1', name: 'fetch_page', status: 'error' })];
    const after = applyToMessages(failed, [], { form: 'c3' }).messages;
    after.slice(0, 3).forEach((m, i) => expect(m).toBe(failed[i]));
    expect(HumanMessage.isInstance(after[3])).toBe(true);
    expect(after[3]!.content).toMatch(/^Note from the tool runtime: the last attempt called fetch_page with url="u" and it failed with: HTTP 503/);
  });

  it('wrapModelCall hands the model the very request when there is nothing to do', async () => {
    const { wrapModelCall } = toolErrorRecoveryMiddleware();
    // Only what the middleware reads; the rest of a ModelRequest (model, runtime, state) it passes on untouched.
    const request = { messages: [new HumanMessage('hi')], tools: [] } as unknown as Parameters<NonNullable<typeof wrapModelCall>>[0];
    let seen: unknown;
    await wrapModelCall!(request, (r) => {
      seen = r;
      return new AIMessage('done');
    });
    expect(seen).toBe(request);
  });

  it('removes a call from tool_calls, additional_kwargs, content blocks and the replayed Responses output', () => {
    const raw = new AIMessage({
      content: [
        { type: 'text', text: 'Let me look.' },
        { type: 'tool_use', id: 'call_1', name: 'fetch_page', input: { url: 'u' } },
        { type: 'tool_use', id: 'call_2', name: 'fetch_page', input: { url: 'v' } },
      ],
      tool_calls: [call, { ...call, id: 'call_2', args: { url: 'v' } }],
      additional_kwargs: { tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'fetch_page', arguments: '{}' } }] },
      response_metadata: { output: [{ type: 'function_call', call_id: 'call_1' }, { type: 'function_call', call_id: 'call_2' }] },
    });
    const [canonical] = readMessages([raw]).messages;
    const rebuilt = messageCodec.rebuild(raw, [{ ...canonical!, tool_calls: canonical!.tool_calls!.slice(1) }]) as AIMessage;
    expect(rebuilt.tool_calls?.map((c) => c.id)).toEqual(['call_2']);
    expect((rebuilt.content as { type: string; id?: string }[]).map((b) => b.id ?? b.type)).toEqual(['text', 'call_2']);
    expect(rebuilt.additional_kwargs.tool_calls).toEqual([]);
    expect(rebuilt.response_metadata.output).toEqual([{ type: 'function_call', call_id: 'call_2' }]);
    expect(rebuilt.id).toBe(raw.id);

    const onlyCall = new AIMessage({ content: [{ type: 'tool_use', id: 'call_1', name: 'fetch_page', input: {} }], tool_calls: [call] });
    const [alone] = readMessages([onlyCall]).messages;
    const { tool_calls: _gone, ...withoutCalls } = alone!;
    expect(messageCodec.rebuild(onlyCall, [withoutCalls])).toBeUndefined();
  });
});
