import OpenAI from 'openai';
import { GUIDANCE, HEADER_NAME, parseHeader } from '@recovery-bench/toolerror-core';
import { afterEach, describe, expect, it } from 'vitest';
import { answering, completion, sendJson } from './testing/fake-engine.ts';
import { startPair, type Pair } from './testing/proxy-pair.ts';

let pair: Pair | undefined;
afterEach(async () => {
  await pair?.close();
  pair = undefined;
});

/** A decision step: the last call failed with a transient error, flagged `is_error`. */
function failedExchange(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    model: 'm',
    messages: [
      { role: 'user', content: 'Fetch the page' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'fetch', arguments: '{"url":"https://example.com"}' } }] },
      { role: 'tool', tool_call_id: 'call_1', content: [{ type: 'text', text: 'Error: ECONNRESET while reading' }], is_error: true, cache_control: { type: 'ephemeral' } },
    ],
    tools: [{ type: 'function', function: { name: 'fetch', parameters: { type: 'object' } } }],
    ...extra,
  };
}

const NOTE = `Note from the tool runtime: the last attempt called fetch with url="https://example.com" and it failed with: Error: ECONNRESET while reading\n\n${GUIDANCE.transient}`;

describe('the recovery layer in the proxy', () => {
  it('form c3: the engine receives the note, the header and the record say so', async () => {
    pair = await startPair(answering({ content: 'retrying' }), { layer: { form: 'c3' } });
    const answer = await pair.post(JSON.stringify(failedExchange()));
    expect(answer.status).toBe(200);
    const header = answer.headers[HEADER_NAME.toLowerCase()] as string;
    expect(header).toBe('form=c3; rules=paper; changed=true; failures=2:transient:is_error:decision');

    const sent = pair.engine.chatBodies()[0]!;
    const messages = sent.messages as Record<string, unknown>[];
    expect(messages).toHaveLength(4);
    expect(messages[3]).toEqual({ role: 'user', content: NOTE });
    // Flags the layer read are stripped only after it ran; text parts are flattened.
    expect(messages[2]).toEqual({ role: 'tool', tool_call_id: 'call_1', content: 'Error: ECONNRESET while reading' });

    const [record] = await pair.records();
    expect(record!.layer).toEqual({ mode: 'proxy', form: 'c3', rules: 'paper', changed: true, header, engineHeader: null });
    expect(record!.detections).toEqual([{ messageIndex: 2, kind: 'transient', rule: 'is_error', scope: 'decision' }]);
    expect(record!.dropped.messageFields.sort()).toEqual(['cache_control', 'is_error']);
    expect(JSON.stringify(record!.request)).toContain('"is_error":true');
    expect((record!.forwarded as { messages: unknown[] }).messages[3]).toEqual({ role: 'user', content: NOTE });
  });

  it('the request field overrides the configured form and is never forwarded', async () => {
    pair = await startPair(answering({}), { layer: { form: 'c3' } });
    const answer = await pair.post(JSON.stringify(failedExchange({ geulpu_tool_errors: 'off' })));
    expect(parseHeader(answer.headers['x-geulpu-tool-errors'] as string)).toMatchObject({ form: 'off', changed: false });
    const sent = pair.engine.chatBodies()[0]!;
    expect(sent).not.toHaveProperty('geulpu_tool_errors');
    expect(sent.messages).toHaveLength(3);
  });

  it('detection sees the User-Agent before anything is stripped (Qwen Code rules)', async () => {
    pair = await startPair(answering({}), { layer: { form: 'c1' } });
    const client = new OpenAI({ baseURL: `${pair.proxy.url}/v1`, apiKey: 'k', maxRetries: 0, defaultHeaders: { 'User-Agent': 'QwenCode/0.24.4 (linux; x64)' } });
    const { response } = await client.chat.completions.create({
      model: 'm',
      messages: [
        { role: 'user', content: 'edit it' },
        { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'edit', arguments: '{"file_path":"/a.py"}' } }] },
        { role: 'tool', tool_call_id: 'c1', content: 'File /a.py has not been read in this session. Use the read_file tool first.' },
      ],
    }).withResponse();
    expect(response.headers.get('x-geulpu-tool-errors')).toBe('form=c1; rules=paper; changed=true; failures=2:fixable:qwen-error:decision');
    const tool = (pair.engine.chatBodies()[0]!.messages as Record<string, unknown>[])[2]!;
    expect(tool.content).toBe(`File /a.py has not been read in this session. Use the read_file tool first.\n${GUIDANCE.fixable}`);
  });

  it('form off still detects and reports, and leaves the conversation alone', async () => {
    pair = await startPair(answering({}));
    const answer = await pair.post(JSON.stringify(failedExchange()));
    expect(answer.headers['x-geulpu-tool-errors']).toBe('form=off; rules=paper; changed=false; failures=2:transient:is_error:decision');
    expect(pair.engine.chatBodies()[0]!.messages).toHaveLength(3);
  });
});

