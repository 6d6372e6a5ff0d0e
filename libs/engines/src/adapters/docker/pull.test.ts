import { PassThrough } from 'node:stream';
import Modem from 'docker-modem';
import { describe, expect, it } from 'vitest';
import type { EngineProgress } from '../types.ts';
import { followPull, withTag } from './pull.ts';

/** docker-modem's own followProgress over a stream fed as the daemon feeds a pull (one JSON object per line). */
function pull(lines: (object | string)[], opts: { breakWith?: Error } = {}) {
  const modem = new Modem({ socketPath: '/nonexistent.sock' });
  const stream = new PassThrough();
  const events: EngineProgress[] = [];
  const done = followPull(modem.followProgress.bind(modem), stream, 'vllm/vllm-openai:v0.32.0', (e) => events.push(e));
  for (const line of lines) stream.write(`${typeof line === 'string' ? line : JSON.stringify(line)}\r\n`);
  if (opts.breakWith) stream.destroy(opts.breakWith);
  else stream.end();
  return { done, events };
}

describe('following a pull', () => {
  it('resolves when the stream ends without an error event, reporting layer progress', async () => {
    const { done, events } = pull([
      { status: 'Pulling from vllm/vllm-openai', id: 'v0.32.0' },
      { status: 'Downloading', id: 'a1', progressDetail: { current: 50, total: 200 }, progress: '[==>   ]' },
      { status: 'Digest: sha256:abc' },
      { status: 'Status: Downloaded newer image for vllm/vllm-openai:v0.32.0' },
    ]);
    await expect(done).resolves.toBeUndefined();
    expect(events[0]).toMatchObject({ phase: 'pull', message: 'vllm/vllm-openai:v0.32.0: Pulling from vllm/vllm-openai v0.32.0' });
  });

  it('rejects on an error event, although docker-modem finishes the stream without an error (the caveat)', async () => {
    // What docker-modem 5.0.7 itself does with such a stream: onFinished(null) after handing the event to onProgress.
    const modem = new Modem({ socketPath: '/nonexistent.sock' });
    const raw = new PassThrough();
    const seen = new Promise<{ error: Error | null; events: unknown[] }>((resolve) => {
      const events: unknown[] = [];
      modem.followProgress(raw, (error) => resolve({ error, events }), (e) => events.push(e));
    });
    raw.end(`${JSON.stringify({ errorDetail: { message: 'manifest unknown' }, error: 'manifest unknown' })}\n`);
    expect((await seen).error).toBeNull();

    const { done } = pull([
      { status: 'Pulling from ggml-org/llama.cpp', id: 'server-cuda-b11951' },
      { errorDetail: { message: 'toomanyrequests: You have reached your pull rate limit' }, error: 'toomanyrequests: You have reached your pull rate limit' },
    ]);
    await expect(done).rejects.toMatchObject({ code: 'engine:image-pull-failed', message: expect.stringContaining('toomanyrequests') });
  });

  it('rejects when the stream itself breaks', async () => {
    const { done } = pull([{ status: 'Downloading', id: 'a1' }], { breakWith: new Error('socket hang up') });
    await expect(done).rejects.toMatchObject({ code: 'engine:image-pull-failed', message: expect.stringContaining('socket hang up') });
  });

  it('pulls an untagged name as :latest, and keeps tags and digests', () => {
    expect(withTag('geulpu')).toBe('geulpu:latest');
    expect(withTag('localhost:5000/geulpu')).toBe('localhost:5000/geulpu:latest');
    expect(withTag('localhost:5000/geulpu:0.15.0')).toBe('localhost:5000/geulpu:0.15.0');
    expect(withTag('vllm/vllm-openai@sha256:abc')).toBe('vllm/vllm-openai@sha256:abc');
  });
});
