import { readFileSync, writeFileSync } from 'node:fs';
import { BenchError } from '@recovery-bench/harness';
import { benchmarkEntries } from '../benchmarks.ts';
import { benchmarkSection } from '../run/prepare.ts';
import { freeze, FREEZE_FORMAT, verify, type FreezeRecord } from '../run/freeze.ts';
import { parseCommandArgs, UsageError } from './args.ts';
import { REPO_ROOT } from './paths.ts';
import { resolveConfig } from './run.ts';

const FREEZE_HELP = `usage: recovery-bench freeze [--config FILE | --preset NAME] [--stimuli PATH …] [--out freeze.json]

Records SHA-256 hashes of a study's config, its stimuli (the benchmarks' task files, plus any --stimuli paths)
and the code version (every tracked file), before data collection. \`recovery-bench verify freeze.json\` checks them.`;

const VERIFY_HELP = `usage: recovery-bench verify <freeze.json> [--config FILE]

Recomputes the hashes of a freeze record; exits 1 when the config, a stimulus or the code changed.`;

function benchmarkStimuli(config: ReturnType<typeof resolveConfig>): Promise<string[]>[] {
  return benchmarkEntries().filter((entry) => config.benchmarks[entry.id] !== undefined).map((entry) => entry.stimuli(benchmarkSection(entry, config)));
}

export async function runFreezeCommand(args: string[]): Promise<number> {
  const { values } = parseCommandArgs(args, {
    config: { type: 'string' }, preset: { type: 'string' }, stimuli: { type: 'string', multiple: true }, out: { type: 'string', default: 'freeze.json' },
    help: { type: 'boolean', short: 'h', default: false },
  });
  if (values.help) {
    process.stdout.write(`${FREEZE_HELP}\n`);
    return 0;
  }
  const config = resolveConfig(values);
  const stimuli = [...(await Promise.all(benchmarkStimuli(config))).flat(), ...(values.stimuli ?? [])];
  const record = freeze(config, { label: values.config ?? `preset ${values.preset ?? 'default'}`, file: values.config }, stimuli, REPO_ROOT);
  writeFileSync(values.out, `${JSON.stringify(record, null, 2)}\n`);
  process.stdout.write(`froze ${record.config.source}, ${record.stimuli.length} stimuli (${record.stimuli.reduce((n, s) => n + s.files, 0)} files) and ${record.code.files} tracked files into ${values.out}\n`);
  return 0;
}

export async function runVerifyCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, { config: { type: 'string' }, help: { type: 'boolean', short: 'h', default: false } }, true);
  if (values.help) {
    process.stdout.write(`${VERIFY_HELP}\n`);
    return 0;
  }
  if (positionals.length !== 1) throw new UsageError('name one freeze record');
  const record = readRecord(positionals[0]!);
  const preset = record.config.source.startsWith('preset ') ? record.config.source.slice('preset '.length) : undefined;
  const configFile = values.config ?? (preset ? undefined : record.config.source);
  const config = resolveConfig({ config: configFile, preset });
  const lines = verify(record, config, configFile, REPO_ROOT);
  for (const l of lines) process.stdout.write(`${l.ok ? 'ok     ' : 'CHANGED'} ${l.what}: ${l.detail}\n`);
  const changed = lines.filter((l) => !l.ok).length;
  process.stdout.write(changed === 0 ? 'verify: everything matches the freeze record\n' : `verify: ${changed} item(s) changed since ${record.createdAt}\n`);
  return changed === 0 ? 0 : 1;
}

function readRecord(path: string): FreezeRecord {
  let record: FreezeRecord;
  try {
    record = JSON.parse(readFileSync(path, 'utf8')) as FreezeRecord;
  } catch (error) {
    throw new BenchError('config:invalid', `cannot read freeze record ${path}: ${(error as Error).message.split('\n')[0]}`);
  }
  if (record?.format !== FREEZE_FORMAT) throw new BenchError('config:invalid', `${path} is not a freeze record (format ${JSON.stringify(record?.format)})`);
  return record;
}
