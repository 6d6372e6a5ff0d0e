import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BridgeClient, LoudQuietBridgeError } from './client.ts';
import { parseReply } from './protocol.ts';
import { fixtureLaunch } from './fixture-launch.ts';
import { FIXTURE_REFERENCE } from './paths.ts';

let bridge: BridgeClient;
beforeAll(async () => {
  bridge = await BridgeClient.start(fixtureLaunch());
});
afterAll(async () => {
  await bridge?.close();
});

const names = (specs: { function: { name: string } }[]) => specs.map((s) => s.function.name);

describe('bridge: setup, specs and snapshots over the fixture environment', () => {
  it('says hello with the Python version, the class map and the suite', () => {
    expect(bridge.hello.protocol).toBe(1);
    expect(bridge.hello.python).toMatch(/^3\.\d+\.\d+/);
    expect(bridge.hello.classes).toEqual(['GardenAPI', 'KennelAPI', 'LedgerAPI']);
    expect(bridge.hello.tasks).toEqual(['F001', 'F002', 'F003', 'F004', 'F005']);
    expect(bridge.hello.tz).toBe('UTC');
    expect(bridge.hello.gorilla_commit).toBeNull();
  });

  it('registers public methods, the first class winning a shared name, and sorts the specs by name', async () => {
    const env = await bridge.environment('F002', 'clean', 0);
    // GardenAPI comes first in involved_classes, so its `status` wins over LedgerAPI's.
    expect(env.tools).toEqual(['clear_beds', 'label_plot', 'list_seeds', 'open_gate', 'plant', 'register_visitor', 'status', 'survey', 'water', 'deposit', 'tag_entries']);
    expect(names(env.initialSpecs)).toEqual([...env.tools].sort());
    const status = await env.call('status', '{}');
    expect(status.body).toBe('{"owner": "ines", "beds": 2}');
    await env.close();
  });

  it('maps only bare int/float/bool/list/dict annotations and cuts descriptions to 180 characters', async () => {
    const env = await bridge.environment('F002', 'clean', 0);
    const spec = (n: string) => env.initialSpecs.find((s) => s.function.name === n)!.function;
    expect(spec('plant')).toEqual({ name: 'plant', description: 'Plant a crop in a new bed.', parameters: { type: 'object', properties: { crop: { type: 'string' }, count: { type: 'integer' } }, required: ['crop'] } });
    expect(spec('water').parameters.properties).toEqual({ liters: { type: 'number' } });
    expect(spec('clear_beds').parameters.properties).toEqual({ beds: { type: 'array' } });
    expect(spec('open_gate').parameters.properties).toEqual({ confirm: { type: 'boolean' } });
    expect(spec('label_plot').parameters).toEqual({ type: 'object', properties: { plot: { type: 'integer' }, label: { type: 'string' } }, required: ['plot'] });
    expect(spec('tag_entries').parameters.properties).toEqual({ tags: { type: 'string' }, meta: { type: 'object' } });
    expect(spec('list_seeds').parameters).toEqual({ type: 'object', properties: {}, required: [] });
    expect(spec('survey').description).toHaveLength(180);
    expect(spec('survey').description.startsWith('Survey every bed of the garden')).toBe(true);
    expect(spec('status').description).toBe('');
    await env.close();
  });

  it('snapshots public attributes in order: a set and a custom object as str, 50.0 kept, int keys as strings, an unloaded class as {}', async () => {
    const env = await bridge.environment('F002', 'clean', 0);
    expect(await env.snapshotJson()).toBe(
      '{"GardenAPI": {"beds": ["tomato", "basil"], "water_level": 50.0, "seeds": "{\'tomato\', \'basil\'}", "plots": {"1": "north", "2": "south"}, "owner": "ines", "gate": "<Gate: front, locked=True>", "long_context": false}, "LedgerAPI": {}}',
    );
    const unloaded = await env.call('deposit', '{"amount": 5}');
    expect(unloaded).toMatchObject({ step: 1, ok: false, faulted: false, body: "ToolError: AttributeError: 'LedgerAPI' object has no attribute 'balance'" });
    await env.close();
  });

  it('rebuilds the fixture reference states byte for byte', async () => {
    expect(await bridge.referencesText()).toBe(readFileSync(FIXTURE_REFERENCE, 'utf8'));
    expect(await bridge.referenceJson('F003')).toContain('"errors": ["admit: TypeError", "unknown tool: feed_dog", "unparsed: admit(name=\'bo\', age=2"]');
  });
});

