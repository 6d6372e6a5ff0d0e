import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validateWorkflow, type ValidationState } from '@action-validator/core';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { runDeployCommand } from '../cli/deploy.ts';
import { userErrorReport } from '../cli/errors.ts';
import { BIN, collectOutput, REPO_ROOT, runCli } from '../testing/run-cli.ts';
import { GATES, SIM_CONFIG } from '../testing/deploy-files.ts';
import { mergeScript } from './k8s.ts';
import { shardStates, waitForShards } from './wait-shards.ts';

interface Step { name?: string; id?: string; uses?: string; run?: string; with?: Record<string, unknown>; env?: Record<string, string> }
interface Workflow { jobs: { shard: { strategy: { matrix: { shard: number[] }; 'max-parallel'?: number }; steps: Step[] }; merge: { needs: string; steps: Step[] } } }

/** A repository with a config and a gate file at the paths the workflow's jobs read, as a user has them. */
function repository(): string {
  const repo = mkdtempSync(join(tmpdir(), 'rb-gha-'));
  mkdirSync(join(repo, 'configs'));
  writeFileSync(join(repo, 'configs/sim lab.yaml'), SIM_CONFIG);
  writeFileSync(join(repo, 'configs/gates.yaml'), GATES);
  return repo;
}

async function deploy(repo: string, args: string[]): Promise<{ text: string; workflow: Workflow; notes: string }> {
  let text = '';
  let notes = '';
  const cwd = process.cwd();
  process.chdir(repo);
  try {
    const code = await runDeployCommand(['github-actions', ...args, '--out', '-'], { out: (t) => (text += t), err: (t) => (notes += t) });
    expect(code).toBe(0);
  } finally {
    process.chdir(cwd);
  }
  return { text, workflow: parseYaml(text) as Workflow, notes };
}

/**
 * A folder holding `npx` (which runs `npx recovery-bench …`) or `recovery-bench`, both this workspace's bin: the
 * commands the workflow and the pods have, for the scripts they run.
 */
function commandShim(root: string, command: 'npx' | 'recovery-bench'): string {
  const bin = join(root, 'bin');
  mkdirSync(bin);
  const strip = command === 'npx' ? '[ "$1" = recovery-bench ] || exit 127\nshift\n' : '';
  writeFileSync(join(bin, command), `#!/bin/sh\n${strip}exec "${process.execPath}" "${BIN}" "$@"\n`);
  chmodSync(join(bin, command), 0o755);
  return bin;
}

const errorsOf = (state: ValidationState) => state.errors.map((e) => ('path' in e ? `${e.path}: ${e.title}` : e.title));

describe('deploy github-actions', () => {
  it('a workflow GitHub accepts: a shard matrix, an artifact per shard, a merge job that reports with the gate', async () => {
    const repo = repository();
    const { text, workflow, notes } = await deploy(repo, ['--config', 'configs/sim lab.yaml', '--shards', '3', '--parallelism', '2', '--gate', 'configs/gates.yaml', '--runs-on', 'self-hosted,gpu']);
    expect(errorsOf(validateWorkflow(text))).toEqual([]);
    expect(notes).toContain('3 shard jobs and a merge job');
    const { shard, merge } = workflow.jobs;
    expect(shard.strategy).toMatchObject({ 'max-parallel': 2, matrix: { shard: [1, 2, 3] } });
    expect(shard.steps.find((s) => s.name === 'run the shard')!.run).toBe("npx recovery-bench run toolmaze --config 'configs/sim lab.yaml' --shard ${{ matrix.shard }}/3 --out shards/");
    expect(shard.steps.find((s) => s.uses === 'actions/upload-artifact@v4')!.with).toMatchObject({ name: 'shard-${{ matrix.shard }}-of-3', path: 'shards/' });
    expect(merge.needs).toBe('shard');
    expect(merge.steps.find((s) => s.name === 'report')!.run).toBe('npx recovery-bench report "$RUN_DIR" --gate configs/gates.yaml');
  });

  it('a preset runs as itself in every shard job', async () => {
    const { text, workflow } = await deploy(repository(), ['--preset', 'study3', '--benchmark', 'toolmaze', '--shards', '4']);
    expect(errorsOf(validateWorkflow(text))).toEqual([]);
    expect(workflow.jobs.shard.steps.find((s) => s.name === 'run the shard')!.run).toBe('npx recovery-bench run toolmaze --preset study3 --shard ${{ matrix.shard }}/4 --out shards/');
    const large = await deploy(repository(), ['--preset', 'study3', '--tier', 'large', '--benchmark', 'toolmaze', '--shards', '4']);
    expect(large.workflow.jobs.shard.steps.find((s) => s.name === 'run the shard')!.run).toBe('npx recovery-bench run toolmaze --preset study3 --tier large --shard ${{ matrix.shard }}/4 --out shards/');
    expect(large.text).toContain('name: recovery-bench study3-large');
  });

  it('a broken workflow fails the same validator (so the check can fail)', async () => {
    const { text } = await deploy(repository(), ['--config', 'configs/sim lab.yaml', '--shards', '2']);
    expect(errorsOf(validateWorkflow(text.replace(/^ {4}runs-on: .*\n/m, '')))).toContain('/jobs/shard: OneOf conditions are not met');
    expect(errorsOf(validateWorkflow(text.replaceAll('workflow_dispatch:', 'workflow_dispatched:')))).toContain('/on: OneOf conditions are not met');
  });

  it("the merge job's script, run by bash on the shards laid out as download-artifact lays them out, merges them into the unsharded run's scores", async () => {
    const repo = repository();
    const { workflow } = await deploy(repo, ['--config', 'configs/sim lab.yaml', '--shards', '2']);
    const config = join(repo, 'configs/sim lab.yaml');
    const tasks = ['--tasks', 'FX_001,FX_002,FX_003,FX_004', '--no-report'];
    const whole = await runCli(['run', 'toolmaze', '--config', config, ...tasks, '--out', join(repo, 'whole')]);
    expect(whole.code, whole.stderr).toBe(0);
    // Each shard job writes one run folder under shards/; its artifact lands in shards/shard-<i>-of-2/ of the merge job.
    for (const i of [1, 2]) {
      const own = join(repo, `job-${i}`);
      const done = await runCli(['run', 'toolmaze', '--config', config, ...tasks, '--shard', `${i}/2`, '--out', own]);
      expect(done.code, done.stderr).toBe(0);
      mkdirSync(join(repo, 'shards', `shard-${i}-of-2`), { recursive: true });
      const [run] = readdirSync(own);
      renameSync(join(own, run!), join(repo, 'shards', `shard-${i}-of-2`, run!));
    }
    // `npx recovery-bench` as the runner's checkout has it after `npm ci`: the workspace's bin.
    const bin = commandShim(repo, 'npx');
    const output = join(repo, 'github-output');
    writeFileSync(output, '');
    const step = workflow.jobs.merge.steps.find((s) => s.id === 'merge')!;
    const merged = await collectOutput(spawn('bash', ['-e', '-c', step.run!], { cwd: repo, env: { ...process.env, PATH: `${bin}:${process.env.PATH}`, GITHUB_OUTPUT: output } }));
    expect(merged.code, merged.stderr).toBe(0);
    const dir = /^dir=(.+)$/m.exec(readFileSync(output, 'utf8'))?.[1];
    expect(dir?.startsWith(join(repo, 'merged/'))).toBe(true);
    const compare = await collectOutput(spawn(process.execPath, [join(REPO_ROOT, 'tools/compare-scores.mjs'), whole.stdout.trim().split('\n').at(-1)!, dir!]));
    expect(compare.code, compare.stdout + compare.stderr).toBe(0);
    expect(compare.stdout).toMatch(/(\d+) samples before, \1 after, 0 difference\(s\)/);
  }, 120_000);

  it('paths are the repository\'s: an absolute config or one outside it is refused in one line', async () => {
    for (const [config, expected] of [['/etc/lab.yaml', /--config must be a path inside the repository/], ['../lab.yaml', /--config must be a path inside the repository/]] as const) {
      const error = await runDeployCommand(['github-actions', '--config', config, '--shards', '2'], { out: () => {}, err: () => {} }).then(() => undefined, (e: unknown) => e);
      expect(userErrorReport('deploy github-actions', error)?.text).toMatch(expected);
    }
  });
});

