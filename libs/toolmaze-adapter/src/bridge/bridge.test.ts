import { spawnSync } from 'node:child_process';
import { isBenchError, ScriptedModel } from '@recovery-bench/harness';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { prepareToolmaze, toolmazeBenchmark } from '../benchmark.ts';
import { loadCheckout } from '../checkout.ts';
import { judgeC1 } from '../judge.ts';
import { PyFloat } from '../python-json.ts';
import { tempCheckout, type TempCheckout } from '../testing/fake-checkout.ts';
import { toToolMazeTrace } from '../trace.ts';
import { BRIDGE_SCRIPT, BridgeClient, sharedBridgePool } from './bridge-client.ts';

const clients: BridgeClient[] = [];
let checkouts: TempCheckout[] = [];
function setup(options: { timeoutMs?: number; python?: string } = {}) {
  const co = tempCheckout();
  checkouts.push(co);
  const client = new BridgeClient({ root: co.root, ...options });
  clients.push(client);
  return { co, client };
}
afterEach(() => {
  for (const c of clients.splice(0)) c.close();
  for (const co of checkouts) co.dispose();
  checkouts = [];
});
afterAll(() => sharedBridgePool.closeAll());

async function infraError(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    expect(isBenchError(error, 'tool:infra')).toBe(true);
    return (error as Error).message;
  }
  throw new Error('expected a tool:infra error');
}

describe('the Python bridge against a stand-in checkout', () => {
  it('is standard-library only', () => {
    const script = `
import ast, sys
tree = ast.parse(open(sys.argv[1]).read())
mods = {a.name.split('.')[0] for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
mods |= {n.module.split('.')[0] for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
print(sorted(m for m in mods if m not in sys.stdlib_module_names))`;
    expect(spawnSync('python3', ['-c', script, BRIDGE_SCRIPT], { encoding: 'utf8' }).stdout.trim()).toBe('[]');
  });

  it('says hello with versions and plug-ins, skipping modules that start with _', async () => {
    const { co, client } = setup();
    const hello = await client.hello();
    expect(hello).toMatchObject({ protocol: 1, root: co.root, plugins: 7, loadFailures: [] });
    expect(hello.python).toMatch(/^3\./);
  });

  it('reads both prompts with ast, without importing the agent module', async () => {
    const { client } = setup();
    expect(await client.prompts()).toEqual({ p0: 'Stand-in P0 prompt for bridge tests.', faultAware: 'Stand-in fault-aware prompt for bridge tests.' });
  });

  it('runs calls through the checkout executor; the text is Python json.dumps; plug-in prints go to stderr', async () => {
    const { client } = setup();
    const lines: string[] = [];
    client.onStderr = (line) => lines.push(line);
    await client.start('r1');
    const found = await client.call('r1', 'fx_find_order', { order_id: 'O-1' });
    expect(found).toEqual({ output: { order_id: 'O-1', sku: 'A1', qty: 2 }, text: '{"order_id": "O-1", "sku": "A1", "qty": 2}' });
    const price = await client.call('r1', 'fx_get_price', { sku: 'A1' });
    expect((price.output as { price_usd: unknown }).price_usd).toBeInstanceOf(PyFloat);
    expect(price.text).toBe('{"sku": "A1", "price_usd": 10.0, "label": "prix unitaire – café"}');
    expect(lines).toContain('fx_find_order: looking up O-1');
    expect((await client.call('r1', 'fx_nope', {})).output).toEqual({ error: 'Plugin not found: fx_nope' });
    expect((await client.call('r1', 'fx_raise', {})).output).toEqual({ error: 'the stand-in tool failed on purpose' });
  });

  it('records perturbed steps in the run context, which plug-ins then see (user_input is empty)', async () => {
    const { client } = setup();
    await client.start('r');
    await client.call('r', 'fx_find_order', { order_id: 'O-1' });
    const recorded = await client.recordPerturbed('r', 'fx_get_price', { sku: 'A1' }, { error: 'down', at: new PyFloat(1) }, 'error');
    expect(recorded.text).toBe('{"error": "down", "at": 1.0}');
    const invoice = await client.call('r', 'fx_create_invoice', { order_id: 'O-1', amount_usd: '20' });
    expect(invoice.text).toBe('{"invoice_id": "INV-1", "amount_usd": 20.0, "steps_before": 2, "perturbed_before": ["fx_get_price"], "user_input": {}, "probe": "default"}');
    await client.end('r');
    expect(await infraError(client.call('r', 'fx_get_price', { sku: 'A1' }))).toMatch(/call failed \(unknown-run\)/);
  });

  it('reports an unserialisable output as an infrastructure error', async () => {
    const { client } = setup();
    await client.start('r');
    expect(await infraError(client.call('r', 'fx_unserialisable', {}))).toMatch(/unserialisable/);
  });

  it('reports a crash, then starts a fresh process on the next request', async () => {
    const { client } = setup();
    await client.start('r');
    expect(await infraError(client.call('r', 'fx_crash', {}))).toMatch(/exited \(code 3\)/);
    expect(client.running).toBe(false);
    await client.start('r2');
    expect((await client.call('r2', 'fx_find_order', { order_id: 'O-1' })).output).toMatchObject({ order_id: 'O-1' });
  });

  it('stops a call that takes too long, then recovers', async () => {
    const { client } = setup({ timeoutMs: 1500 });
    await client.start('r');
    expect(await infraError(client.call('r', 'fx_sleep', { seconds: 10 }))).toMatch(/call timed out after 1500 ms/);
    await client.start('r');
    expect((await client.call('r', 'fx_sleep', { seconds: 0 })).output).toEqual({ slept: true });
  });

  it('fails clearly when python3 or the checkout is missing', async () => {
    const { client } = setup({ python: 'python3-not-installed-here' });
    expect(await infraError(client.hello())).toBe('Python interpreter "python3-not-installed-here" not found');
    const missing = new BridgeClient({ root: '/nonexistent/toolmaze' });
    expect(await infraError(missing.hello())).toBe('ToolMaze checkout not found at /nonexistent/toolmaze');
  });

  it('names the module that failed to import', async () => {
    const { co, client } = setup();
    co.write('tools/loader.py', 'import yaml_missing_for_this_test\n');
    expect(await infraError(client.hello())).toMatch(/hello failed \(import\): cannot import tools\.loader \(ToolLoader\) .*missing module: yaml_missing_for_this_test/);
    const other = setup();
    other.co.remove('toolmaze');
    expect(await infraError(other.client.hello())).toMatch(/cannot import toolmaze\.core .*missing module: toolmaze/);
  });

  it('says clearly when the agent module has no prompt literal', async () => {
    const { co, client } = setup();
    co.write('evaluation/agents/openai_agent.py', 'def _build_p0_system_message():\n    return "p0"\n');
    expect(await infraError(client.prompts())).toMatch(/prompts failed \(prompts\): .*defines no _build_perturbation_system_message\(\)/);
    co.write('evaluation/agents/openai_agent.py', 'def _build_p0_system_message():\n    return build()\n');
    expect(await infraError(client.prompts())).toMatch(/_build_p0_system_message\(\) in .* returns no string literal/);
  });
});

