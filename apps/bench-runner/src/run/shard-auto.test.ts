import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, collectOutput, REPO_ROOT, runCli } from '../testing/run-cli.ts';

// A Kubernetes Indexed Job on one machine: N runner processes, each with the JOB_COMPLETION_INDEX Kubernetes gives
// its pod, one of them killed midway and started again as the Job would restart its pod, then `merge`. The merged
// run must score every sample exactly as the unsharded run does: none lost, none twice.
const SHARDS = 3;
const TASKS = Array.from({ length: 12 }, (_, i) => `FX_${String(i + 1).padStart(3, '0')}`).join(',');
const RUN = ['run', 'toolmaze', '--systems', 'off,proxy-c3', '--tasks', TASKS, '--no-report'];
const lastLine = (text: string) => text.trim().split('\n').at(-1)!;
const sampleLines = (dir: string) => (existsSync(join(dir, 'samples.jsonl')) ? readFileSync(join(dir, 'samples.jsonl'), 'utf8').split('\n').filter((l) => l.endsWith('}')).length : 0);

describe('run --shard auto, as the pods of an Indexed Job run it', () => {
  it('three shards, one killed and restarted, merge into the scores of the unsharded run', async () => {
    const root = mkdtempSync(join(tmpdir(), 'rb-shard-auto-'));
    const whole = await runCli([...RUN, '--out', join(root, 'whole')]);
    expect(whole.code, whole.stderr).toBe(0);

    const out = join(root, 'shards');
    const pod = (index: number) => spawn(process.execPath, [BIN, ...RUN, '--shard', 'auto', '--shards', String(SHARDS), '--out', out], {
      cwd: REPO_ROOT, env: { ...process.env, JOB_COMPLETION_INDEX: String(index) },
    });
    for (const index of [0, 2]) {
      const done = await collectOutput(pod(index));
      expect(done.code, done.stderr).toBe(0);
      expect(lastLine(done.stdout)).toBe(join(out, `shard-${index + 1}-of-${SHARDS}`));
    }

    // Shard 2's pod is killed once it has recorded a sample, while it still runs.
    const dir = join(out, `shard-2-of-${SHARDS}`);
    const first = pod(1);
    const firstDone = collectOutput(first);
    while (sampleLines(dir) === 0 && first.exitCode === null) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(first.exitCode).toBeNull();
    first.kill('SIGKILL');
    await firstDone;
    const before = sampleLines(dir);
    const again = await collectOutput(pod(1));
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain(`shard 2 of ${SHARDS}: resuming ${dir}`);
    expect(again.stderr).toMatch(new RegExp(`resuming ${dir}: ${before} samples recorded, \\d+ to run`));
    expect(sampleLines(dir)).toBeGreaterThan(before);

    const merged = await runCli(['merge', ...[1, 2, 3].map((i) => join(out, `shard-${i}-of-${SHARDS}`)), '--out', join(root, 'merged'), '--no-report']);
    expect(merged.code, merged.stderr).toBe(0);
    const compare = await collectOutput(spawn(process.execPath, [join(REPO_ROOT, 'tools/compare-scores.mjs'), lastLine(whole.stdout), lastLine(merged.stdout)]));
    expect(compare.code, compare.stdout + compare.stderr).toBe(0);
    const planned = JSON.parse(readFileSync(join(lastLine(whole.stdout), 'run.json'), 'utf8')).plan.samples as number;
    expect(compare.stdout).toContain(`${planned} samples before, ${planned} after, 0 difference(s)`);
  }, 180_000);

  it('says what is missing: no JOB_COMPLETION_INDEX, an index out of range, --shards without auto', async () => {
    const unset = await runCli([...RUN, '--shard', 'auto', '--shards', '2'], '', { env: { JOB_COMPLETION_INDEX: undefined } });
    expect(unset.code).toBe(2);
    expect(unset.stderr).toMatch(/--shard auto takes the shard from JOB_COMPLETION_INDEX, 0 to 1 \(Kubernetes sets it in an Indexed Job's pods\); it is not set/);
    const beyond = await runCli([...RUN, '--shard', 'auto', '--shards', '2'], '', { env: { JOB_COMPLETION_INDEX: '2' } });
    expect(beyond.stderr).toMatch(/it is "2"/);
    const stray = await runCli([...RUN, '--shards', '2']);
    expect(stray.stderr).toMatch(/--shards goes with --shard auto/);
  });

  it('a shard that no task falls to completes with no samples, so its pod succeeds and the merge Job goes on', async () => {
    const out = mkdtempSync(join(tmpdir(), 'rb-shard-empty-'));
    // Tasks hash to shards; with more shards than tasks some shard owns none. Find one by running them all.
    const runs = await Promise.all([0, 1, 2, 3, 4, 5, 6, 7].map((index) => runCli(['run', 'toolmaze', '--systems', 'off', '--tasks', 'FX_001', '--no-report', '--shard', 'auto', '--shards', '8', '--out', out], '', { env: { JOB_COMPLETION_INDEX: String(index) } })));
    for (const r of runs) expect(r.code, r.stderr).toBe(0);
    const empty = runs.filter((r) => /none of the \d+ tasks falls to this shard; its run has no samples/.test(r.stderr));
    expect(empty.length).toBeGreaterThan(0);
    for (const r of empty) expect(JSON.parse(readFileSync(join(lastLine(r.stdout), 'run.json'), 'utf8'))).toMatchObject({ status: 'complete', plan: { samples: 0 } });
    const merged = await runCli(['merge', ...runs.map((r) => lastLine(r.stdout)), '--out', join(out, 'merged'), '--no-report']);
    expect(merged.code, merged.stderr).toBe(0);
    const whole = await runCli(['run', 'toolmaze', '--systems', 'off', '--tasks', 'FX_001', '--no-report', '--out', join(out, 'whole')]);
    const compare = await collectOutput(spawn(process.execPath, [join(REPO_ROOT, 'tools/compare-scores.mjs'), lastLine(whole.stdout), lastLine(merged.stdout)]));
    expect(compare.code, compare.stdout + compare.stderr).toBe(0);
  }, 120_000);
});
