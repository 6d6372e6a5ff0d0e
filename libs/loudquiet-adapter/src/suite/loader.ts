import { z } from 'zod';
import { PyNumber, parsePyJson, type PyDict, type PyValue } from '../records/pyjson.ts';
import { SuiteFileError } from './errors.ts';
import { checkPinned, fingerprint, readFileBytes, type FileFingerprint, type SuiteSource } from './source.ts';

const Turn = z.array(z.object({ role: z.string(), content: z.string() }).loose());

const TaskSchema = z
  .object({
    task_id: z.string().min(1),
    bfcl_id: z.string(),
    split: z.enum(['base', 'composite']),
    domain: z.string(),
    involved_classes: z.array(z.string().min(1)).min(1),
    initial_config: z.record(z.string(), z.record(z.string(), z.unknown())),
    turns: z.array(Turn),
    n_turns: z.number().int().nonnegative(),
    // The ground truth's `Class.method` names (informational).
    reference_path: z.array(z.string()),
    ground_truth: z.array(z.array(z.string())),
  })
  .strict();

const ReferenceEntrySchema = z
  .object({
    state: z.record(z.string(), z.record(z.string(), z.unknown())),
    calls_ok: z.number().int().nonnegative(),
    calls_failed: z.number().int().nonnegative(),
    errors: z.array(z.string()).max(5),
  })
  .strict();

/** One task as the suite holds it. `initialConfig` and the whole `raw` object are lossless (50.0 stays a float). */
export interface LoudQuietTask {
  task_id: string;
  bfcl_id: string;
  split: 'base' | 'composite';
  domain: string;
  involved_classes: string[];
  turns: { role: string; content: string }[][];
  n_turns: number;
  reference_path: string[];
  ground_truth: string[][];
  /** `initial_config` with its numbers' kinds kept; may lack an involved class (that class stays unloaded). */
  initialConfig: PyDict;
  raw: PyDict;
}

export interface TaskSuite {
  file: FileFingerprint;
  tasks: LoudQuietTask[];
  byId: ReadonlyMap<string, LoudQuietTask>;
}

export interface ReferenceEntry {
  /** `{ClassName: {attr: value}}`, lossless. */
  state: PyDict;
  calls_ok: number;
  calls_failed: number;
  errors: string[];
}

export interface ReferenceStates {
  file: FileFingerprint;
  /** The file's exact text (a bridge rebuild must equal it byte for byte). */
  text: string;
  /** The whole file, lossless (what scoring reads). */
  raw: PyDict;
  byId: ReadonlyMap<string, ReferenceEntry>;
}

export interface LoadOptions {
  /** Require the frozen file's size and SHA-256 (spec §11). */
  pinned?: boolean;
}

/** `json.loads` semantics for checking shapes: Maps become objects, numbers their value (ints stay integers). */
function plain(value: PyValue): unknown {
  if (value instanceof PyNumber) return value.value;
  if (Array.isArray(value)) return value.map(plain);
  if (value instanceof Map) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of value) out[k] = plain(v);
    return out;
  }
  return value;
}

function isFloat(value: PyValue | undefined): boolean {
  return value instanceof PyNumber && value.kind === 'float';
}

/** `a.b[2].c`, with a task's id in place of its index. */
function fieldPath(path: readonly PropertyKey[], label?: (index: number) => string | undefined): string {
  let out = '';
  path.forEach((key, i) => {
    if (typeof key === 'number') {
      const name = i === 0 && label ? label(key) : undefined;
      out += name ?? `[${key}]`;
    } else out += out === '' ? String(key) : `.${String(key)}`;
  });
  return out === '' ? '(top level)' : out;
}

function issueMessage(issue: z.core.$ZodIssue): string {
  if (issue.code === 'unrecognized_keys') return `unknown field(s) ${issue.keys.map((k) => `"${k}"`).join(', ')}`;
  if (issue.code === 'invalid_type') return `expected ${issue.expected}`;
  return issue.message;
}

function readJson(path: string, options: LoadOptions, which: 'suite' | 'reference'): { print: FileFingerprint; text: string; value: PyValue } {
  const bytes = readFileBytes(path);
  const print = fingerprint(path, bytes);
  if (options.pinned) checkPinned(which, print);
  const text = bytes.toString('utf8');
  let value: PyValue;
  try {
    value = parsePyJson(text, 'JSON');
  } catch (error) {
    throw new SuiteFileError(path, 'json', (error as Error).message.replace(/^JSON: /, ''));
  }
  return { print, text, value };
}

const codePointOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * `task_suite.json`, checked with zod and the suite's own rules (n_turns, domain, sorted classes, one ground-truth
 * list per turn, unique ids). Its quirks are kept: a class missing from `initial_config`, `[]` turns.
 */
export function loadTaskSuite(path: string, options: LoadOptions = {}): TaskSuite {
  const { print, value } = readJson(path, options, 'suite');
  if (!Array.isArray(value)) throw new SuiteFileError(path, '(top level)', 'expected a JSON array of tasks');
  const ids = value.map((t) => (t instanceof Map && typeof t.get('task_id') === 'string' ? (t.get('task_id') as string) : undefined));
  const parsed = z.array(TaskSchema).safeParse(value.map(plain));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new SuiteFileError(path, fieldPath(issue.path, (i) => ids[i]), issueMessage(issue));
  }
  const tasks: LoudQuietTask[] = [];
  const byId = new Map<string, LoudQuietTask>();
  parsed.data.forEach((t, i) => {
    const fail = (field: string, message: string): never => {
      throw new SuiteFileError(path, `${t.task_id}.${field}`, message);
    };
    if (byId.has(t.task_id)) fail('task_id', `duplicate task id (also task ${[...byId.keys()].indexOf(t.task_id)})`);
    if (t.n_turns !== t.turns.length) fail('n_turns', `${t.n_turns}, but turns has ${t.turns.length}`);
    if (t.ground_truth.length !== t.turns.length) fail('ground_truth', `${t.ground_truth.length} lists, but turns has ${t.turns.length}`);
    const sorted = [...t.involved_classes].sort(codePointOrder);
    if (sorted.some((c, j) => c !== t.involved_classes[j])) fail('involved_classes', 'not sorted');
    if (new Set(sorted).size !== sorted.length) fail('involved_classes', 'a class is listed twice');
    if (t.domain !== sorted.join('+')) fail('domain', `"${t.domain}", but the involved classes make "${sorted.join('+')}"`);
    for (const cls of Object.keys(t.initial_config)) {
      if (!t.involved_classes.includes(cls)) fail(`initial_config.${cls}`, 'not an involved class');
    }
    const raw = value[i] as PyDict;
    const task: LoudQuietTask = { ...t, initialConfig: raw.get('initial_config') as PyDict, raw };
    delete (task as Partial<{ initial_config: unknown }>).initial_config;
    tasks.push(task);
    byId.set(t.task_id, task);
  });
  return { file: print, tasks, byId };
}

/** `reference_states.json`: one entry per task, checked against the suite when it is given. */
export function loadReferenceStates(path: string, options: LoadOptions & { suite?: TaskSuite } = {}): ReferenceStates {
  const { print, text, value } = readJson(path, options, 'reference');
  if (!(value instanceof Map)) throw new SuiteFileError(path, '(top level)', 'expected a JSON object of task id to reference entry');
  const byId = new Map<string, ReferenceEntry>();
  for (const [taskId, entry] of value) {
    const parsed = ReferenceEntrySchema.safeParse(plain(entry));
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new SuiteFileError(path, `${taskId}${issue.path.length ? `.${fieldPath(issue.path)}` : ''}`, issueMessage(issue));
    }
    const rawEntry = entry as PyDict;
    for (const key of ['calls_ok', 'calls_failed'] as const) {
      if (isFloat(rawEntry.get(key))) throw new SuiteFileError(path, `${taskId}.${key}`, 'expected an int');
    }
    byId.set(taskId, { ...parsed.data, state: rawEntry.get('state') as PyDict });
  }
  const suite = options.suite;
  if (suite) {
    for (const task of suite.tasks) {
      if (!byId.has(task.task_id)) throw new SuiteFileError(path, task.task_id, `missing (the suite ${suite.file.path} has this task)`);
      const state = byId.get(task.task_id)!.state;
      for (const cls of state.keys()) {
        if (!task.involved_classes.includes(cls)) throw new SuiteFileError(path, `${task.task_id}.state.${cls}`, 'not an involved class of the task');
      }
    }
    for (const id of byId.keys()) {
      if (!suite.byId.has(id)) throw new SuiteFileError(path, id, `not a task of the suite ${suite.file.path}`);
    }
  }
  return { file: print, text, raw: value, byId };
}

export interface LoudQuietData {
  source: SuiteSource;
  suite: TaskSuite;
  reference: ReferenceStates;
}

/** Both files from one source; `pinned` also checks them against the frozen originals. */
export function loadLoudQuietData(source: SuiteSource, options: LoadOptions = {}): LoudQuietData {
  const suite = loadTaskSuite(source.suitePath, options);
  return { source, suite, reference: loadReferenceStates(source.referencePath, { ...options, suite }) };
}
