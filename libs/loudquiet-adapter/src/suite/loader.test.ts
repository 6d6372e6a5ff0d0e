import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURE_REFERENCE, FIXTURE_SUITE } from '../bridge/paths.ts';
import { dumpsPy, PyNumber } from '../records/pyjson.ts';
import { SuiteFileError } from './errors.ts';
import { loadLoudQuietData, loadReferenceStates, loadTaskSuite } from './loader.ts';
import { checkPinned, fingerprint, REFERENCE_IN_CHECKOUT, resolveSuiteSource, SUITE_IN_CHECKOUT } from './source.ts';

const suiteText = readFileSync(FIXTURE_SUITE, 'utf8');
const tmp = () => mkdtempSync(join(tmpdir(), 'lq-suite-'));

function writeSuite(edit: (tasks: Record<string, unknown>[]) => void): string {
  const tasks = JSON.parse(suiteText) as Record<string, unknown>[];
  edit(tasks);
  const path = join(tmp(), 'task_suite.json');
  writeFileSync(path, JSON.stringify(tasks, null, 2));
  return path;
}

function errorOf(fn: () => unknown): SuiteFileError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(SuiteFileError);
    expect(String((error as Error).message)).not.toContain('\n');
    return error as SuiteFileError;
  }
  throw new Error('expected a SuiteFileError');
}

