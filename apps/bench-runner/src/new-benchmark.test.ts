import { execFile, execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { readScores } from './testing/run-files.ts';

const REPO = resolve(fileURLToPath(new URL('../../..', import.meta.url)));
const BIN = 'apps/bench-runner/bin/recovery-bench.mjs';

/** A command in `cwd`: its exit code and output (the test environment gives it the source condition). */
function run(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(cmd, args, { cwd, env: { ...process.env, ...env }, maxBuffer: 32 << 20, timeout: 180_000 }, (error, stdout, stderr) => {
      done({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
    });
  });
}
const lastLine = (text: string) => text.trim().split('\n').at(-1)!;

/**
 * The workspace as a fresh checkout has it: every file git tracks or would track, copied into a new repository with
 * one commit, sharing this checkout's installed node_modules (links, ignored by git there as here).
 */
function copyWorkspace(): string {
  const dir = mkdtempSync(join(tmpdir(), 'rb-workspace-'));
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: REPO }).toString('utf8').split('\0').filter(Boolean);
  for (const file of files) {
    const from = join(REPO, file);
    if (!existsSync(from) || lstatSync(from).isDirectory()) continue;
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    copyFileSync(from, join(dir, file));
  }
  for (const modules of ['node_modules', ...execFileSync('git', ['ls-files', '-z', '--', '*/package.json'], { cwd: REPO }).toString('utf8').split('\0').filter(Boolean).map((f) => join(dirname(f), 'node_modules'))]) {
    if (existsSync(join(REPO, modules)) && !existsSync(join(dir, modules))) symlinkSync(join(REPO, modules), join(dir, modules));
  }
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=test', '-c', 'user.email=test@example.invalid', ...args], { cwd: dir, stdio: 'pipe' });
  git('init', '-q');
  git('add', '-A');
  git('commit', '-q', '-m', 'the workspace');
  return dir;
}

