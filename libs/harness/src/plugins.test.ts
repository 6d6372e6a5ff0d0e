import { GUIDANCE } from '@recovery-bench/toolerror-core';
import { describe, expect, it } from 'vitest';
import { runAgentLoop } from './agent-loop.ts';
import { e1Plugin, e2Plugin } from './plugins.ts';
import { ScriptedModel } from './scripted-model.ts';
import type { InjectedFault, ToolExecutor, ToolOutcome } from './tools.ts';
import { faultEvents, visibleToolEvents } from './transcript.ts';

/** Fails the first `failures` calls with an injected fault of `kind`, then succeeds. */
function flakyExecutor(kind: InjectedFault['kind'], failures: number): ToolExecutor & { calls: number } {
  const ex = {
    calls: 0,
    async execute(): Promise<ToolOutcome> {
      ex.calls++;
      if (ex.calls <= failures) return { content: '{"error": "Service Unavailable"}', isError: true, fault: { id: `test:${kind}`, kind, tool: 'fetch' } };
      return { content: '{"value": 42}', isError: false };
    },
  };
  return ex;
}

const run = (executor: ToolExecutor, plugins = [e1Plugin]) =>
  runAgentLoop({
    model: new ScriptedModel([{ calls: [{ name: 'fetch' }] }, { answer: 'done' }]),
    messages: [{ role: 'user', content: 'fetch it' }],
    tools: [{ type: 'function', function: { name: 'fetch', parameters: { type: 'object', properties: {} } } }],
    executor,
    plugins,
  });

describe('E1, the oracle client', () => {
  it.each(['transient', 'fixable', 'unrecoverable'] as const)('appends the %s guidance to the injected fault', async (kind) => {
    const t = await run(flakyExecutor(kind, 1));
    expect(t.messages[2]).toMatchObject({ role: 'tool', content: `{"error": "Service Unavailable"}\n${GUIDANCE[kind]}` });
    expect(visibleToolEvents(t)[0]!.meta).toEqual({ e1: kind });
  });

  it('adds nothing to an ambiguous fault or a clean result', async () => {
    expect((await run(flakyExecutor('ambiguous', 1))).messages[2]).toMatchObject({ content: '{"error": "Service Unavailable"}' });
    expect((await run(flakyExecutor('transient', 0))).messages[2]).toMatchObject({ content: '{"value": 42}' });
  });
});

describe('E2, tool-side retries', () => {
  it('retries a transient fault inside the tool layer; the model sees the success', async () => {
    const executor = flakyExecutor('transient', 2);
    const t = await run(executor, [e2Plugin]);
    expect(executor.calls).toBe(3);
    expect(t.messages[2]).toMatchObject({ role: 'tool', content: '{"value": 42}' });
    expect(visibleToolEvents(t)).toHaveLength(1);
    expect(t.events.filter((e) => e.type === 'tool' && e.hidden)).toHaveLength(2);
    expect(faultEvents(t).map((e) => e.attempt)).toEqual([1, 2]);
  });

  it('gives up after three retries and shows the model the last failure', async () => {
    const executor = flakyExecutor('transient', 10);
    const t = await run(executor, [e2Plugin]);
    expect(executor.calls).toBe(4);
    expect(t.messages[2]).toMatchObject({ content: '{"error": "Service Unavailable"}' });
    expect(visibleToolEvents(t)[0]!.meta).toMatchObject({ e2Attempts: 4 });
  });

  it.each(['fixable', 'unrecoverable', 'ambiguous'] as const)('does not retry a %s fault', async (kind) => {
    const executor = flakyExecutor(kind, 1);
    await run(executor, [e2Plugin]);
    expect(executor.calls).toBe(1);
  });
});