describe('engine-layer mode (GeulPU runs its own layer)', () => {
  const geulpu = (req: { json: unknown }, res: Parameters<typeof sendJson>[0]): void => {
    const form = (req.json as Record<string, unknown>).geulpu_tool_errors;
    sendJson(res, 200, completion({ content: 'ok' }), { 'X-GeulPU-Tool-Errors': `form=${String(form)}; rules=paper; changed=true; failures=2:transient:is_error:decision` });
  };

  it('passes the client field through untouched and relays the engine header', async () => {
    pair = await startPair(geulpu, { upstream: { engine: 'geulpu' }, layer: { form: 'c3', engineLayer: true } });
    const answer = await pair.post(JSON.stringify(failedExchange({ geulpu_tool_errors: 'c2' })));
    const sent = pair.engine.chatBodies()[0]!;
    expect(sent.geulpu_tool_errors).toBe('c2');
    const messages = sent.messages as Record<string, unknown>[];
    expect(messages).toHaveLength(3);
    // The engine's layer needs the same flags ours would read.
    expect(messages[2]).toMatchObject({ is_error: true });
    expect(messages[2]).not.toHaveProperty('cache_control');
    expect(answer.headers['x-geulpu-tool-errors']).toBe('form=c2; rules=paper; changed=true; failures=2:transient:is_error:decision');
    const [record] = await pair.records();
    expect(record!.layer).toMatchObject({ mode: 'engine', form: 'c2', changed: false, engineHeader: answer.headers['x-geulpu-tool-errors'] });
    expect(record!.detections).toEqual([{ messageIndex: 2, kind: 'transient', rule: 'is_error', scope: 'decision' }]);
  });

  it('sends the configured form when the client names none', async () => {
    pair = await startPair(geulpu, { upstream: { engine: 'geulpu' }, layer: { form: 'c3', engineLayer: true } });
    await pair.post(JSON.stringify(failedExchange()));
    expect(pair.engine.chatBodies()[0]!.geulpu_tool_errors).toBe('c3');
  });

  it('strips the field and the flags when the engine layer is not wanted', async () => {
    pair = await startPair(geulpu, { upstream: { engine: 'geulpu' } });
    const answer = await pair.post(JSON.stringify(failedExchange({ geulpu_tool_errors: 'c2' })));
    const sent = pair.engine.chatBodies()[0]!;
    expect(sent).not.toHaveProperty('geulpu_tool_errors');
    // c2 removed the failed exchange and put the note into the user's turn.
    expect(sent.messages).toEqual([{ role: 'user', content: `Fetch the page\n\n${NOTE}` }]);
    // Ours, not the engine's.
    expect(answer.headers['x-geulpu-tool-errors']).toMatch(/^form=c2; rules=paper; changed=true/);
    const [record] = await pair.records();
    expect(record!.layer.engineHeader).toMatch(/^form=undefined/);
  });
});
