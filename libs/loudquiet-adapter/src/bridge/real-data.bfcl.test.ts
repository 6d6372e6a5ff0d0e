import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadLoudQuietData, type LoudQuietData } from '../suite/loader.ts';
import { LOUDQUIET_PINS, resolveSuiteSource } from '../suite/source.ts';
import { BridgeClient } from './client.ts';
import type { Fault } from './protocol.ts';

// Runs only with both checkouts configured: LOUDQUIET_GORILLA_DIR and the data (LOUDQUIET_DATA_DIR,
// LOUDQUIET_BRITTLE_DIR, or LOUDQUIET_SUITE + LOUDQUIET_REFERENCE).
const gorilla = process.env.LOUDQUIET_GORILLA_DIR;
const source = resolveSuiteSource();
const missing = [gorilla ? undefined : 'LOUDQUIET_GORILLA_DIR', source ? undefined : 'LOUDQUIET_DATA_DIR / LOUDQUIET_BRITTLE_DIR / LOUDQUIET_SUITE+LOUDQUIET_REFERENCE'].filter(Boolean);
const title = missing.length === 0 ? 'the real BFCL classes and the frozen suite' : `the real BFCL classes and the frozen suite (skipped: ${missing.join(' and ')} not set)`;

/** Spec §13's victim table: task, target step, missing s0, missing s1, drift s0, drift s1. */
const VICTIMS = `T001 2 get_flight_cost set_budget_limit book_flight book_flight
T002 1 cd cd cat mkdir
T003 3 post_tweet post_tweet compute_exchange_rate compute_exchange_rate
T004 3 send_message get_watchlist get_watchlist send_message
T005 2 cancel_order remove_stock_from_watchlist remove_stock_from_watchlist get_order_details
T006 2 cancel_booking book_flight cancel_booking book_flight
T007 3 send_message lockDoors estimate_distance view_messages_sent
T008 1 pressBrakePedal pressBrakePedal setCruiseControl pressBrakePedal
T009 3 post_tweet retweet post_tweet retweet
T010 3 diff diff cat diff
T011 4 get_order_details post_tweet cancel_order get_account_info
T012 3 create_ticket purchase_insurance purchase_insurance retrieve_invoice
T013 2 get_order_details place_order get_order_details get_ticket
T014 3 startEngine get_ticket check_tire_pressure get_ticket
T015 2 mv cd mv cd
T016 2 mv cd cp cd
T017 2 book_flight book_flight get_nearest_airport_by_city get_nearest_airport_by_city
T018 2 sort mv cd mv
T019 2 comment authenticate_twitter purchase_insurance retrieve_invoice
T020 2 send_message get_stock_info send_message get_stock_info
T021 3 get_stock_info get_order_details get_watchlist get_watchlist
T022 2 get_nearest_airport_by_city retrieve_invoice set_budget_limit book_flight
T023 1 fillFuelTank estimate_drive_feasibility_by_mileage activateParkingBrake estimate_distance
T024 2 get_zipcode_based_on_city fillFuelTank get_zipcode_based_on_city fillFuelTank`
  .split('\n')
  .map((l) => l.split(' ') as [string, string, string, string, string, string]);

/** SHA-256 of the 24 unknown-tool texts (`<task> <text>`, one per line), from the real classes at the pinned commit. */
const UNKNOWN_TOOL_TEXTS_SHA256 = '4e5632d032dd00599b3924d606016ee245960cb3a18bb4d9f0a7bd81543f8ab9';

const CELLS: [Fault, number, number][] = [
  ['missing_tool', 0, 2],
  ['missing_tool', 1, 3],
  ['schema_drift', 0, 4],
  ['schema_drift', 1, 5],
];

