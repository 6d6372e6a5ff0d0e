import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BridgeClient } from './client.ts';
import { fixtureLaunch } from './fixture-launch.ts';

let bridge: BridgeClient;
beforeAll(async () => {
  bridge = await BridgeClient.start(fixtureLaunch());
});
afterAll(async () => {
  await bridge?.close();
});

const summary = async (env: { summaryJson(): Promise<string> }) => JSON.parse(await env.summaryJson()) as Record<string, unknown>;

describe('faults fire exactly once, on the first eligible call at or after the target step', () => {
  it('clean: no fault, the summary in record order', async () => {
    const env = await bridge.environment('F001', 'clean', 0);
    expect(env.targetStep).toBe(1);
    expect(env.victimTool).toBeNull();
    await env.call('status', '{}');
    expect(await env.summaryJson()).toBe('{"task_id": "F001", "fault": "clean", "position": "late", "target_step": 1, "fault_fired": false, "fault_step": null, "fault_tool": null, "n_steps": 1, "victim_tool": null}');
  });

  it('timeout: any registered tool, the method does not run; unknown tools do not qualify', async () => {
    const env = await bridge.environment('F003', 'timeout', 0); // n_turns 7 → target 3
    expect(env.targetStep).toBe(3);
    await env.call('status', '{}');
    await env.call('deposit', '{"amount": 1}');
    expect((await env.call('feed_dog', '{}')).faulted).toBe(false);
    const fired = await env.call('deposit', '{"amount": 100}');
    expect(fired).toMatchObject({ step: 4, ok: false, faulted: true, body: "ToolError: request to 'deposit' timed out after 30s (no response from service)" });
    expect((await env.call('deposit', '{"amount": 1}')).body).toBe('{"balance": 42}');
    expect(await summary(env)).toMatchObject({ fault_fired: true, fault_step: 4, fault_tool: 'deposit', n_steps: 5, victim_tool: null });
    expect(await env.snapshotJson()).toContain('"balance": 42');
  });

  it('schema_drift: only the victim, the code-point-first argument name, a retry succeeds', async () => {
    const env = await bridge.environment('F003', 'schema_drift', 0);
    const victim = env.victimTool!;
    expect(['admit', 'deposit', 'tag_entries', 'status', 'dog_info']).toContain(victim);
    const other = victim === 'status' ? 'dog_info' : 'status';
    const args = victim === 'admit' ? '{"name": "z", "breed": "pug", "age": 1}' : victim === 'deposit' ? '{"memo": "m", "amount": 2}' : victim === 'dog_info' ? '{"name": "rex"}' : '{}';
    for (let i = 0; i < 3; i++) await env.call(other, other === 'dog_info' ? '{"name": "rex"}' : '{}');
    const fired = await env.call(victim, args);
    const bad = victim === 'admit' ? 'age' : victim === 'deposit' ? 'amount' : victim === 'dog_info' ? 'name' : 'argument';
    expect(fired).toMatchObject({ step: 4, ok: false, faulted: true, body: `ToolError: ${victim}() got an unexpected keyword argument '${bad}'. Check the current parameter names for this tool.` });
    expect(await env.call(victim, args)).toMatchObject({ ok: true, faulted: false });
  });

  it('missing_tool: the victim works before the fault, then is gone from the specs and the unknown-tool list', async () => {
    const env = await bridge.environment('F002', 'missing_tool', 1); // n_turns 4 → target 2
    const victim = env.victimTool!;
    expect(env.targetStep).toBe(2);
    const before = await env.call(victim, '{}');
    expect(before.faulted).toBe(false);
    const fired = await env.call(victim, '{}');
    expect(fired).toEqual(expect.objectContaining({ step: 2, ok: false, faulted: true, body: `ToolError: tool '${victim}' is not available in this environment.` }));
    const again = await env.call(victim, '{}');
    expect(again).toMatchObject({ step: 3, ok: false, faulted: false, body: fired.body });
    const names = (await env.specs()).map((s) => s.function.name);
    expect(names).not.toContain(victim);
    expect(names).toHaveLength(env.tools.length - 1);
    const unknown = await env.call('nope', '{}');
    expect(unknown.body).not.toContain(` ${victim},`);
    expect(await summary(env)).toMatchObject({ fault_fired: true, fault_step: 2, fault_tool: victim, victim_tool: victim, n_steps: 4 });
  });

  it('silent_corruption: the method runs, an error passes through and the fault keeps waiting', async () => {
    const env = await bridge.environment('F005', 'silent_corruption', 0); // target 1
    const error = await env.call('deposit', '{"amount": "x"}');
    expect(error).toMatchObject({ ok: false, faulted: false });
    const fired = await env.call('deposit', '{"amount": 10}');
    expect(fired.faulted).toBe(true);
    expect(fired.ok).toBe(true);
    expect(fired.body).not.toBe('{"balance": 17}');
    expect(fired.body).toBe(await bridge.corruptJson('F005|silent_corruption|late|0', '{"balance": 17}'));
    expect(await env.snapshotJson()).toContain('"balance": 17');
    expect(await env.call('deposit', '{"amount": 1}')).toMatchObject({ faulted: false, body: '{"balance": 18}' });
  });

  it('empty_result: {} for a dict, [] otherwise', async () => {
    const env = await bridge.environment('F005', 'empty_result', 0);
    expect(await env.call('status', '{}')).toMatchObject({ ok: true, faulted: true, body: '{}' });
  });

  it('a hidden tool counts its step; every step counts across unknown tools and errors', async () => {
    const env = await bridge.environment('F004', 'missing_tool', 0);
    const victim = env.victimTool!;
    await env.call('nope', '{}');
    await env.call(victim, '{}');
    const r = await env.call(victim, '{}');
    expect(r.step).toBe(3);
  });
});

