import { describe, expect, it } from 'vitest';
import { runAgentLoop, type LoopStep } from './agent-loop.ts';
import { BenchError } from './errors.ts';
import type { ChatMessage, ToolSpec } from './model.ts';
import { ScriptedModel } from './scripted-model.ts';
import type { ParsedToolCall, ToolExecutor } from './tools.ts';

const spec = (name: string): ToolSpec => ({ type: 'function', function: { name, parameters: { type: 'object', properties: {} } } });
const system: ChatMessage[] = [{ role: 'system', content: 'be brief' }];

/** Counts calls like an environment does, and keeps what it was given. */
function countingExecutor(): ToolExecutor & { calls: ParsedToolCall[] } {
  const calls: ParsedToolCall[] = [];
  return {
    calls,
    async execute(call) {
      calls.push(call);
      return { content: `step ${calls.length}`, isError: call.name === 'broken', raw: { step: calls.length } };
    },
  };
}

describe('runAgentLoop hooks', () => {
  it('sends user turns one by one, asks for the tools before each call, and stops on a budget before the next call', async () => {
    const model = new ScriptedModel([{ calls: [{ name: 'a' }, { name: 'a', arguments: '{"x": ' }] }, { answer: 'first done' }, { calls: [{ name: 'b' }] }, { answer: 'never asked' }]);
    const executor = countingExecutor();
    const steps: LoopStep['kind'][] = [];
    let offered = 0;
    const t = await runAgentLoop({
      model, messages: system, userTurns: ['one', 'two', 'three'], tools: [], executor,
      settings: { badArguments: 'executor' },
      hooks: {
        tools: async () => [spec(`tool${++offered}`)],
        stop: (at) => (at === 'model' && executor.calls.length >= 3 ? { end: 'limit' } : undefined),
        record: (step) => void steps.push(step.kind),
      },
    });
    expect(t.end).toBe('limit');
    expect(t.events).toEqual([]);
    expect(model.requests.map((r) => r.tools!.map((x) => x.function.name))).toEqual([['tool1'], ['tool2'], ['tool3']]);
    // The malformed arguments went to the executor as they were, with no parsed arguments.
    expect(executor.calls[1]).toMatchObject({ arguments: {}, rawArguments: '{"x": ' });
    // The budget stops the run before the model is asked again: the third turn is never sent.
    expect(t.messages.filter((m) => m.role === 'user').map((m) => m.content)).toEqual(['one', 'two']);
    expect(steps).toEqual(['turn', 'model', 'tool', 'tool', 'model', 'turn', 'model', 'tool', 'stop']);
  });

  it('retries by its own policy, waiting after every failure, and writes no error answer when told not to', async () => {
    const waits: number[] = [];
    const http = (status: number) => ({ error: new BenchError('model:http', `HTTP ${status}`, { details: { status } }) });
    const model = new ScriptedModel([http(500), http(500), http(500)]);
    const t = await runAgentLoop({
      model, messages: system, tools: [], executor: countingExecutor(), settings: { errorAnswerPrefix: null },
      hooks: { retry: { attempts: 3, retryable: () => true, waitMs: (n) => 100 * (n + 1), wait: 'after-each-failure', retryEmpty: false } },
      sleep: async (ms) => void waits.push(ms),
    });
    expect(waits).toEqual([100, 200, 300]);
    expect(t).toMatchObject({ end: 'model-error', finalAnswer: null });
    expect(t.messages).toEqual(system);
    expect(t.events.map((e) => e.type === 'error' && e.retrying)).toEqual([true, true, false]);
  });

  it('reads responses, writes tool messages and rebuilds the next conversation its own way; a stop before calls leaves them unrun', async () => {
    const model = new ScriptedModel([{ calls: [{ name: 'broken' }] }, { calls: [{ name: 'fine' }] }]);
    const executor = countingExecutor();
    const t = await runAgentLoop({
      model, messages: system, tools: [spec('broken')], executor,
      hooks: {
        stop: (at, { round }) => (at === 'calls' && round === 2 ? { end: 'limit' } : undefined),
        readResponse: (response) => ({ kind: 'calls', calls: response.toolCalls.map((call) => ({ call, arguments: { read: true } })), message: { role: 'assistant', content: null, tool_calls: response.toolCalls } }),
        toolMessage: (call, content) => ({ role: 'tool', tool_call_id: call.id, content: `[${content}]` }),
        nextMessages: ({ results }) => [...system, { role: 'user', content: `failed: ${results.filter((r) => r.isError).length}` }],
      },
    });
    expect(executor.calls.map((c) => [c.name, c.arguments])).toEqual([['broken', { read: true }]]);
    expect(model.requests[1]!.messages).toEqual([...system, { role: 'user', content: 'failed: 1' }]);
    expect(t.end).toBe('limit');
    expect(t.messages).toEqual(model.requests[1]!.messages);
    expect(t.events.map((e) => e.type)).toEqual(['model', 'tool', 'model']);
  });

  it('keeps its own copy of the conversation a hook hands back, so a hook may keep appending to the array it returned', async () => {
    const history: ChatMessage[] = [...system];
    const model = new ScriptedModel([{ calls: [{ name: 'a' }] }, { calls: [{ name: 'a' }] }, { answer: 'done' }]);
    const t = await runAgentLoop({
      model, messages: system, tools: [spec('a')], executor: countingExecutor(),
      hooks: {
        nextMessages({ assistant, results }) {
          history.push(assistant, ...results.map((r) => r.message));
          return history;
        },
      },
    });
    expect(t.messages.map((m) => m.role)).toEqual(['system', 'assistant', 'tool', 'assistant', 'tool', 'assistant']);
    expect(history).toHaveLength(5);
  });
});