describe.skipIf(missing.length > 0)(title, () => {
  let data: LoudQuietData;
  let bridge: BridgeClient;
  beforeAll(async () => {
    data = loadLoudQuietData(source!, { pinned: true });
    bridge = await BridgeClient.start({ suitePath: source!.suitePath, classes: { kind: 'gorilla', dir: gorilla! } });
  });
  afterAll(async () => {
    await bridge?.close();
  });

  it('loads the frozen files (size and SHA-256 pinned) with their quirks', () => {
    const { tasks } = data.suite;
    expect(tasks.map((t) => t.task_id)).toEqual(Array.from({ length: 24 }, (_, i) => `T${String(i + 1).padStart(3, '0')}`));
    expect(tasks.map((t) => t.n_turns)).toEqual([5, 3, 7, 7, 5, 4, 6, 3, 6, 7, 9, 7, 5, 7, 5, 5, 4, 4, 5, 4, 6, 5, 3, 4]);
    expect(tasks.filter((t) => t.split === 'base')).toHaveLength(12);
    expect(tasks.filter((t) => t.turns.some((turn) => turn.length === 0))).toHaveLength(12);
    const unloaded = tasks.flatMap((t) => t.involved_classes.filter((c) => !t.initialConfig.has(c)).map((c) => `${t.task_id}:${c}`));
    expect(unloaded).toEqual(['T010:TicketAPI', 'T016:MessageAPI', 'T017:MessageAPI', 'T023:MessageAPI']);
    expect(data.reference.byId.size).toBe(24);
  });

  it('rebuilds all 24 reference states byte for byte', async () => {
    expect(await bridge.referencesText()).toBe(readFileSync(source!.referencePath, 'utf8'));
  });

  it('registers 111 tools over the 7 classes, with no clash', async () => {
    const all = new Map<string, number>();
    for (const task of data.suite.tasks) {
      const env = await bridge.environment(task.task_id, 'clean', 0);
      for (const t of env.tools) all.set(t, (all.get(t) ?? 0) + 1);
      expect(env.initialSpecs.map((s) => s.function.name)).toEqual([...env.tools].sort());
      await env.close();
    }
    expect(all.size).toBe(111);
  });

  it('advertises list-typed and Optional parameters as strings', async () => {
    const specs = new Map<string, { properties: Record<string, { type: string }>; required: string[] }>();
    for (const id of ['T007', 'T009', 'T004']) {
      const env = await bridge.environment(id, 'clean', 0);
      for (const s of env.initialSpecs) specs.set(s.function.name, s.function.parameters);
      await env.close();
    }
    expect(specs.get('lockDoors')).toEqual({ type: 'object', properties: { unlock: { type: 'boolean' }, door: { type: 'string' } }, required: ['unlock', 'door'] });
    expect(specs.get('post_tweet')!.properties.tags).toEqual({ type: 'string' });
    expect(specs.get('post_tweet')!.properties.mentions).toEqual({ type: 'string' });
    expect(specs.get('mention')!.properties.mentioned_usernames).toEqual({ type: 'string' });
    expect(specs.get('notify_price_change')!.properties.stocks).toEqual({ type: 'string' });
  });

  it('reproduces the victim table through the real registry', async () => {
    const wrong: string[] = [];
    for (const row of VICTIMS) {
      for (const [fault, seed, col] of CELLS) {
        const env = await bridge.environment(row[0], fault, seed);
        if (env.targetStep !== Number(row[1]) || env.victimTool !== row[col]) wrong.push(`${row[0]} ${fault} s${seed}: ${env.targetStep} ${env.victimTool}`);
        await env.close();
      }
    }
    expect(wrong).toEqual([]);
  });

  it('reproduces the victim table from the suite alone (every ground-truth name registered but the two stale ones)', async () => {
    const wrong: string[] = [];
    for (const row of VICTIMS) {
      const task = data.suite.byId.get(row[0])!;
      const names = task.ground_truth.flat().map((c) => /^([A-Za-z_][A-Za-z0-9_]*)\(/.exec(c.trim())?.[1]).filter((n): n is string => n !== undefined);
      const registered = [...new Set(names)].filter((n) => n !== 'update_market_status' && n !== 'view_messages_received');
      for (const [fault, seed, col] of CELLS) {
        const v = await bridge.request('victim', { task: row[0], fault, seed, registered });
        if (v.victim_tool !== row[col]) wrong.push(`${row[0]} ${fault} s${seed}: ${v.victim_tool}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('gives the exact error texts: unloaded class, stale ground truth, no coercion, unknown tool', async () => {
    const t016 = await bridge.environment('T016', 'clean', 0);
    expect((await t016.call('send_message', '{"receiver_id": "USR002", "message": "hi"}')).body).toBe("ToolError: AttributeError: 'MessageAPI' object has no attribute 'current_user'");
    const t008 = await bridge.environment('T008', 'clean', 0);
    expect((await t008.call('lockDoors', '{"unlock": false, "door": "rear"}')).body).toBe("ToolError: KeyError: 'r'");
    const t001 = await bridge.environment('T001', 'clean', 0);
    const booking = '{"access_token": "x", "card_id": "y", "travel_date": "2024-01-01", "travel_from": "ORD", "travel_to": "LAX", "travel_class": "economy", "travel_cost": 1.0}';
    expect((await t001.call('book_flight', booking)).body).toBe("ToolError: TravelAPI.book_flight() got an unexpected keyword argument 'travel_cost'");
    expect((await t001.call('get_flight_cost', '{"travel_from": "XXX", "travel_to": "LAX", "travel_date": "2024-08-10", "travel_class": "economy"}')).body).toBe(
      'ToolError: ValueError: No available route for the given airports.',
    );
    expect((await t001.call('update_market_status', '{}')).body).toMatch(/^ToolError: unknown tool 'update_market_status'\. Available: (\w+, ){11}\w+ \.\.\.$/);
    for (const env of [t016, t008, t001]) await env.close();
  });

  it('lists the first 12 visible tools by name in the unknown-tool text, for every task (the text C3 repeats to the model)', async () => {
    const texts: string[] = [];
    let differsFromRegistration = 0;
    for (const task of data.suite.tasks) {
      const env = await bridge.environment(task.task_id, 'clean', 0);
      const sorted = [...env.tools].sort();
      const body = (await env.call('no_such_tool', '{}')).body;
      expect(body).toBe(`ToolError: unknown tool 'no_such_tool'. Available: ${sorted.slice(0, 12).join(', ')} ...`);
      // Registration order (class by class) would list other names in most tasks.
      if (env.tools.slice(0, 12).join() !== sorted.slice(0, 12).join()) differsFromRegistration++;
      texts.push(`${task.task_id} ${body}`);
      await env.close();
    }
    expect(differsFromRegistration).toBe(17);
    // The 24 texts pinned as one digest: a change of order, count or separator in any of them shows here.
    expect(texts).toHaveLength(24);
    expect(createHash('sha256').update(texts.join('\n')).digest('hex')).toBe(UNKNOWN_TOOL_TEXTS_SHA256);
  });

  it('silently corrupts a real result: T002 seed 0 reverses the working directory', async () => {
    const env = await bridge.environment('T002', 'silent_corruption', 0);
    const clean = await bridge.environment('T002', 'clean', 0);
    const call = '{"folder": "academic_venture"}';
    const real = await clean.call('cd', call);
    const seen = await env.call('cd', call);
    expect(real.body).toBe('{"current_working_directory": "academic_venture"}');
    expect(seen).toMatchObject({ ok: true, faulted: true, body: '{"current_working_directory": "erutnev_cimedaca"}' });
    expect(await env.snapshotJson()).toBe(await clean.snapshotJson());
  });

  it('reports the gorilla commit when the checkout is a git checkout', () => {
    const commit = bridge.hello.gorilla_commit;
    if (commit !== null) expect(commit).toBe(LOUDQUIET_PINS.gorillaCommit);
    expect(bridge.hello.classes).toContain('VehicleControlAPI');
  });
});