describe('checkout mode end to end', () => {
  it('loads the checkout, reads its prompts, injects, runs clean calls in Python, and judges', async () => {
    const co = tempCheckout();
    checkouts.push(co);
    const { samples, manifest } = await prepareToolmaze({ source: { kind: 'checkout', root: co.root }, retry: { attempts: 5, baseDelayMs: 0 } });
    expect(manifest.source.kind).toBe('toolmaze-checkout');
    const sample = samples.find((s) => s.id === 'C1_task_001_P1')!;
    expect(sample.systemPrompt).toBe('Stand-in fault-aware prompt for bridge tests.');
    expect(samples.find((s) => s.id === 'C1_task_001_P0')!.systemPrompt).toBe('Stand-in P0 prompt for bridge tests.');
    const model = new ScriptedModel([
      { calls: [{ name: 'fx_find_order', arguments: { order_id: 'O-1' } }] },
      { calls: [{ name: 'fx_get_price', arguments: { sku: 'A1' } }] },
      { calls: [{ name: 'fx_get_price', arguments: { sku: 'A1' } }] },
      { calls: [{ name: 'fx_create_invoice', arguments: { order_id: 'O-1', amount_usd: 20.5 } }] },
      { answer: 'Invoice INV-1 created.' },
    ]);
    const transcript = await toolmazeBenchmark.run(sample, { model, plugins: [], seed: 0 });
    const tools = transcript.messages.filter((m) => m.role === 'tool').map((m) => m.content);
    expect(tools[1]).toBe('{"error": "stand-in outage"}');
    expect(tools[2]).toBe('{"sku": "A1", "price_usd": 10.0, "label": "prix unitaire – café"}');
    expect(tools[3]).toContain('"perturbed_before": ["fx_get_price"]');
    const trace = toToolMazeTrace(sample.task, transcript, 'm');
    expect(trace.task_id).toBe('C1_task_001_P1');
    expect(judgeC1(sample.task, trace).pass).toBe(true);
    const [score] = await Promise.all(toolmazeBenchmark.scorers.map((s) => s.score(sample, transcript)));
    expect(score).toMatchObject({ outcome: 'pass', value: 1 });
  });

  it('turns a bridge crash into a run error (infra), not a model failure', async () => {
    const co = tempCheckout();
    checkouts.push(co);
    co.write('tools/plugins/fx_find_order.py', 'import os\nTOOL_NAME = "fx_find_order"\n\ndef execute(arguments, context):\n    os._exit(9)\n');
    const { samples } = await prepareToolmaze({ source: { kind: 'checkout', root: co.root }, prompts: { source: 'inline', p0: 'a', faultAware: 'b' } });
    const model = new ScriptedModel([{ calls: [{ name: 'fx_find_order', arguments: { order_id: 'O-1' } }] }]);
    expect(await infraError(toolmazeBenchmark.run(samples[0]!, { model, plugins: [], seed: 0 }))).toMatch(/exited \(code 9\)/);
  });
});

const REAL_ROOT = process.env.TOOLMAZE_ROOT;

/** Spec §10 "Bridge": only against a real checkout (`TOOLMAZE_ROOT=/path/to/ToolMaze`). */
describe.skipIf(!REAL_ROOT)('the bridge against a real ToolMaze checkout', () => {
  it('answers hello and returns two non-empty prompts', async () => {
    const client = new BridgeClient({ root: REAL_ROOT! });
    clients.push(client);
    const hello = await client.hello();
    expect(hello.plugins).toBeGreaterThan(0);
    const prompts = await client.prompts();
    expect(prompts.p0.length).toBeGreaterThan(0);
    expect(prompts.faultAware.length).toBeGreaterThan(0);
  });

  it('gets plug-in outputs for a P0 task scripted with its gold arguments', async () => {
    const { suite } = loadCheckout(REAL_ROOT!);
    const task = suite.tasks.find((t) => t.mode === 'P0')!;
    const client = new BridgeClient({ root: REAL_ROOT! });
    clients.push(client);
    await client.start('gold');
    for (const step of task.requiredPath) {
      const { text } = await client.call('gold', step.toolName, step.arguments);
      expect(text.length).toBeGreaterThan(0);
    }
  });
});
