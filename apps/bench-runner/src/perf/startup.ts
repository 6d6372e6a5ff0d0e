/**
 * `npm run bench:startup`: the start-up of the compiled `recovery-bench` (its bin, as a user runs it) next to bare
 * Node (`node -e 0`), as medians of runs made side by side (one of each command per round, in turn), so that the
 * ratios hold on a loaded machine. Run `npm run build` first; it measures dist/ as it is.
 *   --runs N   rounds (default 15)
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ScriptedModel } from '@recovery-bench/harness';
import { prepareToolmaze, toolmazeBenchmark, toToolMazeTrace, writeToolMazeTrace } from '@recovery-bench/toolmaze-adapter';
import { BIN, REPO_ROOT } from '../testing/run-cli.ts';

/** One chat request whose last tool result failed (a 429): what `layer` reads on stdin. */
export const LAYER_REQUEST = JSON.stringify({
  messages: [
    { role: 'user', content: 'Book room 12' },
    { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'book_room', arguments: '{"room":12}' } }] },
    { role: 'tool', tool_call_id: 'c1', content: 'Error: 429 Too Many Requests' },
  ],
});

/**
 * The built-in fixture task FX_001_P2 as a task file (the normalised shape) and a C1 trace of it that follows the
 * gold path, written as ToolMaze writes one: what `toolmaze judge --task <task.json> --trace <trace.json>` reads.
 */
async function fixtureTrace(dir: string): Promise<{ task: string; trace: string }> {
  const { samples } = await prepareToolmaze({ select: { ids: ['FX_001_P2'] } });
  const sample = samples[0]!;
  const model = new ScriptedModel([
    { calls: [{ name: 'fx_find_order', arguments: { order_id: 'O-1' } }] },
    { calls: [{ name: 'fx_get_price', arguments: { sku: 'A1' } }] },
    { calls: [{ name: 'fx_create_invoice', arguments: { order_id: 'O-1', amount_usd: 20 } }] },
    { answer: 'Invoice created.' },
  ], 'startup-bench');
  const transcript = await toolmazeBenchmark.run(sample, { model, plugins: [], seed: 0 });
  const task = join(dir, 'FX_001_P2.task.json');
  writeFileSync(task, JSON.stringify(sample.task));
  return { task, trace: writeToolMazeTrace(dir, 'startup-bench', sample.task, toToolMazeTrace(sample.task, transcript, 'startup-bench')) };
}

interface Case { name: string; args: string[]; input?: string }

function timeOnce(c: Case, env: NodeJS.ProcessEnv): number {
  const start = process.hrtime.bigint();
  const r = spawnSync(process.execPath, c.args, { cwd: REPO_ROOT, input: c.input ?? '', encoding: 'utf8', env });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (r.status !== 0) throw new Error(`${c.name} exited ${r.status}: ${r.stderr.trim().split('\n')[0]}`);
  return ms;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { runs: { type: 'string', default: '15' } } });
  const runs = Number(values.runs);
  const dir = mkdtempSync(join(tmpdir(), 'rb-startup-'));
  try {
    const { task, trace } = await fixtureTrace(dir);
    const cases: Case[] = [
      { name: 'node -e 0', args: ['-e', '0'] },
      { name: 'recovery-bench --help', args: [BIN, '--help'] },
      { name: 'recovery-bench layer (one request)', args: [BIN, 'layer', '--form', 'c3'], input: LAYER_REQUEST },
      { name: 'recovery-bench toolmaze judge (one trace)', args: [BIN, 'toolmaze', 'judge', '--task', task, '--trace', trace] },
    ];
    // The compiled code as a user runs it: no source condition, no TypeScript loader from the caller.
    const env = { ...process.env };
    delete env.NODE_OPTIONS;
    const times = cases.map(() => [] as number[]);
    for (const c of cases) timeOnce(c, env); // warm the file cache
    for (let round = 0; round < runs; round++) for (const [i, c] of cases.entries()) times[i]!.push(timeOnce(c, env));
    const base = median(times[0]!);
    const rows = cases.map((c, i) => {
      const m = median(times[i]!);
      return `| ${c.name} | ${m.toFixed(0)} | ${(m / base).toFixed(2)}× |`;
    });
    process.stdout.write(`start-up, median of ${runs} side-by-side runs (Node ${process.version}):\n\n| command | median ms | vs node -e 0 |\n|---|---:|---:|\n${rows.join('\n')}\n`);
    const worst = Math.max(...cases.slice(1).map((_, i) => median(times[i + 1]!) / base));
    process.stdout.write(`\nslowest: ${worst.toFixed(2)}× of node -e 0 (target: ≤ 3×)\n`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
