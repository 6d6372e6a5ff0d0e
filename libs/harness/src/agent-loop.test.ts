import { describe, expect, it } from 'vitest';
import { runAgentLoop } from './agent-loop.ts';
import { BenchError } from './errors.ts';
import type { ToolSpec } from './model.ts';
import { ScriptedModel } from './scripted-model.ts';
import type { ToolExecutor, ToolOutcome } from './tools.ts';

const tools: ToolSpec[] = [{ type: 'function', function: { name: 'lookup', parameters: { type: 'object', properties: { q: { type: 'string' } } } } }];
const start = [{ role: 'user' as const, content: 'look up x' }];

/** Answers every call with the query echoed, and keeps the calls it saw. */
function echoExecutor(): ToolExecutor & { seen: string[] } {
  const seen: string[] = [];
  return {
    seen,
    async execute(call): Promise<ToolOutcome> {
      seen.push(`${call.name}(${JSON.stringify(call.arguments)})`);
      return { content: JSON.stringify({ q: call.arguments.q ?? null }), isError: false };
    },
  };
}

const noSleep = async () => {};

describe('runAgentLoop', () => {
  it('runs tool calls until a text answer and keeps the messages in OpenAI shape', async () => {
    const model = new ScriptedModel([{ calls: [{ name: 'lookup', arguments: { q: 'x' } }] }, { answer: 'x is 1' }]);
    const executor = echoExecutor();
    const t = await runAgentLoop({ model, messages: start, tools, executor });
    expect(t.end).toBe('answer');
    expect(t.finalAnswer).toBe('x is 1');
    expect(executor.seen).toEqual(['lookup({"q":"x"})']);
    expect(t.messages).toEqual([
      { role: 'user', content: 'look up x' },
      { role: 'assistant', content: '', tool_calls: [{ id: 'call_1_1', type: 'function', function: { name: 'lookup', arguments: '{"q":"x"}' } }] },
      { role: 'tool', tool_call_id: 'call_1_1', name: 'lookup', content: '{"q":"x"}' },
      { role: 'assistant', content: 'x is 1' },
    ]);
    expect(t.usage).toEqual({ promptTokens: 20, completionTokens: 10 });
    expect(t.events.map((e) => e.type)).toEqual(['model', 'tool', 'model']);
    expect(model.requests[1]!.messages).toHaveLength(3);
    expect(model.requests[0]!.tools).toEqual(tools);
  });

  it('keeps only the first call of a turn when told to', async () => {
    const model = new ScriptedModel([{ calls: [{ name: 'lookup', arguments: { q: 'a' } }, { name: 'lookup', arguments: { q: 'b' } }] }, { answer: 'ok' }]);
    const executor = echoExecutor();
    const t = await runAgentLoop({ model, messages: start, tools, executor, settings: { toolCallsPerTurn: 'first' } });
    expect(executor.seen).toEqual(['lookup({"q":"a"})']);
    expect((t.messages[1] as { tool_calls: unknown[] }).tool_calls).toHaveLength(1);
  });

  it('ends at the round limit with a limit event and no final answer', async () => {
    const model = new ScriptedModel(() => ({ calls: [{ name: 'lookup', arguments: { q: 'again' } }] }));
    const executor = echoExecutor();
    const t = await runAgentLoop({ model, messages: start, tools, executor, settings: { limits: { maxRounds: 25 } } });
    expect(t.end).toBe('limit');
    expect(t.finalAnswer).toBeNull();
    expect(executor.seen).toHaveLength(25);
    expect(t.events.at(-1)).toMatchObject({ type: 'limit', limit: 'rounds', value: 25 });
  });

  it('ends the run on malformed arguments with the error answer', async () => {
    const model = new ScriptedModel([{ calls: [{ name: 'lookup', arguments: '{"q": ' }] }]);
    const t = await runAgentLoop({ model, messages: start, tools, executor: echoExecutor() });
    expect(t.end).toBe('bad-arguments');
    expect(t.finalAnswer).toMatch(/^Error during execution: invalid JSON in arguments of lookup: /);
  });

  it('tells the model about malformed arguments when configured, and treats "" as no arguments', async () => {
    const model = new ScriptedModel([{ calls: [{ name: 'lookup', arguments: '[1]' }] }, { calls: [{ name: 'lookup', arguments: '' }] }, { answer: 'ok' }]);
    const executor = echoExecutor();
    const t = await runAgentLoop({ model, messages: start, tools, executor, settings: { badArguments: 'tell-model' } });
    expect(t.messages[2]).toMatchObject({ role: 'tool', content: 'Error: arguments of lookup must be a JSON object' });
    expect(executor.seen).toEqual(['lookup({})']);
  });

  it('retries retryable model errors visibly, with backoff, then answers with the error', async () => {
    const delays: number[] = [];
    const model = new ScriptedModel(() => ({ error: new BenchError('model:http', 'HTTP 503 from engine', { details: { status: 503 } }) }));
    const t = await runAgentLoop({
      model, messages: start, tools, executor: echoExecutor(),
      settings: { modelRetry: { attempts: 5, baseDelayMs: 2000 } },
      sleep: async (ms) => void delays.push(ms),
    });
    expect(delays).toEqual([2000, 4000, 8000, 16000]);
    expect(t.end).toBe('model-error');
    expect(t.finalAnswer).toBe('Error during execution: HTTP 503 from engine');
    const errors = t.events.filter((e) => e.type === 'error');
    expect(errors.map((e) => (e as { retrying: boolean }).retrying)).toEqual([true, true, true, true, false]);
  });

  it('does not retry a non-retryable error', async () => {
    const model = new ScriptedModel([{ error: new BenchError('model:http', 'HTTP 400: bad request', { details: { status: 400 } }) }]);
    const t = await runAgentLoop({ model, messages: start, tools, executor: echoExecutor(), settings: { modelRetry: { attempts: 5 } }, sleep: noSleep });
    expect(model.requests).toHaveLength(1);
    expect(t.end).toBe('model-error');
  });

  it('recovers when a retry succeeds', async () => {
    const model = new ScriptedModel([{ error: new BenchError('model:unreachable', 'connect ECONNREFUSED') }, { answer: 'fine' }]);
    const t = await runAgentLoop({ model, messages: start, tools, executor: echoExecutor(), settings: { modelRetry: { attempts: 3 } }, sleep: noSleep });
    expect(t.end).toBe('answer');
    expect(t.finalAnswer).toBe('fine');
  });

  it('counts empty responses against the attempts when asked', async () => {
    const model = new ScriptedModel(() => ({ answer: '' }));
    const t = await runAgentLoop({ model, messages: start, tools, executor: echoExecutor(), settings: { modelRetry: { attempts: 5, retryEmpty: true } }, sleep: noSleep });
    expect(model.requests).toHaveLength(5);
    expect(t.end).toBe('empty-responses');
    expect(t.finalAnswer).toBe('Error: Model repeatedly returned empty responses without tool calls or final answer.');
  });

  it('asks again at once after an empty response, and waits after a failure or when waitAfterEmpty asks for it', async () => {
    const run = async (waitAfterEmpty: boolean) => {
      const waits: number[] = [];
      const model = new ScriptedModel([{ answer: '' }, { error: new BenchError('model:unreachable', 'connect ECONNREFUSED') }, { answer: '' }, { answer: 'fine' }]);
      const t = await runAgentLoop({ model, messages: start, tools, executor: echoExecutor(), settings: { modelRetry: { attempts: 5, baseDelayMs: 1000, retryEmpty: true, waitAfterEmpty } }, sleep: async (ms) => void waits.push(ms) });
      expect(t.finalAnswer).toBe('fine');
      return waits;
    };
    expect(await run(false)).toEqual([2000]);
    expect(await run(true)).toEqual([1000, 2000, 4000]);
  });

  it('throws run:aborted when the signal fires, so the sample is not recorded', async () => {
    const controller = new AbortController();
    const model = new ScriptedModel(() => {
      controller.abort();
      return { calls: [{ name: 'lookup' }] };
    });
    await expect(runAgentLoop({ model, messages: start, tools, executor: echoExecutor(), signal: controller.signal })).rejects.toMatchObject({ code: 'run:aborted' });
  });

  it('rejects unknown settings', async () => {
    const model = new ScriptedModel([{ answer: 'x' }]);
    await expect(runAgentLoop({ model, messages: start, tools, executor: echoExecutor(), settings: { maxRounds: 3 } as never })).rejects.toThrow(/Unrecognized key/);
  });
});
