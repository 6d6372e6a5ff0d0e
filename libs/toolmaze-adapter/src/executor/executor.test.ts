import type { ParsedToolCall, ToolContext, ToolExecutor } from '@recovery-bench/harness';
import { describe, expect, it } from 'vitest';
import { PyFloat, pythonJsonDumps } from '../python-json.ts';
import type { Parameters } from '../schema.ts';
import { fixtureSample } from '../testing/fixture-runs.ts';
import { coerceArguments, validateArguments } from './arguments.ts';
import { FixtureToolExecutor } from './fixture-executor.ts';
import { FAULT_KIND, FaultInjector } from './injection.ts';
import { CALL_META_KEY } from './outcome.ts';
import { matchesWhen, respond } from './responders.ts';

const ctx: ToolContext = { round: 1, attempt: 1, record: () => undefined };
let n = 0;
const call = (name: string, args: Record<string, unknown> | string): ParsedToolCall => {
  const raw = typeof args === 'string' ? args : JSON.stringify(args);
  return { id: `c${++n}`, name, arguments: typeof args === 'string' ? (JSON.parse(args) as Record<string, unknown>) : args, rawArguments: raw };
};

async function executor(taskId: string): Promise<ToolExecutor> {
  const sample = await fixtureSample(taskId);
  if (sample.executor.kind !== 'fixture') throw new Error('fixture sample expected');
  return new FixtureToolExecutor(sample.task, sample.executor.tools);
}

describe('ToolMaze executor steps, ported (fixture mode)', () => {
  it('answers an unknown tool with "Plugin not found"', async () => {
    const out = await (await executor('FX_001_P0')).execute(call('fx_nope', {}), ctx);
    expect(out.content).toBe('{"error": "Plugin not found: fx_nope"}');
    expect(out.isError).toBe(true);
  });

  it('rejects a missing or mistyped argument with "Validation failed"', async () => {
    const ex = await executor('FX_001_P0');
    const missing = await ex.execute(call('fx_create_invoice', { order_id: 'O-1' }), ctx);
    expect(missing.raw).toEqual({ error: 'Validation failed', details: ['Missing required parameter: amount_usd'] });
    const mistyped = await ex.execute(call('fx_create_invoice', { order_id: 'O-1', amount_usd: 'twenty' }), ctx);
    expect(mistyped.content).toBe(`{"error": "Validation failed", "details": ["Parameter 'amount_usd' type mismatch: expected number"]}`);
  });

  it('coerces "20" to 20.0 for a number and 7 to "7" for a string, then answers from the cases', async () => {
    const ex = await executor('FX_001_P0');
    const out = await ex.execute(call('fx_create_invoice', { order_id: 'O-1', amount_usd: '20' }), ctx);
    expect(out.content).toBe('{"invoice_id": "INV-1"}');
    const params: Parameters = { type: 'object', properties: { s: { type: 'string' }, n: { type: 'number' }, i: { type: 'integer' } } };
    const coerced = coerceArguments({ s: 7, n: '20', i: '3' }, params);
    expect(coerced.n).toBeInstanceOf(PyFloat);
    expect(pythonJsonDumps(coerced)).toBe('{"s": "7", "n": 20.0, "i": "3"}');
    expect(coerceArguments({ s: new PyFloat(2), b: true }, { type: 'object', properties: { s: { type: 'string' }, b: { type: 'string' } } })).toEqual({ s: '2.0', b: 'True' });
  });

  it('checks types as Python does: a bool is an int, 2.0 is not an integer, unknown types pass', () => {
    const params: Parameters = { type: 'object', properties: { i: { type: 'integer' }, n: { type: 'number' }, o: { type: 'object' }, a: { type: 'array' }, x: { type: 'uuid' } }, required: ['i'] };
    expect(validateArguments({ i: true, n: false, o: {}, a: [], x: 1 }, params)).toEqual([]);
    expect(validateArguments({ i: new PyFloat(2), o: [], a: {} }, params)).toEqual([
      "Parameter 'i' type mismatch: expected integer",
      "Parameter 'o' type mismatch: expected object",
      "Parameter 'a' type mismatch: expected array",
    ]);
    expect(validateArguments({}, params)).toEqual(['Missing required parameter: i']);
  });

  it('answers a string result as a success, and unmatched calls with the default fallback', async () => {
    const ex = await executor('FX_001_P0');
    const str = await ex.execute(call('fx_create_invoice', { order_id: 'O-ERR', amount_usd: 20 }), ctx);
    expect(str).toMatchObject({ content: '"Error: x"', isError: false });
    const miss = await ex.execute(call('fx_find_order', { order_id: 'O-404' }), ctx);
    expect(miss.content).toBe('{"error": "no matching case"}');
  });

  it('matches `when` as a deep-equal subset of the arguments', () => {
    expect(matchesWhen({ items: ['a', 'b'] }, { items: ['a', 'b'], extra: 1 })).toBe(true);
    expect(matchesWhen({ items: ['a'] }, { items: ['a', 'b'] })).toBe(false);
    expect(matchesWhen({ amount: 20 }, { amount: new PyFloat(20) })).toBe(true);
    expect(matchesWhen(undefined, {})).toBe(true);
    const responder = { kind: 'cases' as const, cases: [{ when: { k: 1 }, output: 'one' }], fallback: { error: 'nope' } };
    expect(respond(responder, { k: 2 })).toEqual({ error: 'nope' });
    expect(respond({ kind: 'static', output: [1] }, {})).toEqual([1]);
  });
});

