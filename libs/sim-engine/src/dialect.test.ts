import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimEngine, type SimEngine } from './server.ts';

// The llama.cpp dialect's answers, as the real llama.cpp server (b10573) gives them (measured; the real-server
// comparison is libs/engines' sim-dialect.llamacpp.test.ts).
describe('the llama.cpp dialect', () => {
  let sim: SimEngine;
  let openai: SimEngine;
  beforeAll(async () => {
    sim = await startSimEngine({ profile: 'ideal', dialect: 'llama.cpp', quirks: { contextLimit: { contextTokens: 50 } } });
    openai = await startSimEngine({ profile: 'ideal' });
  });
  afterAll(async () => {
    await sim.close();
    await openai.close();
  });

  const post = async (engine: SimEngine, body: string, path = '/v1/chat/completions') => {
    const response = await fetch(`${engine.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    return { status: response.status, body: (await response.json()) as { error: Record<string, unknown> } };
  };

  it('answers JSON it cannot read with 500 and nlohmann\'s words, as llama.cpp does (OpenAI\'s dialect: 400)', async () => {
    expect(await post(sim, '{"messages": [')).toEqual({ status: 500, body: { error: { code: 500, message: '[json.exception.parse_error.101] parse error at line 1, column 15: syntax error while parsing value - unexpected end of input', type: 'server_error' } } });
    expect((await post(openai, '{"messages": [')).status).toBe(400);
  });

  it('answers a request without messages, an unknown route and a grammar beside tools as llama.cpp does', async () => {
    expect(await post(sim, '{}')).toEqual({ status: 400, body: { error: { code: 400, message: "'messages' is required", type: 'invalid_request_error' } } });
    expect(await post(sim, '{}', '/nowhere')).toEqual({ status: 404, body: { error: { message: 'File Not Found', type: 'not_found_error', code: 404 } } });
    const grammar = JSON.stringify({ messages: [{ role: 'user', content: 'hi' }], grammar: 'root ::= "x"', tools: [{ type: 'function', function: { name: 'f' } }] });
    expect(await post(sim, grammar)).toEqual({ status: 400, body: { error: { code: 400, message: 'Cannot use custom grammar constraints with tools.', type: 'invalid_request_error' } } });
  });

  it('refuses a history tool call whose arguments are not JSON, on every later turn (500)', async () => {
    const body = JSON.stringify({ messages: [{ role: 'user', content: 'hi' }, { role: 'assistant', content: '', tool_calls: [{ id: 'a', type: 'function', function: { name: 'f', arguments: '{not json' } }] }, { role: 'tool', tool_call_id: 'a', content: 'x' }, { role: 'user', content: 'again' }] });
    const answer = await post(sim, body);
    expect(answer.status).toBe(500);
    expect(answer.body.error).toMatchObject({ code: 500, type: 'server_error', message: expect.stringMatching(/^Failed to parse tool call arguments as JSON: \[json\.exception\.parse_error\.101\] parse error at line 1, column 2: /) });
    expect((await post(openai, body)).status).toBe(200);
  });

  it('checks the context as llama.cpp does: the prompt alone, 400 exceed_context_size_error with the numbers', async () => {
    const answer = await post(sim, JSON.stringify({ messages: [{ role: 'user', content: 'word '.repeat(80) }], max_tokens: 5 }));
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ code: 400, type: 'exceed_context_size_error', n_ctx: 50, message: expect.stringMatching(/^request \(\d+ tokens\) exceeds the available context size \(50 tokens\), try increasing it$/) });
    // A long output budget is not its business.
    expect((await post(sim, JSON.stringify({ messages: [{ role: 'user', content: 'hi' }], max_tokens: 100_000 }))).status).toBe(200);
  });

  it('refuses a dialect it does not know', async () => {
    await expect(startSimEngine({ profile: 'ideal', dialect: 'vllm' as never })).rejects.toThrow(/dialect must be one of openai, llama\.cpp/);
  });
});
