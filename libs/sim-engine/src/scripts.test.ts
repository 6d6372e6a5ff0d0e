import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { SimConfigError } from './errors.ts';
import { argumentsFor, genericTurn, scriptedTurn } from './progress.ts';
import { sha256Hex } from './random.ts';
import type { ChatMessage, ChatTool } from './request.ts';
import { ScriptRegistry, type SimScriptInput } from './scripts.ts';
import { startSimEngine } from './server.ts';
import { GUIDANCE_SENTENCES } from './texts.ts';

const BOOKING: SimScriptInput = {
  id: 'booking',
  match: { marker: '[task:booking]' },
  steps: [
    { call: { name: 'find_room', arguments: { day: 'mon' } } },
    { calls: [{ name: 'price', arguments: { room: 'B-1' } }, { name: 'reviews', arguments: { room: 'B-1' } }] },
    { call: { name: 'book', arguments: { room: 'B-1' } } },
    { answer: 'Booked: {{lastToolResult}}' },
  ],
};

function call(id: string, name: string, args: string): ChatMessage {
  return { role: 'assistant', content: null, tool_calls: [{ id, type: 'function', function: { name, arguments: args } }] };
}
const result = (id: string, content: string): ChatMessage => ({ role: 'tool', tool_call_id: id, content });

describe('script files and matching', () => {
  it('loads YAML and JSON files (one script or a list) from a directory tree, in name order', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sim-scripts-'));
    await mkdir(join(dir, 'nested'));
    await writeFile(join(dir, 'a.yaml'), 'id: a\nmatch: {marker: "[a]"}\nsteps:\n  - answer: A\n');
    await writeFile(join(dir, 'nested', 'b.json'), JSON.stringify([{ id: 'b1', match: { marker: '[b]' }, steps: [{ answer: 'B' }] }, { id: 'b2', match: { marker: '[b2]' }, steps: [{ answer: 'B2' }] }]));
    await writeFile(join(dir, 'notes.txt'), 'ignored');
    const registry = await ScriptRegistry.fromDirectory(dir);
    expect(registry.list().map((s) => s.id)).toEqual(['a', 'b1', 'b2']);
    expect(registry.match('please [b2] now')?.id).toBe('b2');
  });

  it('names the file of an invalid script and refuses duplicate ids', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sim-scripts-'));
    const bad = join(dir, 'bad.yaml');
    await writeFile(bad, 'id: x\nmatch: {}\nsteps: []\n');
    const error = await new ScriptRegistry().loadFile(bad).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SimConfigError);
    expect((error as SimConfigError).message).toContain(`${bad}: invalid script`);
    const registry = new ScriptRegistry();
    registry.add(BOOKING);
    expect(() => registry.add(BOOKING)).toThrow(/already registered/);
  });

  it('matches a hash of the first user message (notes cut off) before any marker', () => {
    const registry = new ScriptRegistry();
    registry.add({ id: 'by-marker', match: { marker: 'Book' }, steps: [{ answer: 'm' }] });
    registry.add({ id: 'by-hash', match: { firstUserSha256: sha256Hex('Book a room') }, steps: [{ answer: 'h' }] });
    expect(registry.match('Book a room')?.id).toBe('by-hash');
    expect(registry.match(`Book a room\n\nNote from the tool runtime: the last attempt called x with no arguments and it failed with: Error\n\n${GUIDANCE_SENTENCES.transient}`)?.id).toBe('by-hash');
    expect(registry.match('Book two rooms')?.id).toBe('by-marker');
    expect(registry.match('nothing')).toBeUndefined();
  });
});

describe('the scripted policy', () => {
  const script = new ScriptRegistry().add(BOOKING);
  const user: ChatMessage = { role: 'user', content: '[task:booking] book me a room' };

  it('walks the steps against the calls that succeeded; a failed call does not count', () => {
    expect(scriptedTurn(script, [user]).action).toEqual({ type: 'tool_calls', calls: [{ name: 'find_room', arguments: '{"day":"mon"}' }] });
    const failed = [user, call('1', 'find_room', '{"day":"mon"}'), result('1', 'Error: 503 Service Unavailable')];
    expect(scriptedTurn(script, failed).trace).toMatchObject({ step: 0 });
    const found = [...failed, call('2', 'find_room', '{"day":"mon"}'), result('2', 'B-1 is free')];
    expect(scriptedTurn(script, found).action).toEqual({ type: 'tool_calls', calls: [{ name: 'price', arguments: '{"room":"B-1"}' }, { name: 'reviews', arguments: '{"room":"B-1"}' }] });
    const half = [...found, call('3', 'reviews', '{}'), result('3', 'good')];
    expect(scriptedTurn(script, half).action).toEqual({ type: 'tool_calls', calls: [{ name: 'price', arguments: '{"room":"B-1"}' }] });
    const priced = [...half, call('4', 'price', '{}'), result('4', '80 EUR'), call('5', 'book', '{}'), result('5', 'confirmation K-77')];
    expect(scriptedTurn(script, priced)).toEqual({ action: { type: 'text', content: 'Booked: confirmation K-77' }, trace: { policy: 'scripted', scriptId: 'booking', step: 3 } });
  });

  it('runs a whole episode over HTTP: the client executes tools, one fails transiently, the answer carries the key', async () => {
    const scripts = new ScriptRegistry();
    scripts.add(BOOKING);
    const sim = await startSimEngine({ profile: 'ideal', scripts });
    try {
      const client = new OpenAI({ baseURL: sim.baseUrl, apiKey: 'x', maxRetries: 0 });
      const messages: OpenAI.Chat.ChatCompletionMessageParam[] = [{ role: 'user', content: '[task:booking] book me a room' }];
      let attempts = 0;
      const execute = (name: string) => {
        if (name === 'book' && attempts++ === 0) return 'Error: 503 Service Unavailable';
        return name === 'book' ? 'confirmation K-77' : `${name} ok`;
      };
      for (let turn = 0; turn < 10; turn++) {
        const message = (await client.chat.completions.create({ model: sim.model, messages })).choices[0]!.message;
        messages.push(message);
        if (!message.tool_calls) break;
        for (const c of message.tool_calls) if (c.type === 'function') messages.push({ role: 'tool', tool_call_id: c.id, content: execute(c.function.name) });
      }
      expect(messages.at(-1)).toMatchObject({ role: 'assistant', content: 'Booked: confirmation K-77' });
      expect(attempts).toBe(2);
    } finally {
      await sim.close();
    }
  });
});

