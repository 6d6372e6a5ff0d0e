import { spawn } from 'node:child_process';
import { cpSync, createWriteStream, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { parseCommandArgs, UsageError } from '@recovery-bench/harness/cli';
import { errorLine, FetchError, isCommit, isCommitHash, OfflineError, runGit } from '@recovery-bench/harness/fetch';
import { z } from 'zod';
import { computeDataHash, gitHead } from '../checkout.ts';
import { isPinnedCodeCommit, TOOLMAZE_IDENTITY } from '../identity.ts';

const HELP = `usage: recovery-bench fetch toolmaze [--dest DIR] [--code-ref REF]

Clones ToolMaze's code (${TOOLMAZE_IDENTITY.codeRepository}) into DIR (default ./ToolMaze), checks out REF
(default ${TOOLMAZE_IDENTITY.codeCommit}, the paper's commit; a commit hash is checked against the checkout's HEAD),
downloads the data revision ${TOOLMAZE_IDENTITY.dataRevision.slice(0, 12)} of ${TOOLMAZE_IDENTITY.dataRepository}
into DIR/data, and checks the data hash. Needs git, python3 and network access; HF_ENDPOINT overrides the
Hugging Face address.`;

const OPTIONS = {
  dest: { type: 'string' },
  'code-ref': { type: 'string' },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

const COMMAND = 'fetch toolmaze';
const git = (step: string, args: string[]) => runGit(COMMAND, step, TOOLMAZE_IDENTITY.codeRepository, args);

async function request(url: string): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, { redirect: 'follow' });
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    throw new OfflineError(COMMAND, `offline: cannot reach ${new URL(url).host} (${cause?.code ?? cause?.message ?? (error as Error).message})`);
  }
  if (!response.ok) throw new FetchError(COMMAND, `${url} answered HTTP ${response.status}`);
  return response;
}

const RevisionSchema = z.looseObject({ siblings: z.array(z.looseObject({ rfilename: z.string() })) });

function safeRelative(name: string): string {
  const parts = name.split('/');
  if (name.startsWith('/') || parts.some((p) => p === '..' || p === '')) throw new FetchError(COMMAND, `refusing the file name "${name}" from the dataset`);
  return name;
}

function unzip(zip: string, into: string): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn('python3', ['-m', 'zipfile', '-e', zip, into], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', () => fail(new FetchError(COMMAND, 'python3 is needed to unzip the data')));
    child.on('close', (code) => (code === 0 ? done() : fail(new FetchError(COMMAND, `cannot unzip ${zip}: ${errorLine(stderr)}`))));
  });
}

function findDir(root: string, name: string): string | undefined {
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const path = join(root, entry.name);
    if (entry.name === name) return path;
    const deeper = findDir(path, name);
    if (deeper) return deeper;
  }
  return undefined;
}