describe('bridge: calls on a clean environment', () => {
  it('returns json.dumps bodies, {"error"} dicts as ok, None, sets as str and truncates at 1,500 characters', async () => {
    const env = await bridge.environment('F001', 'clean', 0);
    expect(await env.call('water', '{"liters": 2.5}')).toEqual({ step: 1, tool: 'water', ok: true, faulted: false, body: '{"water_level": 15.0}', args_json: '{"liters": 2.5}', args_key_json: '{"liters": 2.5}' });
    expect((await env.call('water', '{"liters": -1}')).body).toBe('{"error": "Cannot water a negative amount."}');
    expect(await env.call('open_gate', '{"confirm": true}')).toMatchObject({ ok: true, body: 'null' });
    expect((await env.call('list_seeds', null)).body).toBe('"{\'tomato\', \'basil\'}"');
    const survey = await env.call('survey', '');
    expect(survey.ok).toBe(true);
    expect(survey.body).toHaveLength(1500);
    expect(survey.step).toBe(5);
    await env.close();
  });

  it('raises as ToolError texts, with no argument coercion', async () => {
    const env = await bridge.environment('F001', 'clean', 0);
    expect((await env.call('clear_beds', '{"beds": "x"}')).body).toBe("ToolError: KeyError: 'x'");
    expect((await env.call('plant', '{"crop": ""}')).body).toBe('ToolError: ValueError: A crop name is required.');
    expect((await env.call('plant', '{"crop": "kale", "colour": "red"}')).body).toBe("ToolError: GardenAPI.plant() got an unexpected keyword argument 'colour'");
    expect((await env.call('water', '{"liters": "3"}')).body).toBe("ToolError: '<' not supported between instances of 'str' and 'int'");
    await env.close();
  });

  it('parses arguments like json.loads(arguments or "{}"), {} on a parse error, and keeps the args text', async () => {
    const env = await bridge.environment('F005', 'clean', 0);
    const bad = await env.call('status', '{not json');
    expect(bad).toMatchObject({ ok: true, args_json: '{}', body: '{"frozen": false}' });
    const sorted = await env.call('deposit', '{"memo": "\u00e9", "amount": 12345678901234567890}');
    expect(sorted.args_json).toBe('{"memo": "\\u00e9", "amount": 12345678901234567890}');
    expect(sorted.args_key_json).toBe('{"amount": 12345678901234567890, "memo": "\\u00e9"}');
    expect(sorted.body).toBe('{"balance": 12345678901234567897}');
    await env.close();
  });

  it('answers an unknown tool with the first 12 visible names in name order, counting the step', async () => {
    const env = await bridge.environment('F002', 'clean', 0);
    const r = await env.call('feed_dog', '{}');
    expect(r).toMatchObject({ step: 1, ok: false, faulted: false });
    expect(r.body).toBe("ToolError: unknown tool 'feed_dog'. Available: clear_beds, deposit, label_plot, list_seeds, open_gate, plant, register_visitor, status, survey, tag_entries, water ...");
    await env.close();
  });

  it('draws ids from the class own RNG, the same in every fresh environment', async () => {
    const a = await bridge.environment('F002', 'clean', 0);
    const b = await bridge.environment('F002', 'clean', 1);
    const first = (await a.call('register_visitor', '{"name": "x"}')).body;
    expect((await b.call('register_visitor', '{"name": "x"}')).body).toBe(first);
    await a.close();
    await b.close();
  });
});