describe('victim choice', () => {
  it('picks from the ground truth at the target step onwards, deduplicated, with one draw', async () => {
    // F003's ground-truth names: admit admit deposit tag_entries admit (the name of the unparsable string matches
    // too) status dog_info; feed_dog is not registered. Target 3 → the pool starts at index 2.
    for (const seed of [0, 1]) {
      for (const fault of ['missing_tool', 'schema_drift'] as const) {
        const v = await bridge.request('victim', { task: 'F003', fault, seed, registered: ['admit', 'deposit', 'tag_entries', 'status', 'dog_info'] });
        expect(v.target_step).toBe(3);
        expect(['deposit', 'tag_entries', 'admit', 'status', 'dog_info']).toContain(v.victim_tool);
        const env = await bridge.environment('F003', fault, seed);
        expect(env.victimTool).toBe(v.victim_tool);
      }
    }
  });

  it('keeps only registered names, and falls back to the prefixed names when the ground truth has none', async () => {
    const v = await bridge.request('victim', { task: 'F003', fault: 'missing_tool', seed: 0, registered: ['admit'] });
    expect(v.victim_tool).toBe('admit');
    const fallback = await bridge.request('victim', { task: 'F003', fault: 'missing_tool', seed: 0, registered: ['zeta', 'set_x', 'alpha', 'add_y'] });
    expect(['add_y', 'set_x']).toContain(fallback.victim_tool);
  });
});