describe('a new benchmark is one folder', () => {
  let workspace = '';
  beforeAll(() => {
    workspace = copyWorkspace();
  }, 120_000);

  it('is written from the skeleton, found, run on the sim with pass rates above 0, passes its own test, and changes nothing outside its folder', async () => {
    const made = await run(process.execPath, [BIN, 'new', 'benchmark', 'echo3'], workspace);
    expect(made.code, made.stderr).toBe(0);
    expect(lastLine(made.stdout)).toBe(join(workspace, 'benchmarks/echo3'));

    const listed = await run(process.execPath, [BIN, 'list', 'benchmarks'], workspace);
    expect(listed.stdout).toMatch(/^ {2}echo3 +echo3: repeat a text through a tool that fails once with an HTTP 503/m);

    const out = mkdtempSync(join(tmpdir(), 'rb-echo3-runs-'));
    const ran = await run(process.execPath, [BIN, 'run', 'echo3', '--out', out], workspace);
    expect(ran.code, ran.stderr).toBe(0);
    const scores = readScores(lastLine(ran.stdout));
    expect(scores).toHaveLength(12); // 2 systems × 3 texts × calm and flaky
    for (const system of ['off', 'c3']) {
      const mine = scores.filter((s) => s.system === system);
      expect(mine.filter((s) => s.scores['echo3:echoed']?.outcome === 'pass').length, system).toBeGreaterThan(0);
    }
    expect(readFileSync(join(lastLine(ran.stdout), 'report.md'), 'utf8')).toMatch(/^# echo3 \(3 tasks\)/);

    const tested = await run(join(REPO, 'node_modules/.bin/vitest'), ['run'], join(workspace, 'benchmarks/echo3'));
    expect(tested.code, tested.stdout + tested.stderr).toBe(0);
    const typed = await run(join(REPO, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.json', '--noEmit'], join(workspace, 'benchmarks/echo3'));
    expect(typed.code, typed.stdout).toBe(0);

    const targets = await run(join(REPO, 'node_modules/.bin/nx'), ['show', 'project', 'bench', '--json'], workspace, { NX_DAEMON: 'false', NX_NO_CLOUD: 'true' });
    expect(targets.code, targets.stderr).toBe(0);
    expect(JSON.parse(targets.stdout).targets.echo3).toMatchObject({ options: { command: expect.stringMatching(/recovery-bench\.mjs run echo3$/) }, dependsOn: ['build', { projects: ['echo3'], target: 'build' }] });

    const status = execFileSync('git', ['status', '--porcelain', '--untracked-files=all'], { cwd: workspace }).toString('utf8').trim().split('\n');
    expect(status.filter((line) => !line.startsWith('?? benchmarks/echo3/'))).toEqual([]);
    expect(status).toContain('?? benchmarks/echo3/src/entry.ts');
  }, 240_000);

  it('refuses a name that is taken, malformed, or a folder that exists', async () => {
    const taken = await run(process.execPath, [BIN, 'new', 'benchmark', 'toolmaze'], workspace);
    expect(taken.code).toBe(2);
    expect(taken.stderr).toMatch(/^recovery-bench new: a benchmark "toolmaze" exists already: @recovery-bench\/toolmaze-adapter \(libs\/toolmaze-adapter\)\n$/);
    const malformed = await run(process.execPath, [BIN, 'new', 'benchmark', 'Echo_3'], workspace);
    expect(malformed.stderr).toMatch(/a benchmark name is lower case/);
    mkdirSync(join(workspace, 'benchmarks/half-made'), { recursive: true });
    const exists = await run(process.execPath, [BIN, 'new', 'benchmark', 'half-made'], workspace);
    expect(exists.stderr).toMatch(/benchmarks\/half-made exists already/);
  }, 60_000);
});

// A benchmark of the user's own, outside the workspace: a plain JavaScript module that exports a BenchmarkEntry.
const OWN_ENTRY = `import { runAgentLoop } from '@recovery-bench/harness';
import { z } from 'zod';

const TASKS = [1, 2].flatMap((n) => ['calm', 'flaky'].map((condition) => ({ id: 'W' + n + '-' + condition, unit: 'W' + n, condition, city: 'city-' + n })));

export const mine = {
  id: 'mine',
  version: '1.0.0',
  summary: 'a benchmark from a module of its own',
  configSchema: z.strictObject({}),
  async prepare() {
    return {
      tasks: TASKS,
      source: { kind: 'built-in', label: 'two cities' },
      manifest: {},
      warnings: [],
      benchmark: {
        id: 'mine',
        version: '1.0.0',
        run: (task, run) => {
          let calls = 0;
          return runAgentLoop({
            model: run.model,
            messages: [{ role: 'user', content: 'What is the weather? city=' + task.city }],
            tools: [{ type: 'function', function: { name: 'weather', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } } }],
            executor: { async execute(call) {
              calls++;
              if (task.condition === 'flaky' && calls === 1) return { content: 'HTTP 503 Service Unavailable', isError: true, fault: { id: 'mine:503', kind: 'transient', tool: call.name, visibility: 'explicit' } };
              return { content: 'sunny in ' + call.arguments.city, isError: false };
            } },
            plugins: run.plugins,
            settings: { limits: { maxRounds: 6 } },
            signal: run.signal,
          });
        },
        scorers: [{ id: 'mine:sunny', version: '1', score: (task, t) => (t.finalAnswer && t.finalAnswer.includes('sunny') ? { value: 1, outcome: 'pass' } : { value: 0, outcome: 'fail' }) }],
      },
    };
  },
  async stimuli() { return []; },
  score: { scorer: 'mine:sunny', label: 'pass rate' },
  unit: 'city',
  conditions: { explicit: ['flaky'], control: ['calm'], transient: ['flaky'], missingTool: null },
  presets: {
    mine: { description: 'mine, layer off and on', base: 'sim', config: { models: { 'qwen3-8b': { simProfile: 'paper/qwen3-8b' } }, systems: [{ id: 'off', engine: 'sim', arm: 'off' }, { id: 'c3', engine: 'sim', arm: 'proxy-c3' }] }, section: {} },
  },
};
`;

describe('run --benchmark-module', () => {
  const project = mkdtempSync(join(tmpdir(), 'rb-own-bench-'));
  const bin = join(REPO, BIN);
  beforeAll(() => {
    mkdirSync(join(project, 'my-bench'), { recursive: true });
    mkdirSync(join(project, 'node_modules/@recovery-bench'), { recursive: true });
    symlinkSync(join(REPO, 'libs/harness'), join(project, 'node_modules/@recovery-bench/harness'));
    symlinkSync(join(REPO, 'node_modules/zod'), join(project, 'node_modules/zod'));
    writeFileSync(join(project, 'package.json'), '{"name": "my-project", "private": true, "type": "module"}\n');
    writeFileSync(join(project, 'my-bench/entry.mjs'), OWN_ENTRY);
    writeFileSync(join(project, 'my-bench/empty.mjs'), 'export const answer = 42;\n');
  });

  it('runs a module of the user\'s own with the same report, and score, report and resume find it again', async () => {
    const ran = await run(process.execPath, [bin, 'run', '--benchmark-module', './my-bench/entry.mjs', '--out', 'runs'], project);
    expect(ran.code, ran.stderr).toBe(0);
    const dir = resolve(project, lastLine(ran.stdout));
    const manifest = JSON.parse(readFileSync(join(dir, 'run.json'), 'utf8'));
    expect(manifest).toMatchObject({ benchmark: 'mine', benchmarkModule: join(project, 'my-bench/entry.mjs'), status: 'complete' });
    const scores = readScores(dir);
    expect(scores).toHaveLength(8);
    expect(scores.some((s) => s.scores['mine:sunny']?.outcome === 'pass')).toBe(true);
    expect(readFileSync(join(dir, 'report.md'), 'utf8')).toMatch(/^# mine \(2 tasks\)/);
    for (const args of [['score', dir, '--no-report'], ['report', dir], ['run', '--resume', dir]]) {
      const again = await run(process.execPath, [bin, ...args], project);
      expect(again.code, `${args.join(' ')}: ${again.stderr}`).toBe(0);
    }
  }, 120_000);

  it('says what is wrong with a module that exports no entry, or a path that is not there', async () => {
    const empty = await run(process.execPath, [bin, 'run', '--benchmark-module', './my-bench/empty.mjs'], project);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toMatch(/my-bench\/empty\.mjs: exports no benchmark entry named "benchmark" \(it exports answer\)/);
    const missing = await run(process.execPath, [bin, 'run', '--benchmark-module', './nope.mjs'], project);
    expect(missing.stderr).toBe('recovery-bench run: --benchmark-module: ./nope.mjs does not exist\n');
  }, 60_000);
});