describe('the merge Job: deploy wait-shards, then its script', () => {
  it('waits until every shard folder holds its own complete run, and says which are missing', async () => {
    const root = mkdtempSync(join(tmpdir(), 'rb-wait-'));
    const lines: string[] = [];
    expect(await waitForShards(root, 2, { intervalMs: 10, timeoutMs: 30, onProgress: (l) => lines.push(l) })).toBe(false);
    expect(lines[0]).toBe('0 of 2 shards complete; shard 1 has no run yet, shard 2 has no run yet');
    const tasks = ['--tasks', 'FX_001,FX_002', '--no-report', '--shard', 'auto', '--shards', '2', '--out', root];
    const waiting = waitForShards(root, 2, { intervalMs: 20, onProgress: (l) => lines.push(l) });
    for (const index of ['0', '1']) {
      const done = await runCli(['run', 'toolmaze', ...tasks], '', { env: { JOB_COMPLETION_INDEX: index } });
      expect(done.code, done.stderr).toBe(0);
    }
    expect(await waiting).toBe(true);
    expect(lines.at(-1)).toBe('2 of 2 shards complete');

    // Then the merge Job's script, by sh, on these shards: merged, scored, reported, and the gate decides its exit.
    const bin = commandShim(root, 'recovery-bench');
    const gates = join(root, 'gates.yaml');
    const merge = (gate: string) => {
      writeFileSync(gates, `gates:\n  - { contrast: toolmaze:layer-effect, model: all, min: ${gate} }\n`);
      const script = mergeScript({ shards: 2, gates: { text: '' } }, { shards: root, merged: join(root, 'merged'), gatesFile: gates });
      return collectOutput(spawn('sh', ['-c', script], { env: { ...process.env, PATH: `${bin}:${process.env.PATH}` } }));
    };
    const passed = await merge('-100');
    expect(passed.code, passed.stderr).toBe(0);
    const dir = passed.stdout.split('\n').find((l) => l.startsWith(join(root, 'merged/')))!;
    expect(JSON.parse(readFileSync(join(dir, 'run.json'), 'utf8'))).toMatchObject({ status: 'complete', shard: null });
    expect(readFileSync(join(dir, 'report.md'), 'utf8')).toContain('toolmaze:layer-effect');
    // No difference reaches 101 points: the gate fails, and so does the Job's container.
    const failed = await merge('101');
    expect(failed.code).toBe(1);
    // A folder named for one shard that holds another's run would merge the wrong samples: it is never complete.
    renameSync(join(root, 'shard-1-of-2'), join(root, 'shard-1-of-3'));
    expect(shardStates(root, 3).map((s) => [s.state, s.detail])).toEqual([['unreadable', 'holds shard 1 of 2'], ['missing', undefined], ['missing', undefined]]);
  }, 120_000);
});