describe('corrupt: the silent-corruption vectors of the spec', () => {
  const D = '{"error": "All doors must be locked before starting the engine. Here are the unlocked doors: driver, passenger, rear_left, rear_right"}';
  const vectors: [string, number, string, string][] = [
    ['T002', 0, '{"current_working_directory": "academic_venture"}', '{"current_working_directory": "erutnev_cimedaca"}'],
    ['T002', 1, '{"current_working_directory": "academic_venture"}', '{"current_working_directory": "erutnev_cimedaca"}'],
    ['T001', 0, '{"nearest_airport": "ORD"}', '{"nearest_airport": "DRO"}'],
    ['T003', 0, '{"nearest_airport": "CIA"}', '{"nearest_airport": "AIC"}'],
    ['T019', 1, '{"nearest_airport": "SFO"}', '{"nearest_airport": "OFS"}'],
    ['T022', 1, '{"nearest_airport": "SBK"}', '{"nearest_airport": "KBS"}'],
    ['T017', 0, '{"nearest_airport": "LAX"}', '{"nearest_airport": "XAL"}'],
    ['T010', 0, '{"current_working_directory": "documents"}', '{"current_working_directory": "stnemucod"}'],
    ['T018', 0, '{"current_working_directory": "document"}', '{"current_working_directory": "tnemucod"}'],
    ['T015', 1, '{"current_directory_content": ["research"]}', '{"current_directory_content": ["hcraeser"]}'],
    ['T008', 1, '{"doorStatus": {"driver": "locked", "passenger": "locked", "rear_left": "locked", "rear_right": "locked"}}', '{"doorStatus": {"driver": "locked", "passenger": "locked", "rear_left": "locked", "rear_right": "dekcol"}}'],
    ['T004', 1, '{"watchlist": ["NVDA", "QUAS"]}', '{"watchlist": ["QUAS"]}'],
    ['T011', 0, '{"price": 310.23, "percent_change": 0.09, "volume": 3.234, "MA(5)": 309.88, "MA(20)": 310.11}', '{"price": 310.23, "percent_change": 0.09, "volume": 3.234, "MA(5)": 309.88, "MA(20)": 463.754}'],
    ['T024', 0, '{"fuelLevel": 40.0}', '{"fuelLevel": 48.4916}'],
    ['T003', 1, '{"travel_cost_list": [2800.0]}', '{"travel_cost_list": [3487.4409]}'],
    ['T012', 0, '{"travel_cost_list": [880.0]}', '{"travel_cost_list": [1214.8501]}'],
    ['T009', 1, D, '{"error": "All rear_left, doors before starting passenger, unlocked driver, engine. locked the Here rear_right are be the doors: must"}'],
    ['T014', 0, D, '{"error": "doors doors: must All engine. Here locked be passenger, the are driver, rear_right before rear_left, the starting unlocked"}'],
    ['T014', 1, D, '{"error": "unlocked passenger, are All Here the engine. starting doors before rear_left, driver, be locked doors: rear_right must the"}'],
    ['T009', 1, '{"error": "Cannot fill gas above the tank capacity."}', '{"error": "fill tank capacity. gas above the Cannot"}'],
    ['T011', 0, '{"error": "Order with ID 12446 not found.Here is the list of orders_id: [12345]"}', '{"error": "orders_id: not of list Order with 12446 found.Here [12345] is ID the"}'],
    ['T001', 0, 'null', '"unknown"'],
    ['T001', 0, 'true', 'false'],
    ['T001', 0, '7', '9'],
    ['T001', 0, '""', '"unavailable"'],
    ['T001', 0, '[]', '["<unexpected entry>"]'],
    ['T001', 0, '{}', '{"status": "unknown"}'],
    ['T005', 1, '12446', '7299'],
    ['T005', 1, '"level"', '"level_x"'],
    ['T005', 1, '["a"]', '["a_x"]'],
  ];
  it.each(vectors)('%s s%i: %s', async (task, seed, clean, seen) => {
    expect(await bridge.corruptJson(`${task}|silent_corruption|late|${seed}`, clean)).toBe(seen);
  });

  it('always changes the value: a dict whose values never change gets "unknown" (or "n/a")', async () => {
    for (const seed of [0, 1, 2, 3]) {
      const out = await bridge.corruptJson(`X|silent_corruption|late|${seed}`, '{"a": [1, 1]}');
      expect(out).not.toBe('{"a": [1, 1]}');
    }
  });
});

describe('Python random semantics the victims and corruption rest on (raw RNG vectors)', () => {
  it('seeds with the trial string as the harness did', () => {
    const script = [
      'import random',
      'r = random.Random("T002|silent_corruption|late|0")',
      'print([r.random() for _ in range(3)], random.Random("T002|silent_corruption|late|0").getrandbits(32))',
      'f = lambda: random.Random("T001|missing_tool|late|0")',
      'l = list(range(10)); f().shuffle(l)',
      "r = f()",
      "print(l, f().uniform(0.2, 0.6), r.randrange(5), r.choice(['a', 'b', 'c']))",
    ].join('\n');
    const out = execFileSync('python3', ['-c', script], { encoding: 'utf8' });
    expect(out).toBe("[0.9514926760650665, 0.06408234374651489, 0.682547464528883] 4086629937\n[5, 9, 6, 2, 3, 4, 1, 8, 7, 0] 0.21561996779714676 0 b\n");
  });
});
