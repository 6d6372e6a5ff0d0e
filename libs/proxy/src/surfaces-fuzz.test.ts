import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answering } from './testing/fake-engine.ts';
import { hostileAnthropicBody, hostileResponsesBody } from './testing/hostile-surfaces.ts';
import { startPair, type Pair, type RawAnswer } from './testing/proxy-pair.ts';

const BODIES = 10_000;
const CONCURRENCY = 32;

async function sendAll(items: Buffer[], send: (item: Buffer) => Promise<RawAnswer>): Promise<(RawAnswer | Error)[]> {
  const results: (RawAnswer | Error)[] = new Array(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      results[i] = await send(items[i]!).catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return results;
}

describe.each([
  { route: '/v1/messages', surface: 'anthropic', arbitrary: hostileAnthropicBody, seed: 20_261_204 },
  { route: '/v1/responses', surface: 'responses', arbitrary: hostileResponsesBody, seed: 20_261_205 },
])('fuzz: $route', ({ route, surface, arbitrary, seed }) => {
  let pair: Pair;
  beforeAll(async () => {
    // The engine answers with a tool call and text, streamed when asked, so that both converters run.
    pair = await startPair(answering({ content: 'ok', toolCalls: [{ name: 'f', arguments: '{"a":1}' }] }), { layer: { form: 'c3' } });
  });
  afterAll(async () => pair.close());

  it(`${BODIES} hostile bodies: no crash, no 5xx of its own, errors in the surface's shape, a record each`, async () => {
    const bodies = fc.sample(arbitrary, { numRuns: BODIES, seed });
    const answers = await sendAll(bodies, (body) => pair.post(body, {}, route));
    const failures = answers.flatMap((a, i) => (a instanceof Error || a.status >= 500 ? [{ i, a, body: bodies[i]!.toString('utf8').slice(0, 300) }] : []));
    expect(failures, JSON.stringify(failures.slice(0, 3), null, 1)).toEqual([]);
    const statuses = new Map<number, number>();
    for (const a of answers as RawAnswer[]) {
      statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
      if (a.status === 400) {
        const error = a.json as { type?: string; error: { message: string } };
        if (surface === 'anthropic') expect(error.type).toBe('error');
        expect(typeof error.error.message).toBe('string');
      }
    }
    expect([...statuses.keys()].every((s) => [200, 400].includes(s)), JSON.stringify([...statuses])).toBe(true);
    expect(statuses.get(200)).toBeGreaterThan(BODIES / 5);
    expect(pair.proxy.counters.internalErrors).toBe(0);
    const records = await pair.records();
    expect(records).toHaveLength(BODIES);
    expect(records.every((r) => r.surface === surface)).toBe(true);
  }, 300_000);
});