describe('the generic policy', () => {
  const tools: ChatTool[] = [
    { type: 'function', function: { name: 'a', parameters: { type: 'object', properties: { city: { type: 'string' }, days: { type: 'integer' }, unit: { type: 'string', enum: ['c', 'f'] }, lang: { type: 'string', examples: ['en'] }, tz: { type: 'string', default: 'UTC' }, note: { type: 'string' }, id: { type: 'string' } }, required: ['id'] } } },
    { type: 'function', function: { name: 'b' } },
  ];

  it('takes key=value pairs, else default, enum, examples, else a typed blank for required properties', () => {
    const pairs = new Map([['city', 'Rio de Janeiro'], ['days', '3']]);
    expect(argumentsFor(tools[0]!, pairs)).toEqual({ city: 'Rio de Janeiro', days: 3, unit: 'c', lang: 'en', tz: 'UTC', id: '' });
  });

  it('calls each tool once in order, then answers restating the last result', () => {
    const user: ChatMessage = { role: 'user', content: 'city="Rio de Janeiro" days=3' };
    expect(genericTurn({ messages: [user], tools }).action).toEqual({ type: 'tool_calls', calls: [{ name: 'a', arguments: '{"city":"Rio de Janeiro","days":3,"unit":"c","lang":"en","tz":"UTC","id":""}' }] });
    const afterA = [user, call('1', 'a', '{}'), result('1', 'sunny')];
    expect(genericTurn({ messages: afterA, tools }).action).toEqual({ type: 'tool_calls', calls: [{ name: 'b', arguments: '{}' }] });
    const afterB = [...afterA, call('2', 'b', '{}'), result('2', 'done: 42')];
    expect(genericTurn({ messages: afterB, tools }).action).toEqual({ type: 'text', content: 'Done. The last tool result was: done: 42' });
  });

  it('follows tool_choice none and a named tool', () => {
    const user: ChatMessage = { role: 'user', content: 'hello' };
    expect(genericTurn({ messages: [user], tools, tool_choice: 'none' }).action.type).toBe('text');
    expect(genericTurn({ messages: [user], tools, tool_choice: { type: 'function', function: { name: 'b' } } }).action).toEqual({ type: 'tool_calls', calls: [{ name: 'b', arguments: '{}' }] });
  });
});

describe('steps of user turns', () => {
  const TURNS: SimScriptInput = {
    id: 'turns',
    match: { marker: '[task:turns]' },
    steps: [
      { call: { name: 'open', arguments: { id: 1 } }, turn: 1 },
      { calls: [{ name: 'read', arguments: { id: 1 } }, { name: 'open', arguments: { id: 2 } }], turn: 2 },
      { answer: 'All done.' },
    ],
  };
  const script = new ScriptRegistry().add(TURNS);
  const names = (messages: ChatMessage[]) => {
    const turn = scriptedTurn(script, messages);
    return turn.action.type === 'tool_calls' ? turn.action.calls.map((c) => c.name) : `text: ${turn.action.content}`;
  };
  const first: ChatMessage = { role: 'user', content: '[task:turns] open the first' };

  it('answers at the end of a turn instead of starting the next turn\'s calls', () => {
    expect(names([first])).toEqual(['open']);
    expect(names([first, call('a', 'open', '{"id":1}'), result('a', 'opened 1')])).toBe('text: Done. The last tool result was: opened 1');
  });

  it('counts a call only in its own turn, and leaves a step the user moved on from undone', () => {
    // Turn 1's open failed and the model gave up; in turn 2 it does turn 2's calls, not turn 1's again.
    const gaveUp: ChatMessage[] = [first, call('a', 'open', '{"id":1}'), result('a', 'Error: HTTP 503'), { role: 'assistant', content: 'The service is down.' }, { role: 'user', content: 'now read it' }];
    expect(names(gaveUp)).toEqual(['read', 'open']);
    // Turn 2's `open` does not complete turn 1's step, nor the other way round.
    const both = [...gaveUp, { role: 'assistant', content: null, tool_calls: [{ id: 'b', type: 'function', function: { name: 'read', arguments: '{"id":1}' } }, { id: 'c', type: 'function', function: { name: 'open', arguments: '{"id":2}' } }] } as ChatMessage, result('b', 'text'), result('c', 'opened 2')];
    expect(names(both)).toBe('text: All done.');
  });

  it('does not count a runtime note in a user message of its own as a new turn', () => {
    const note: ChatMessage = { role: 'user', content: 'Note from the tool runtime: the last attempt called open with id=1 and it failed with: HTTP 503' };
    expect(names([first, call('a', 'open', '{"id":1}'), result('a', 'Error: HTTP 503'), note, { role: 'assistant', content: 'I will stop.' }, { role: 'user', content: 'ok, read it' }])).toEqual(['read', 'open']);
  });
});