/** Downloads the pinned data revision and lays it out as `data/perturbed_tasks/…` (zip archives are unzipped). */
async function downloadData(dest: string): Promise<number> {
  const endpoint = (process.env.HF_ENDPOINT ?? 'https://huggingface.co').replace(/\/+$/, '');
  const { dataRepository: repo, dataRevision: rev } = TOOLMAZE_IDENTITY;
  const info = RevisionSchema.safeParse(await (await request(`${endpoint}/api/datasets/${repo}/revision/${rev}`)).json());
  if (!info.success) throw new FetchError(COMMAND, `${endpoint}: unexpected answer for ${repo}@${rev}`);
  const staging = mkdtempSync(join(tmpdir(), 'toolmaze-data-'));
  const data = join(dest, 'data');
  try {
    const names = info.data.siblings.map((s) => safeRelative(s.rfilename)).filter((n) => !n.split('/').pop()!.startsWith('.'));
    for (const name of names) {
      const response = await request(`${endpoint}/datasets/${repo}/resolve/${rev}/${name.split('/').map(encodeURIComponent).join('/')}`);
      const file = join(staging, 'files', name);
      mkdirSync(dirname(file), { recursive: true });
      await pipeline(Readable.fromWeb(response.body as WebReadableStream<Uint8Array>), createWriteStream(file));
      if (name.endsWith('.zip')) {
        const out = join(staging, 'unzipped', name);
        mkdirSync(out, { recursive: true });
        await unzip(file, out);
        const tasks = findDir(out, 'perturbed_tasks');
        cpSync(tasks ?? out, tasks ? join(data, 'perturbed_tasks') : data, { recursive: true });
      } else {
        const at = name.indexOf('perturbed_tasks/');
        const target = join(data, at >= 0 ? name.slice(at) : name);
        mkdirSync(dirname(target), { recursive: true });
        cpSync(file, target);
      }
    }
    return names.length;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** The checkout's HEAD after `git checkout REF`; a REF that looks like a commit hash must be its prefix. */
function checkedOutHead(dest: string, codeRef: string): string {
  const head = gitHead(dest);
  if (!head) throw new FetchError(COMMAND, `cannot read the checkout's HEAD in ${join(dest, '.git')}`);
  if (isCommitHash(codeRef) && !isCommit(head, codeRef)) throw new FetchError(COMMAND, `checked out ${codeRef} but HEAD is ${head}`);
  return head;
}

async function fetchToolmaze(dest: string, codeRef: string): Promise<number> {
  // A clone left by an earlier attempt whose data download failed is reused, so a retry does not start over.
  const earlierClone = existsSync(join(dest, '.git')) && !existsSync(join(dest, 'data', 'perturbed_tasks'));
  if (!earlierClone && existsSync(dest) && (!statSync(dest).isDirectory() || readdirSync(dest).length > 0)) throw new UsageError(`${dest} exists and is not empty; choose another --dest`);
  if (!earlierClone) await git('clone', ['clone', '--quiet', TOOLMAZE_IDENTITY.codeRepository, dest]);
  await git('checkout', ['-C', dest, 'checkout', '--quiet', codeRef]);
  const head = checkedOutHead(dest, codeRef);
  const which = isPinnedCodeCommit(head) ? ' (the paper\'s commit)' : isCommit(head, TOOLMAZE_IDENTITY.thirdPartyCodeCommit) ? ' (the commit a third-party run used)' : '';
  process.stdout.write(`${earlierClone ? 'reused the clone' : `cloned ${TOOLMAZE_IDENTITY.codeRepository}`} at ${head}${which} in ${dest}\n`);
  const count = await downloadData(dest);
  if (!existsSync(join(dest, 'data', 'perturbed_tasks'))) throw new FetchError(COMMAND, `the data revision has no perturbed_tasks; see ${join(dest, 'data')}`);
  process.stdout.write(`downloaded ${TOOLMAZE_IDENTITY.dataRepository}@${TOOLMAZE_IDENTITY.dataRevision} (${count} file(s)) into ${join(dest, 'data')}\n`);
  const { sha256, files } = computeDataHash(dest);
  process.stdout.write(sha256 === TOOLMAZE_IDENTITY.perturbedTasksSha256
    ? `data hash ${sha256} matches the pinned revision (${files} task files)\n`
    : `warning: data hash ${sha256} of ${files} task files differs from the pinned ${TOOLMAZE_IDENTITY.perturbedTasksSha256}\n`);
  process.stdout.write(`next: point benchmarks.toolmaze.source.checkout at ${dest}\n`);
  return 0;
}

/**
 * `recovery-bench fetch toolmaze [--dest DIR] [--code-ref REF]` (the words after the benchmark's id): the pinned code
 * and data, for users with network access. A network or download failure is a CliError with exit code 1.
 */
export async function runFetchCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, OPTIONS, true);
  if (values.help) {
    process.stdout.write(`${HELP}\n`);
    return 0;
  }
  if (positionals.length > 0) throw new UsageError(`fetch toolmaze takes no other words; got "${positionals.join(' ')}"`);
  return fetchToolmaze(resolve(values.dest ?? 'ToolMaze'), values['code-ref'] ?? TOOLMAZE_IDENTITY.codeCommit);
}