describe('loadTaskSuite over the fixture suite', () => {
  const suite = loadTaskSuite(FIXTURE_SUITE);

  it('keeps the quirks: [] turns, a class missing from initial_config, n_turns 3, 4 and 7', () => {
    expect(suite.tasks.map((t) => t.task_id)).toEqual(['F001', 'F002', 'F003', 'F004', 'F005']);
    expect(suite.tasks.map((t) => t.n_turns)).toEqual([3, 4, 7, 4, 3]);
    expect(suite.byId.get('F001')!.turns[1]).toEqual([]);
    expect(suite.byId.get('F002')!.involved_classes).toEqual(['GardenAPI', 'LedgerAPI']);
    expect([...suite.byId.get('F002')!.initialConfig.keys()]).toEqual(['GardenAPI']);
  });

  it('keeps initial_config lossless: a float stays a float, integer-like keys keep their place', () => {
    const garden = suite.byId.get('F001')!.initialConfig.get('GardenAPI') as Map<string, unknown>;
    expect(garden.get('water_level')).toEqual(PyNumber.float(12.5));
    const kennel = suite.byId.get('F003')!.initialConfig.get('KennelAPI') as Map<string, unknown>;
    expect(dumpsPy(kennel as never)).toBe('{"dogs": {"rex": {"age": 4, "breed": "collie"}, "12345": {"age": 1, "breed": "pug"}}}');
  });

  it('fingerprints the file', () => {
    expect(suite.file.bytes).toBe(Buffer.byteLength(suiteText));
    expect(suite.file.sha256).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('loadTaskSuite: one line naming the file and the field', () => {
  const cases: [string, (t: Record<string, unknown>[]) => void, RegExp][] = [
    ['n_turns', (t) => (t[2]!.n_turns = 5), /: F003\.n_turns: 5, but turns has 7$/],
    ['split', (t) => (t[0]!.split = 'hard'), /: F001\.split: Invalid option: expected one of "base"\|"composite"$/],
    ['a missing field', (t) => delete t[1]!.ground_truth, /: F002\.ground_truth: expected array$/],
    ['a turn message', (t) => ((t[0]!.turns as unknown[][])[0] = [{ role: 'user' }]), /: F001\.turns\[0\]\[0\]\.content: expected string$/],
    ['an unknown field', (t) => (t[4]!.extra = 1), /: F005: unknown field\(s\) "extra"$/],
    ['domain', (t) => (t[1]!.domain = 'LedgerAPI+GardenAPI'), /: F002\.domain: "LedgerAPI\+GardenAPI", but the involved classes make "GardenAPI\+LedgerAPI"$/],
    ['unsorted classes', (t) => (t[1]!.involved_classes = ['LedgerAPI', 'GardenAPI']), /: F002\.involved_classes: not sorted$/],
    ['a foreign class', (t) => ((t[4]!.initial_config as Record<string, unknown>).GardenAPI = {}), /: F005\.initial_config\.GardenAPI: not an involved class$/],
    ['ground truth per turn', (t) => (t[0]!.ground_truth = [[]]), /: F001\.ground_truth: 1 lists, but turns has 3$/],
    ['a duplicate id', (t) => (t[1]!.task_id = 'F001'), /: F001\.task_id: duplicate task id/],
  ];
  it.each(cases)('%s', (_name, edit, pattern) => {
    const path = writeSuite(edit);
    const error = errorOf(() => loadTaskSuite(path));
    expect(error.message.startsWith(`${path}: `)).toBe(true);
    expect(error.message).toMatch(pattern);
    expect(error.code).toBe('task:invalid');
  });

  it('reports a missing file, bad JSON and a non-array', () => {
    expect(errorOf(() => loadTaskSuite('/nonexistent/task_suite.json')).message).toBe('/nonexistent/task_suite.json: file: not found');
    const dir = tmp();
    writeFileSync(join(dir, 'bad.json'), '[{"task_id": ');
    expect(errorOf(() => loadTaskSuite(join(dir, 'bad.json'))).message).toMatch(/bad\.json: json: .* at character \d+$/);
    writeFileSync(join(dir, 'obj.json'), '{}');
    expect(errorOf(() => loadTaskSuite(join(dir, 'obj.json'))).message).toMatch(/obj\.json: \(top level\): expected a JSON array of tasks$/);
  });
});

describe('loadReferenceStates', () => {
  it('reads the fixture reference states losslessly and checks them against the suite', () => {
    const data = loadLoudQuietData({ suitePath: FIXTURE_SUITE, referencePath: FIXTURE_REFERENCE });
    const f002 = data.reference.byId.get('F002')!;
    expect(f002).toMatchObject({ calls_ok: 3, calls_failed: 1, errors: ['deposit: AttributeError'] });
    expect(dumpsPy(f002.state.get('LedgerAPI')!)).toBe('{}');
    expect(dumpsPy((f002.state.get('GardenAPI') as Map<string, never>).get('water_level')!)).toBe('50.0');
    expect(data.reference.text).toBe(readFileSync(FIXTURE_REFERENCE, 'utf8'));
    expect(dumpsPy(data.reference.raw, { indent: 2 })).toBe(data.reference.text);
  });

  it('names the task and field of a bad entry, a missing task and a foreign one', () => {
    const suite = loadTaskSuite(FIXTURE_SUITE);
    const refs = JSON.parse(readFileSync(FIXTURE_REFERENCE, 'utf8')) as Record<string, Record<string, unknown>>;
    const dir = tmp();
    const write = (name: string, value: unknown) => {
      writeFileSync(join(dir, name), JSON.stringify(value));
      return join(dir, name);
    };
    expect(errorOf(() => loadReferenceStates(write('a.json', { ...refs, F001: { ...refs.F001, calls_ok: 'three' } }))).message).toMatch(/a\.json: F001\.calls_ok: expected number$/);
    expect(errorOf(() => loadReferenceStates(write('b.json', { ...refs, F002: { ...refs.F002, errors: ['1', '2', '3', '4', '5', '6'] } }))).message).toMatch(/b\.json: F002\.errors: Too big/);
    const { F003: _dropped, ...rest } = refs;
    expect(errorOf(() => loadReferenceStates(write('c.json', rest), { suite })).message).toMatch(/c\.json: F003: missing \(the suite .* has this task\)$/);
    expect(errorOf(() => loadReferenceStates(write('d.json', { ...refs, T099: refs.F001 }), { suite })).message).toMatch(/d\.json: T099: not a task of the suite /);
    writeFileSync(join(dir, 'e.json'), readFileSync(FIXTURE_REFERENCE, 'utf8').replace('"calls_ok": 3', '"calls_ok": 3.0'));
    expect(errorOf(() => loadReferenceStates(join(dir, 'e.json'))).message).toMatch(/e\.json: F001\.calls_ok: expected an int$/);
  });
});

describe('pinned files and sources', () => {
  it('refuses a file whose size or SHA-256 differs from the frozen one', () => {
    expect(errorOf(() => loadTaskSuite(FIXTURE_SUITE, { pinned: true })).message).toMatch(/task_suite\.json: size: \d+ bytes, but the frozen task_suite\.json has 90023 \(a different or converted copy\)$/);
    const same = Buffer.alloc(40_588, 0x20);
    expect(errorOf(() => checkPinned('reference', fingerprint('/x/reference_states.json', same))).message).toMatch(
      /^\/x\/reference_states\.json: sha256: [0-9a-f]{64}, but the frozen reference_states\.json is a610f54a/,
    );
  });

  it('resolves explicit paths, a checkout root, then the environment', () => {
    const root = tmp();
    expect(resolveSuiteSource({}, {})).toBeUndefined();
    expect(resolveSuiteSource({ suite: '/a/s.json', reference: '/a/r.json' }, {})).toEqual({ suitePath: '/a/s.json', referencePath: '/a/r.json' });
    expect(resolveSuiteSource({ checkout: root }, {})).toEqual({ suitePath: join(root, SUITE_IN_CHECKOUT), referencePath: join(root, REFERENCE_IN_CHECKOUT), checkout: root });
    expect(resolveSuiteSource({}, { LOUDQUIET_BRITTLE_DIR: root })!.checkout).toBe(root);
    expect(resolveSuiteSource({}, { LOUDQUIET_DATA_DIR: '/d' })).toEqual({ suitePath: '/d/task_suite.json', referencePath: '/d/reference_states.json' });
    expect(resolveSuiteSource({}, { LOUDQUIET_SUITE: '/s.json', LOUDQUIET_REFERENCE: '/r.json', LOUDQUIET_BRITTLE_DIR: root })).toEqual({ suitePath: '/s.json', referencePath: '/r.json' });
    expect(errorOf(() => resolveSuiteSource({}, { LOUDQUIET_SUITE: '/s.json' })).message).toBe(
      '/s.json: path: give both data files (LOUDQUIET_REFERENCE is not set) or a checkout root (LOUDQUIET_BRITTLE_DIR)',
    );
    expect(errorOf(() => resolveSuiteSource({ checkout: join(root, 'nope') }, {})).message).toBe(`${join(root, 'nope')}: checkout: brittle-agents checkout not found`);
  });

  it('loads a checkout laid out as brittle-agents has it', () => {
    const root = tmp();
    mkdirSync(join(root, '01_environment/outputs'), { recursive: true });
    mkdirSync(join(root, '02_data_collection/outputs/trajectories'), { recursive: true });
    writeFileSync(join(root, SUITE_IN_CHECKOUT), suiteText);
    writeFileSync(join(root, REFERENCE_IN_CHECKOUT), readFileSync(FIXTURE_REFERENCE));
    const data = loadLoudQuietData(resolveSuiteSource({ checkout: root }, {})!);
    expect(data.suite.tasks).toHaveLength(5);
    expect(data.reference.byId.size).toBe(5);
  });
});
