// Runs the generators and writes the corpus: one JSONL file per producer family, each record with its split.
//   node corpus/generate/build.mjs [--keep-agents] [--agents-dir DIR]
// `--keep-agents` keeps the committed agents.jsonl instead of running the agents again (they take minutes and
// must be installed first). Then run `npx tsx corpus/generate/paper-snapshot.ts` to refresh the snapshot.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const HERE = dirname(fileURLToPath(import.meta.url));
const CORPUS = join(HERE, '..');
const { values } = parseArgs({ options: { 'keep-agents': { type: 'boolean', default: false }, 'agents-dir': { type: 'string', default: '/tmp/rb-agents' } } });

const FILES = {
  'python.jsonl': (s) => s.startsWith('python-'),
  'node.jsonl': (s) => s.startsWith('node-'),
  'mcp.jsonl': (s) => s === 'mcp-sdk',
  'agents.jsonl': (s) => ['qwen-code', 'opencode', 'kilo-code'].includes(s),
};

/** The case a record belongs to: its id without the form suffix, so all forms of one case share a split. */
export const caseOf = (id) => id.replace(/#[^#]*$/, '');
export const splitOf = (id) => (createHash('sha256').update(caseOf(id)).digest()[0] < 128 ? 'dev' : 'test');

function lines(text) {
  return text.split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l));
}

function generate(cmd, args) {
  return lines(execFileSync(cmd, args, { cwd: HERE, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'inherit'] }));
}

function keptAgents() {
  const file = join(CORPUS, 'agents.jsonl');
  return existsSync(file) ? lines(readFileSync(file, 'utf8')) : [];
}

const python = execFileSync('python3', ['-c', 'import sys; print(sys.executable)'], { encoding: 'utf8' }).trim();
const records = [
  ...generate(python, [join(HERE, 'py/python_corpus.py')]),
  ...generate(process.execPath, [join(HERE, 'node-corpus.mjs')]),
  ...(values['keep-agents'] ? keptAgents() : generate(process.execPath, [join(HERE, 'agents.mjs'), '--agents-dir', values['agents-dir']])),
];

const seen = new Set();
for (const r of records) {
  if (seen.has(r.id)) throw new Error(`duplicate id ${r.id}`);
  seen.add(r.id);
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
