import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversation, STIMULUS_TOOLS, stimuli } from './testing/delivery-stimuli.ts';
import { canonicalJson } from './random.ts';
import { startSimEngine, type SimEngine } from './server.ts';

async function post(sim: SimEngine, body: unknown): Promise<{ bytes: Buffer; headers: Headers }> {
  const response = await fetch(`${sim.baseUrl}/chat/completions`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
  return { bytes: Buffer.from(await response.arrayBuffer()), headers: response.headers };
}

describe('determinism', () => {
  const sims: SimEngine[] = [];
  beforeAll(async () => {
    for (const seed of [1, 1, 2]) sims.push(await startSimEngine({ profile: 'paper/qwen2.5-7b', seed }));
  });
  afterAll(async () => {
    for (const sim of sims) await sim.close();
  });
  const a = () => sims[0]!;
  const b = () => sims[1]!;
  const other = () => sims[2]!;
  const st = stimuli()[0]!;
  const body = { model: 'any', messages: conversation(st, 'C0'), tools: STIMULUS_TOOLS };

  it('gives the same response bytes and headers for the same body and seed, streamed or not, on one or two servers', async () => {
    for (const variant of [body, { ...body, stream: true, stream_options: { include_usage: true } }]) {
      const first = await post(a(), variant);
      const again = await post(a(), variant);
      const twin = await post(b(), variant);
      expect(again.bytes.equals(first.bytes)).toBe(true);
      expect(twin.bytes.equals(first.bytes)).toBe(true);
      expect([...twin.headers.entries()]).toEqual([...first.headers.entries()]);
      expect(first.headers.get('date')).toBeNull();
    }
  });

  it('reads key order as meaningless: a reordered body gives the same bytes', async () => {
    const reordered = JSON.parse(canonicalJson(body)) as unknown;
    expect((await post(a(), reordered)).bytes.equals((await post(a(), body)).bytes)).toBe(true);
  });

  it('decides the same whether streamed or not, and whatever the sampling fields say', async () => {
    const trace = async (extra: Record<string, unknown>) => (await post(a(), { ...body, ...extra })).headers.get('x-sim-trace');
    const plain = await trace({});
    expect(await trace({ stream: true })).toBe(plain);
    expect(await trace({ temperature: 0.7, seed: 99, model: 'other' })).toBe(plain);
  });

  it('can decide differently under another seed', async () => {
    // Qwen2.5-7B repeats after a transient error in the client's form with p = .37, so over 20 scenarios
    // two seeds agreeing everywhere would have probability far below 1e-6.
    const transient = stimuli().filter((s) => s.kind === 'transient').slice(0, 20);
    let differences = 0;
    for (const s of transient) {
      const request = { messages: conversation(s, 'C0'), tools: STIMULUS_TOOLS };
      const [x, y] = await Promise.all([post(a(), request), post(other(), request)]);
      if (JSON.parse(x.headers.get('x-sim-trace')!).correct !== JSON.parse(y.headers.get('x-sim-trace')!).correct) differences++;
    }
    expect(differences).toBeGreaterThan(0);
  });
});
