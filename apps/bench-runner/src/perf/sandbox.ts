/**
 * `npm run bench:sandbox`: what the agents' sandbox costs, measured side by side on this machine (one run of each
 * kind per round, in turn, medians over the rounds, so that the ratios hold on a loaded machine):
 * - start: a program that does nothing (`node -e 0`, as an agent's start) with no sandbox, in bubblewrap and in
 *   Docker (each backend that works here; one that does not is named and left out);
 * - a coding task: the testbed's real driver, data service and checker with a scripted agent that solves grade_book
 *   honestly (fetch, solve, pytest) — the work of a full agent run without a model — and its score, which must agree.
 *   --runs N   rounds (default 7)
 */
import { parseArgs } from 'node:util';
import { codingBenchmark, outcomeScorer, startDataService, type CodingTask } from '@recovery-bench/coding-repos';
import { loadSolution, scriptedAgent, scriptedContext } from '@recovery-bench/coding-repos/testing/scripted-agent';
import type { Sandbox } from '@recovery-bench/harness';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVICES } from '../services.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '7' } } });
const rounds = Number(values.runs);
const kinds: Record<string, Sandbox> = { none: await SERVICES.sandbox('none') };
for (const kind of ['bwrap', 'docker'] as const) {
  await SERVICES.sandbox(kind).then(
    (sandbox) => void (kinds[kind] = sandbox),
    (error: Error) => process.stderr.write(`${kind}: left out (${error.message})\n`),
  );
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const workspace = mkdtempSync(join(tmpdir(), 'rb-sandbox-bench-'));
const policy = { workspace, writable: [], readOnly: [], allowPorts: [], limits: { processes: 256, memoryBytes: 1024 ** 3 } };
const start: Record<string, number[]> = Object.fromEntries(Object.keys(kinds).map((k) => [k, []]));
const task: Record<string, number[]> = Object.fromEntries(Object.keys(kinds).map((k) => [k, []]));
const outcomes = new Set<string>();

const service = await startDataService();
const { steps } = await loadSolution('grade_book');
const locate = await scriptedAgent(steps, 'Done: grades.csv is written. The tests pass.');
const codingTask: CodingTask = { id: 'qwen-code/grade_book/ok', agent: 'qwen-code', repo: 'grade_book', condition: 'ok', unit: 'qwen-code/grade_book' };
try {
  for (let round = 0; round < rounds; round++) {
    for (const [name, sandbox] of Object.entries(kinds)) {
      const t0 = performance.now();
      const run = await sandbox.run(process.execPath, ['-e', '0'], { cwd: workspace, env: { PATH: '/usr/bin:/bin' }, timeoutMs: 60_000, policy });
      if (run.exitCode !== 0) throw new Error(`${name}: node -e 0 exited ${run.exitCode}: ${run.stderr}`);
      start[name]!.push(performance.now() - t0);
      const benchmark = codingBenchmark({ service, locate, sandbox, limits: { maxOutputTokens: 32_000, contextWindow: 32_768, timeoutMs: 120_000 }, concurrency: 1 });
      const t1 = performance.now();
      const score = await outcomeScorer.score(codingTask, await benchmark.run(codingTask, scriptedContext(round)));
      task[name]!.push(performance.now() - t1);
      outcomes.add(`${name}:${score.outcome}`);
    }
    process.stderr.write(`round ${round + 1}/${rounds}\n`);
  }
} finally {
  await service.close();
  rmSync(workspace, { recursive: true, force: true });
}

const signed = (x: number) => `${x >= 0 ? '+' : '−'}${Math.abs(x).toFixed(0)}`;
const line = (label: string, xs: Record<string, number[]>) => {
  const base = median(xs.none!);
  const cells = Object.entries(xs).map(([kind, values], i) => {
    const m = median(values);
    return `${kind} ${m.toFixed(0).padStart(6)} ms${i === 0 ? '' : ` ×${(m / base).toFixed(2)} ${signed(m - base)} ms`}`;
  });
  return `${label.padEnd(34)} ${cells.join('   ')}`;
};
process.stdout.write(`sandbox cost, medians of ${rounds} rounds (${Object.values(kinds).flatMap((k) => (k.version ? [k.version] : [])).join('; ')}):\n`);
process.stdout.write(`${line('start (node -e 0)', start)}\n${line('coding task (grade_book, scripted)', task)}\n`);
process.stdout.write(`outcomes: ${[...outcomes].sort().join(', ')}\n`);
if (new Set([...outcomes].map((o) => o.split(':')[1])).size !== 1) {
  process.stderr.write('the sandbox changed the outcome\n');
  process.exitCode = 1;
}
