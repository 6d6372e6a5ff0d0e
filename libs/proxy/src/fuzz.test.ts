import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CallRecordSchema } from './record-format.ts';
import { answering, type FakeHandler } from './testing/fake-engine.ts';
import { hostileAnswer, hostileBody, type HostileAnswer } from './testing/hostile-traffic.ts';
import { sendAll, startPair, type Pair, type RawAnswer } from './testing/proxy-pair.ts';

const BODIES = 10_000;
const ANSWERS = 3_000;

function proxyMadeInternalError(answer: RawAnswer | Error): boolean {
  if (answer instanceof Error) return false;
  return answer.status === 500 && answer.text.includes('proxy:internal');
}

describe('fuzz: hostile bodies and hostile engines', () => {
  let pair: Pair;
  let script: HostileAnswer[] = [];
  const engine: FakeHandler = (req, res) => {
    const tag = /"fuzz-(\d+)"/.exec(req.text);
    const answer = tag ? script[Number(tag[1])] : undefined;
    if (answer) answer.send(res);
    else return answering({ content: 'ok' })(req, res);
  };

  beforeAll(async () => {
    pair = await startPair(engine, { layer: { form: 'c3' }, upstream: { headersTimeoutMs: 5_000, bodyTimeoutMs: 5_000 } });
  });
  afterAll(async () => pair.close());

  it(`${BODIES} malformed, truncated, nested and hostile bodies: no crash, no 5xx of its own, a record each`, async () => {
    const bodies = fc.sample(hostileBody, { numRuns: BODIES, seed: 20_260_401 });
    const answers = await sendAll(bodies, (body) => pair.post(body));
    const statuses = new Map<number, number>();
    for (const a of answers) if (!(a instanceof Error)) statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
    const failures = answers.flatMap((a, i) => (a instanceof Error || a.status >= 500 ? [{ i, a, body: bodies[i]!.toString('utf8').slice(0, 300) }] : []));
    expect(failures, JSON.stringify(failures.slice(0, 3), null, 1)).toEqual([]);
    expect([...statuses.keys()].every((s) => [200, 400].includes(s)), JSON.stringify([...statuses])).toBe(true);
    expect(pair.proxy.counters.internalErrors).toBe(0);
    const records = await pair.records();
    expect(records).toHaveLength(BODIES);
    expect(statuses.get(200)! + statuses.get(400)!).toBe(BODIES);
  }, 300_000);

  it(`${ANSWERS} hostile engine answers and streams: no crash, every 5xx is the engine's, a record each`, async () => {
    script = fc.sample(hostileAnswer, { numRuns: ANSWERS, seed: 7 });
    const before = (await pair.records()).length;
    const answers = await sendAll(script, (_answer, i) =>
      pair.post(JSON.stringify({ messages: [{ role: 'user', content: `fuzz-${i}` }], stream: i % 2 === 0 })),
    );
    expect(answers.filter(proxyMadeInternalError)).toEqual([]);
    expect(pair.proxy.counters.internalErrors).toBe(0);
    const records = (await pair.records()).slice(before);
    expect(records).toHaveLength(ANSWERS);
    for (const record of records) {
      expect(() => CallRecordSchema.parse(record)).not.toThrow();
      // A 5xx the client got is the engine's own status, or 502/504 for an engine that broke or stalled.
      if (record.status >= 500) expect(record.upstreamStatus === record.status || [502, 504].includes(record.status)).toBe(true);
    }
    const health = await fetch(`${pair.proxy.url}/health`);
    expect(health.status).toBe(200);
  }, 300_000);
});
