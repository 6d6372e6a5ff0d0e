import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseCommandArgs, UsageError } from '@recovery-bench/harness/cli';
import { FetchError, OfflineError, runGit } from '@recovery-bench/harness/fetch';
import { GORILLA_BFCL_DIR, GORILLA_CLASS_MAP_FILE, GORILLA_CLASSES_DIR } from '../bridge/paths.ts';
import { SuiteFileError } from '../suite/errors.ts';
import { checkPinned, fingerprint, LOUDQUIET_PINS, PINNED_FILES, readFileBytes, REFERENCE_IN_CHECKOUT, SUITE_IN_CHECKOUT } from '../suite/source.ts';

const HELP = `usage: recovery-bench fetch loudquiet [--dest DIR] [--gorilla-url URL] [--brittle-url URL]

Sparse-clones the two repositories Loud/Quiet runs from, at their pinned commits, into DIR (default ./loudquiet):
  DIR/gorilla         ${LOUDQUIET_PINS.gorillaRepository} @ ${LOUDQUIET_PINS.gorillaCommit.slice(0, 12)}
                      (${GORILLA_BFCL_DIR}/bfcl_eval: the multi-turn classes and constants)
  DIR/brittle-agents  ${LOUDQUIET_PINS.brittleRepository} @ ${LOUDQUIET_PINS.brittleCommit.slice(0, 12)}
                      (the harness, the frozen suite, the reference states and the recorded trajectories)
then checks the size and SHA-256 of task_suite.json and reference_states.json. Needs git and network access.
--gorilla-url / --brittle-url clone from a mirror instead; --gorilla-ref / --brittle-ref check out another commit.`;

const OPTIONS = {
  dest: { type: 'string' },
  'gorilla-url': { type: 'string' },
  'brittle-url': { type: 'string' },
  'gorilla-ref': { type: 'string' },
  'brittle-ref': { type: 'string' },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

const COMMAND = 'fetch loudquiet';
const git = (step: string, url: string, args: string[]) => runGit(COMMAND, step, url, args);

/** A cone-mode sparse clone of `paths` at `ref`; a clone left by an earlier attempt is reused. */
async function sparseClone(url: string, dir: string, ref: string, paths: string[]): Promise<'cloned' | 'reused'> {
  const reused = existsSync(join(dir, '.git'));
  if (!reused) {
    if (existsSync(dir) && (!statSync(dir).isDirectory() || readdirSync(dir).length > 0)) throw new UsageError(`${dir} exists and is not empty; choose another --dest`);
    await git('clone', url, ['clone', '--quiet', '--filter=blob:none', '--no-checkout', '--sparse', url, dir]);
  }
  await git('sparse-checkout', url, ['-C', dir, 'sparse-checkout', 'set', '--cone', ...paths]);
  try {
    await git('checkout', url, ['-C', dir, 'checkout', '--quiet', '--detach', ref]);
  } catch (error) {
    if (error instanceof OfflineError) throw error;
    // The commit may not be on a fetched branch: ask for it by name.
    await git('fetch', url, ['-C', dir, 'fetch', '--quiet', '--filter=blob:none', 'origin', ref]);
    await git('checkout', url, ['-C', dir, 'checkout', '--quiet', '--detach', ref]);
  }
  return reused ? 'reused' : 'cloned';
}

function checkData(root: string): string[] {
  const lines: string[] = [];
  for (const [which, rel] of [['suite', SUITE_IN_CHECKOUT], ['reference', REFERENCE_IN_CHECKOUT]] as const) {
    const path = join(root, rel);
    try {
      const print = fingerprint(path, readFileBytes(path));
      checkPinned(which, print);
      lines.push(`${PINNED_FILES[which].name}: ${print.bytes} bytes, SHA-256 ${print.sha256} (the frozen file)`);
    } catch (error) {
      if (!(error instanceof SuiteFileError)) throw error;
      lines.push(`warning: ${error.message}`);
    }
  }
  return lines;
}

/**
 * `recovery-bench fetch loudquiet [--dest DIR] …` (the words after the benchmark's id): both pinned checkouts, for
 * users with network access. A network or git failure is a CliError with exit code 1; offline says so in one line.
 */
export async function runFetchCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, OPTIONS, true);
  if (values.help) {
    process.stdout.write(`${HELP}\n`);
    return 0;
  }
  if (positionals.length > 0) throw new UsageError(`fetch loudquiet takes no other words; got "${positionals.join(' ')}"`);
  const dest = resolve(values.dest ?? 'loudquiet');
  const gorillaDir = join(dest, 'gorilla');
  const brittleDir = join(dest, 'brittle-agents');
  const gorillaUrl = values['gorilla-url'] ?? LOUDQUIET_PINS.gorillaRepository;
  const brittleUrl = values['brittle-url'] ?? LOUDQUIET_PINS.brittleRepository;
  const gorillaRef = values['gorilla-ref'] ?? LOUDQUIET_PINS.gorillaCommit;
  const brittleRef = values['brittle-ref'] ?? LOUDQUIET_PINS.brittleCommit;

  const g = await sparseClone(gorillaUrl, gorillaDir, gorillaRef, [GORILLA_CLASSES_DIR, `${GORILLA_BFCL_DIR}/bfcl_eval/constants`]);
  process.stdout.write(`${g} ${gorillaUrl} at ${gorillaRef} in ${gorillaDir} (sparse: ${GORILLA_CLASSES_DIR}, constants)\n`);
  if (!existsSync(join(gorillaDir, GORILLA_CLASS_MAP_FILE))) throw new FetchError(COMMAND, `${gorillaDir} has no ${GORILLA_CLASS_MAP_FILE} at ${gorillaRef}`);
  const b = await sparseClone(brittleUrl, brittleDir, brittleRef, ['01_environment', '02_data_collection', '03_data_processing']);
  process.stdout.write(`${b} ${brittleUrl} at ${brittleRef} in ${brittleDir}\n`);
  for (const line of checkData(brittleDir)) process.stdout.write(`${line}\n`);
  process.stdout.write(`next: export LOUDQUIET_GORILLA_DIR=${gorillaDir} LOUDQUIET_BRITTLE_DIR=${brittleDir}\n`);
  return 0;
}
