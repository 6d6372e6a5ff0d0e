import { GUIDANCE, runtimeNote } from '@recovery-bench/toolerror-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRecord } from './error-body.ts';
import { startRecordingProxy, WEATHER_TOOL } from './testing/proxy-pair.ts';
import { findRealLlama, startRealLlama, type RealLlama } from './testing/real-llama.ts';

// The forms as the model reads them: each form's forwarded request rendered by llama.cpp's own Jinja chat template
// (`POST /apply-template`, the real Qwen3 template inside the tiny model), split into its turns.
const real = findRealLlama();

const FAILURE = 'HTTP Error 503: Service Unavailable (the weather service is overloaded; try again shortly)';
const QUESTION = 'What is the weather in Paris?';
const CLIENT_REQUEST = {
  model: 'any',
  tools: [WEATHER_TOOL],
  messages: [
    { role: 'system', content: 'You answer questions about the weather.' },
    { role: 'user', content: QUESTION },
    { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }] },
    { role: 'tool', tool_call_id: 'call_1', content: FAILURE },
  ],
};
const NOTE = runtimeNote({ name: 'get_weather', arguments: { city: 'Paris' } }, FAILURE, 'transient');

interface Turn {
  role: string;
  text: string;
}

/** Qwen3's ChatML turns, in order; the open assistant turn of the generation prompt is left out. */
function turns(prompt: string): Turn[] {
  return [...prompt.matchAll(/<\|im_start\|>(\w+)\n([\s\S]*?)<\|im_end\|>\n/g)].map((m) => ({ role: m[1]!, text: m[2]! }));
}

const toolResponse = (text: string): Turn => ({ role: 'user', text: `<tool_response>\n${text}\n</tool_response>` });

describe.skipIf(!real.files)(`the forms as llama.cpp renders them${real.files ? '' : ` — skipped: ${real.missing}`}`, () => {
  let llama: RealLlama;
  let client: Turn[];
  let clientPrompt: string;

  async function render(body: unknown): Promise<string> {
    const answer = await fetch(`${llama.url}/apply-template`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect(answer.status).toBe(200);
    return ((await answer.json()) as { prompt: string }).prompt;
  }

  /** The prompt llama.cpp renders from what the proxy forwarded with the layer in `form`. */
  async function forwardedPrompt(form: 'off' | 'c1' | 'c2' | 'c3' | 'c4'): Promise<string> {
    const recording = await startRecordingProxy(llama.url, { upstream: { engine: 'llama.cpp' }, model: { servedName: llama.alias }, layer: { form }, records: { rendered: true } });
    try {
      const answer = await recording.post(JSON.stringify(CLIENT_REQUEST));
      expect(answer.status, answer.text).toBe(200);
      const [record] = await recording.records();
      expect(record!.layer.changed).toBe(form !== 'off');
      expect(isRecord(record!.forwarded)).toBe(true);
      // The record keeps what the model read (records.rendered): the engine's rendering of the forwarded request.
      const prompt = await render(record!.forwarded);
      expect(record!.rendered).toEqual({ prompt, source: '/apply-template', reason: null });
      return prompt;
    } finally {
      await recording.close();
    }
  }

  beforeAll(async () => {
    llama = await startRealLlama(real.files!);
    clientPrompt = await render(CLIENT_REQUEST);
    client = turns(clientPrompt);
    // What the client's own conversation renders as: system (with the tools), the question, the call, the result.
    expect(client.map((t) => t.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(client[3]).toEqual(toolResponse(FAILURE));
  });

  afterAll(async () => {
    await llama?.close();
  });

  it('off: the engine reads the prompt of the client\'s own request, byte for byte', async () => {
    expect(await forwardedPrompt('off')).toBe(clientPrompt);
  });

  it('c1: the guidance ends the tool response, inside it', async () => {
    expect(turns(await forwardedPrompt('c1'))).toEqual([client[0], client[1], client[2], toolResponse(`${FAILURE}\n${GUIDANCE.transient}`)]);
  });

  it('c2: the failed exchange is gone and the note ends the user\'s question', async () => {
    expect(turns(await forwardedPrompt('c2'))).toEqual([client[0], { role: 'user', text: `${QUESTION}\n\n${NOTE}` }]);
  });

  it('c3: everything stays, and the note is a user turn of its own right after the tool response (two user turns in a row)', async () => {
    expect(turns(await forwardedPrompt('c3'))).toEqual([...client, { role: 'user', text: NOTE }]);
  });

  it('c4: the failed exchange is gone and the note is a new user turn at the end', async () => {
    expect(turns(await forwardedPrompt('c4'))).toEqual([client[0], client[1], { role: 'user', text: NOTE }]);
  });
});