describe('bridge: errors', () => {
  it('reports an unknown env, task, fault and op as bridge errors', async () => {
    await expect(bridge.request('specs', { env: 'e999' })).rejects.toThrow(/no environment 'e999'/);
    await expect(bridge.environment('T999', 'clean', 0)).rejects.toMatchObject({ bridgeCode: 'unknown_task' });
    await expect(bridge.environment('F001', 'nope' as never, 0)).rejects.toThrow("unknown fault 'nope'");
    await expect(bridge.request('init', { task: 'F001', fault: 'clean', seed: '0' as never })).rejects.toThrow("init: field 'seed' must be int");
    expect(bridge.alive).toBe(true);
  });

  it('names a missing class in one line', async () => {
    const { writeFileSync, mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = mkdtempSync(join(tmpdir(), 'lq-map-'));
    writeFileSync(join(dir, 'map.json'), JSON.stringify({ GardenAPI: 'fixture_envs' }));
    const launch = fixtureLaunch();
    const partial = await BridgeClient.start({ ...launch, classes: { kind: 'map', file: join(dir, 'map.json'), modulePath: (launch.classes as { modulePath: string }).modulePath } });
    await expect(partial.environment('F002', 'clean', 0)).rejects.toThrow(/^class LedgerAPI is not in the class map of .*map\.json$/);
    writeFileSync(join(dir, 'map2.json'), JSON.stringify({ GardenAPI: 'no_such_module', LedgerAPI: 'fixture_envs' }));
    const broken = await BridgeClient.start({ ...launch, classes: { kind: 'map', file: join(dir, 'map2.json'), modulePath: dir } });
    const error = await broken.environment('F002', 'clean', 0).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LoudQuietBridgeError);
    expect(String((error as Error).message)).toMatch(/^cannot import no_such_module for class GardenAPI from .*: ModuleNotFoundError: No module named 'no_such_module'$/);
    await partial.close();
    await broken.close();
  });

  it('says in one line when python3 or the checkout is missing', async () => {
    await expect(BridgeClient.start(fixtureLaunch({ python: 'python3-not-installed' }))).rejects.toThrow('Python interpreter "python3-not-installed" not found (install python3 ≥ 3.10 or set the interpreter)');
    await expect(BridgeClient.start(fixtureLaunch({ classes: { kind: 'gorilla', dir: '/nonexistent/gorilla' } }))).rejects.toThrow(
      'gorilla checkout not found at /nonexistent/gorilla (set LOUDQUIET_GORILLA_DIR or run `recovery-bench fetch loudquiet`)',
    );
    await expect(BridgeClient.start(fixtureLaunch({ classes: { kind: 'gorilla', dir: '/tmp' } }))).rejects.toThrow(/^\/tmp is not a gorilla checkout: /);
    const { mkdtempSync, mkdirSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const inner = mkdtempSync(join(tmpdir(), 'lq-bfcl-'));
    mkdirSync(join(inner, 'bfcl_eval', 'constants'), { recursive: true });
    writeFileSync(join(inner, 'bfcl_eval', 'constants', 'executable_backend_config.py'), '');
    await expect(BridgeClient.start(fixtureLaunch({ classes: { kind: 'gorilla', dir: inner } }))).rejects.toThrow(
      `${inner} is the berkeley-function-call-leaderboard folder; point LOUDQUIET_GORILLA_DIR at the gorilla checkout root above it`,
    );
  });

  it('reports a crash to pending requests and does not restart', async () => {
    const own = await BridgeClient.start(fixtureLaunch());
    const env = await own.environment('F001', 'clean', 0);
    process.kill(own.pid!, 'SIGSTOP');
    const pending = own.request('references', {});
    process.kill(own.pid!, 'SIGKILL');
    await expect(pending).rejects.toThrow(/^the Loud\/Quiet bridge exited \(SIGKILL\)/);
    expect(own.alive).toBe(false);
    await expect(env.call('status', '{}')).rejects.toThrow(/exited \(SIGKILL\)/);
  });
});

describe('bridge: replies are checked where they enter', () => {
  it('reads a reply that holds what its op promises, extra fields kept', () => {
    expect(parseReply('close', { closed: true, note: 'newer bridge' })).toEqual({ closed: true, note: 'newer bridge' });
  });

  it('refuses one that does not, naming the op and the field', () => {
    const error = (() => {
      try {
        parseReply('call', { step: 1, tool: 'plant', ok: true, faulted: false, body: 3, args_json: '{}', args_key_json: '{}' });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(LoudQuietBridgeError);
    expect((error as LoudQuietBridgeError).bridgeCode).toBe('bad_reply');
    expect(String((error as Error).message)).toMatch(/^the Loud\/Quiet bridge answered "call" with a reply this adapter cannot read: body: /);
  });
});