describe('fault injection', () => {
  it('P1: the first call of the victim is perturbed whatever its arguments; later calls run clean', async () => {
    const ex = await executor('FX_001_P1');
    const first = await ex.execute(call('fx_get_price', { sku: 'Z9' }), ctx);
    expect(first.fault).toEqual({ id: 'toolmaze:P1', kind: 'transient', tool: 'fx_get_price', visibility: 'explicit' });
    expect(first.content).toBe('{"error": "upstream unavailable"}');
    expect(first.meta?.[CALL_META_KEY]).toEqual({ result: { error: 'upstream unavailable' }, perturbationStatus: 'perturbed' });
    const second = await ex.execute(call('fx_get_price', { sku: 'A1' }), ctx);
    expect(second.fault).toBeUndefined();
    expect(second.content).toBe('{"sku": "A1", "price_usd": 10.0}');
    expect(second.meta?.[CALL_META_KEY]).toMatchObject({ perturbationStatus: 'clean' });
  });

  it('P2: every call of the victim is perturbed', async () => {
    const ex = await executor('FX_001_P2');
    for (let i = 0; i < 3; i++) {
      const out = await ex.execute(call('fx_get_price', { sku: 'A1' }), ctx);
      expect(out.fault?.kind).toBe('unrecoverable');
      expect(out.isError).toBe(true);
    }
    expect((await ex.execute(call('fx_find_order', { order_id: 'O-1' }), ctx)).fault).toBeUndefined();
  });

  it('P3/P4: an implicit corruption is a success with an ambiguous kind; P0 never injects', async () => {
    const p3 = await (await executor('FX_001_P3')).execute(call('fx_get_price', { sku: 'A1' }), ctx);
    expect(p3).toMatchObject({ content: '{"sku": "A1", "price_usd": -42.0}', isError: false, fault: { kind: 'ambiguous', visibility: 'implicit' } });
    const p4 = await executor('FX_001_P4');
    expect((await p4.execute(call('fx_get_price', { sku: 'A1' }), ctx)).fault?.id).toBe('toolmaze:P4');
    expect((await p4.execute(call('fx_get_price', { sku: 'A1' }), ctx)).fault?.id).toBe('toolmaze:P4');
    const p0 = await executor('FX_001_P0');
    expect((await p0.execute(call('fx_get_price', { sku: 'A1' }), ctx)).fault).toBeUndefined();
    expect(FAULT_KIND).toEqual({ P1: 'transient', P2: 'unrecoverable', P3: 'ambiguous', P4: 'ambiguous' });
  });

  it('gives each injection its own copy of the payload', async () => {
    const sample = await fixtureSample('FX_001_P2');
    const injector = new FaultInjector(sample.task);
    const a = injector.next('fx_get_price')!.payload as Record<string, unknown>;
    a.error = 'edited';
    expect(injector.next('fx_get_price')!.payload).toEqual({ error: 'upstream unavailable' });
  });

  it('injects every perturbed step, a later step of the same name winning', async () => {
    const sample = await fixtureSample('FX_001_P2');
    const path = sample.task.requiredPath.map((s) => ({ ...s }));
    path[0] = { ...path[0]!, isPerturbed: true, output: { error: 'first' } };
    const injector = new FaultInjector({ ...sample.task, requiredPath: path });
    expect(injector.next('fx_find_order')?.payload).toEqual({ error: 'first' });
    expect(injector.next('fx_get_price')?.payload).toEqual({ error: 'upstream unavailable' });
  });
});
