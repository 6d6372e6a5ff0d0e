// Runs the generators and writes the corpus: one JSONL file per producer family, each record with its split.
//   node corpus/generate/build.mjs [--keep-installed] [--agents-dir DIR] [--ai-sdk-dir DIR]
//   node corpus/generate/build.mjs --append FILE
// `--append FILE` runs no generator: it keeps every committed record as it is, adds the records of FILE (a
// generator's output, e.g. agents.mjs run for a round's new cases only) after them in their files, and writes
// every record's split again from seen-cases.txt (so a round's held-out part joins dev once it is seen).
// `--keep-installed` keeps the committed records of the producers that are installed outside the repository
// (the coding agents and the Vercel AI SDK) instead of running them again: they take minutes and must be
// installed first (install-agents.sh, install-ai-sdk.sh). Then run `npx tsx corpus/generate/paper-snapshot.ts` to refresh the snapshot.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const HERE = dirname(fileURLToPath(import.meta.url));
const CORPUS = join(HERE, '..');
const { values } = parseArgs({
  options: {
    'keep-installed': { type: 'boolean', default: false },
    'agents-dir': { type: 'string', default: '/tmp/rb-agents' },
    'ai-sdk-dir': { type: 'string', default: '/tmp/rb-ai-sdk' },
    append: { type: 'string' },
  },
});

const FILES = {
  'python.jsonl': (s) => s.startsWith('python-'),
  'node.jsonl': (s) => s.startsWith('node-'),
  'mcp.jsonl': (s) => s === 'mcp-sdk',
  'agents.jsonl': (s) => ['qwen-code', 'opencode', 'kilo-code', 'codex', 'claude-code'].includes(s),
  'ai-sdk.jsonl': (s) => s === 'ai-sdk',
};

/** The case a record belongs to: its id without the form suffix, so all forms of one case share a split. */
export const caseOf = (id) => id.replace(/#[^#]*$/, '');
/** Cases whose texts an earlier round of rule design has seen: they stay in the development part for good. */
const SEEN = new Set(readFileSync(join(HERE, 'seen-cases.txt'), 'utf8').split('\n').filter((l) => l !== ''));
export const splitOf = (id) => (SEEN.has(caseOf(id)) || createHash('sha256').update(caseOf(id)).digest()[0] < 128 ? 'dev' : 'test');

function lines(text) {
  return text.split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l));
}

function generate(cmd, args) {
  return lines(execFileSync(cmd, args, { cwd: HERE, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'inherit'] }));
}

/** A producer installed outside the repository: run it, or keep its committed records. */
function installed(file, script, dirFlag, dir) {
  if (!values['keep-installed']) return generate(process.execPath, [join(HERE, script), dirFlag, dir]);
  const path = join(CORPUS, file);
  return existsSync(path) ? lines(readFileSync(path, 'utf8')) : [];
}

/** The committed records of every file, in file order, then the records of `--append`. */
function committedAndAppended(file) {
  const committed = Object.keys(FILES).flatMap((name) => (existsSync(join(CORPUS, name)) ? lines(readFileSync(join(CORPUS, name), 'utf8')) : []));
  return [...committed, ...lines(readFileSync(file, 'utf8'))];
}

function generated() {
  const python = execFileSync('python3', ['-c', 'import sys; print(sys.executable)'], { encoding: 'utf8' }).trim();
  return [
    ...generate(python, [join(HERE, 'py/python_corpus.py')]),
    ...generate(process.execPath, [join(HERE, 'node-corpus.mjs')]),
    ...installed('agents.jsonl', 'agents.mjs', '--agents-dir', values['agents-dir']),
    ...installed('ai-sdk.jsonl', 'ai-sdk.mjs', '--ai-sdk-dir', values['ai-sdk-dir']),
  ];
}

const records = values.append ? committedAndAppended(values.append) : generated();

const ids = new Set();
for (const r of records) {
  if (ids.has(r.id)) throw new Error(`duplicate id ${r.id}`);
  ids.add(r.id);
}
for (const [file, belongs] of Object.entries(FILES)) {
  const out = records.filter((r) => belongs(r.source)).map(({ id, source, producer, userAgent, message, truth, reason }) => {
    const ordered = { id, source, producer };
    if (userAgent !== undefined) ordered.userAgent = userAgent;
    return JSON.stringify({ ...ordered, message, truth, reason, split: splitOf(id) });
  });
  writeFileSync(join(CORPUS, file), `${out.join('\n')}\n`);
  process.stderr.write(`${file}: ${out.length} records\n`);
}
const unassigned = records.filter((r) => !Object.values(FILES).some((belongs) => belongs(r.source)));
if (unassigned.length > 0) throw new Error(`records of no file: ${unassigned.map((r) => r.id).join(', ')}`);
