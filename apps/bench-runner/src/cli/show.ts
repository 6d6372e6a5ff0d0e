import { existsSync } from 'node:fs';
import { forEachRecord, iterateLines } from '@recovery-bench/harness';
import { CallRecordSchema, type CallRecord } from '@recovery-bench/proxy';
import { runFile, SAMPLE_FORMATS, SCORE_FORMATS, type SampleRecord, type ScoreRecord } from '../run/run-dir.ts';
import { parseCommandArgs, UsageError } from './args.ts';

const HELP = `usage: recovery-bench show <runDir> [--system S] [--model M] [--task T] [--condition C] [--seed N]

One sample of a run: its score, then each model call it made through the proxy (the call's id, failure code, what
the recovery layer found and whether it changed the request), and at the decision step (the call whose request the
layer rewrote, else the first that carried a failed tool result) the prompt the engine rendered from the forwarded
request, as the model read it. The prompt is there when the run recorded it (run config \`records: {rendered: true}\`,
llama.cpp engines); otherwise the view says why not. Without a unique match the matching samples are listed.`;

const OPTIONS = {
  system: { type: 'string' },
  model: { type: 'string' },
  task: { type: 'string' },
  condition: { type: 'string' },
  seed: { type: 'string' },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

type Filter = Partial<Record<'system' | 'model' | 'task' | 'condition' | 'seed', string>>;

export async function runShowCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, OPTIONS, true);
  if (values.help) {
    process.stdout.write(`${HELP}\n`);
    return 0;
  }
  if (positionals.length !== 1) throw new UsageError('name one run directory');
  const dir = positionals[0]!;
  if (!existsSync(runFile(dir, 'samples.jsonl'))) throw new UsageError(`${dir} is not a run directory (no samples.jsonl)`);
  const { help: _help, ...filter } = values;
  const matches = matchingSamples(dir, filter);
  if (matches.length === 0) throw new UsageError(`no sample of ${dir} matches ${describeFilter(filter)}`);
  if (matches.length > 1) {
    process.stdout.write(`${matches.length} samples match${Object.keys(filter).length > 0 ? ` ${describeFilter(filter)}` : ''}; name one with --system, --model, --task, --condition, --seed:\n`);
    for (const s of matches.slice(0, 50)) process.stdout.write(`  ${sampleLine(s)}\n`);
    if (matches.length > 50) process.stdout.write(`  … and ${matches.length - 50} more\n`);
    return 2;
  }
  process.stdout.write(sampleView(dir, matches[0]!));
  return 0;
}

const KEYS = ['system', 'model', 'task', 'condition', 'seed'] as const;
const describeFilter = (filter: Filter) => KEYS.filter((k) => filter[k] !== undefined).map((k) => `--${k} ${filter[k]}`).join(' ') || '(no filter)';
const sampleLine = (s: SampleRecord) => `--system ${s.system} --model ${s.model} --task ${s.task} --condition ${s.condition} --seed ${s.seed}`;

function matchingSamples(dir: string, filter: Filter): SampleRecord[] {
  const found: SampleRecord[] = [];
  forEachRecord<SampleRecord>(runFile(dir, 'samples.jsonl'), SAMPLE_FORMATS, (s) => {
    if (KEYS.every((k) => filter[k] === undefined || String(s[k]) === filter[k])) found.push(s);
  });
  return found;
}

function scoreOf(dir: string, sample: SampleRecord): ScoreRecord | undefined {
  const path = runFile(dir, 'scores.jsonl');
  if (!existsSync(path)) return undefined;
  let found: ScoreRecord | undefined;
  forEachRecord<ScoreRecord>(path, SCORE_FORMATS, (r) => {
    if (KEYS.every((k) => r[k] === sample[k])) found = r;
  });
  return found;
}

/** The proxy's records of this sample's calls, by the request id each answer carried (`x-proxy-request-id`). */
function callsOf(dir: string, ids: ReadonlySet<string>): Map<string, CallRecord> {
  const calls = new Map<string, CallRecord>();
  const path = runFile(dir, 'calls.jsonl');
  if (ids.size === 0 || !existsSync(path)) return calls;
  for (const line of iterateLines(path)) {
    if (!line.includes('"id":"')) continue;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch {
      continue; // a line cut by a killed run
    }
    const parsed = CallRecordSchema.safeParse(json);
    if (parsed.success && ids.has(parsed.data.id)) calls.set(parsed.data.id, parsed.data);
  }
  return calls;
}

function sampleView(dir: string, sample: SampleRecord): string {
  const lines = [`sample ${sampleLine(sample)}`];
  const score = scoreOf(dir, sample);
  for (const [name, s] of Object.entries(score?.scores ?? {})) lines.push(`score ${name}: ${s.value} ${s.outcome}${s.reason ? ` (${s.reason})` : ''}`);
  if (sample.error) lines.push(`error ${sample.error.code}: ${sample.error.message}`);
  const steps = (sample.transcript?.events ?? []).flatMap((e) => (e.type === 'model' ? [e.headers?.['x-proxy-request-id']] : []));
  const calls = callsOf(dir, new Set(steps.filter((id): id is string => id !== undefined)));
  const decision = decisionStep(steps.map((id) => (id === undefined ? undefined : calls.get(id))));
  steps.forEach((id, i) => {
    const call = id === undefined ? undefined : calls.get(id);
    lines.push(`model call ${i + 1}: ${call ? callLine(call) : id === undefined ? 'not through a recording proxy' : `${id} (not in calls.jsonl)`}${i === decision ? '   ← decision step' : ''}`);
  });
  if (steps.length === 0) lines.push('no model call');
  else if (decision === undefined) lines.push('no decision step: no call carried a failed tool result the layer detected');
  else lines.push(...renderedLines(calls.get(steps[decision]!)!));
  return `${lines.join('\n')}\n`;
}

/** The call the layer rewrote, else the first whose request held a detected failure at its decision step. */
function decisionStep(calls: readonly (CallRecord | undefined)[]): number | undefined {
  const changed = calls.findIndex((c) => c?.layer.changed === true);
  if (changed !== -1) return changed;
  const detected = calls.findIndex((c) => c?.detections.some((d) => d.scope === 'decision') === true);
  return detected === -1 ? undefined : detected;
}

function callLine(call: CallRecord): string {
  const found = call.detections.filter((d) => d.scope === 'decision').map((d) => `${d.kind} (${d.rule}) at message ${d.messageIndex}`);
  const layer = `layer ${call.layer.form}${call.layer.changed ? ' changed the request' : ''}`;
  return `${call.id} · ${call.upstreamStatus ?? '-'} ${call.code} · ${layer}${found.length > 0 ? ` · failed result: ${found.join(', ')}` : ''}`;
}

function renderedLines(call: CallRecord): string[] {
  const rendered = call.rendered;
  if (rendered === undefined) return ['the prompt the engine rendered was not recorded (run config: records: {rendered: true})'];
  if (rendered.prompt === null) return [`the prompt the engine rendered is not known: ${rendered.reason ?? 'no reason given'}`];
  return [`--- the prompt the engine rendered (${rendered.source}) at the decision step ---`, rendered.prompt, '--- end of prompt ---'];
}
