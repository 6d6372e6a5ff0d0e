import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, REPO_ROOT, runCli } from '../testing/run-cli.ts';
import { readSamples, readScores } from '../testing/run-files.ts';

const TASKS = 'FX_001,FX_003,FX_004,FX_005';

/** What a sample is, apart from timings: its key, its model turns, its score (each sample scored exactly once). */
function samplesOf(dir: string): Map<string, string> {
  const scores = new Map<string, string>();
  for (const s of readScores(dir)) {
    const key = `${s.system}|${s.model}|${s.task}|${s.seed}`;
    expect(scores.has(key), `sample ${key} scored twice`).toBe(false);
    scores.set(key, s.scores['toolmaze:c1-judge']!.outcome);
  }
  const out = new Map<string, string>();
  for (const s of readSamples(dir)) {
    const turns = s.transcript!.events.filter((e) => e.type === 'model' || e.type === 'tool').map((e) => [e.type, 'content' in e ? e.content : null, e.type === 'model' ? e.toolCalls : e.type === 'tool' ? e.name : null]);
    const key = `${s.system}|${s.model}|${s.task}|${s.seed}`;
    expect(out.has(key), `sample ${key} recorded twice`).toBe(false);
    out.set(key, JSON.stringify([turns, scores.get(key), s.transcript!.finalAnswer]));
  }
  expect(scores.size).toBe(out.size);
  return out;
}

const lines = (path: string) => (existsSync(path) ? readFileSync(path, 'utf8').split('\n').filter(Boolean).length : 0);

/** Starts a run and kills it with `signal` once `after` samples are on disk; resolves with its exit. */
function runAndKill(out: string, signal: NodeJS.Signals, after: number): Promise<{ dir: string; code: number | null; signal: NodeJS.Signals | null; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'run', 'toolmaze', '--tasks', TASKS, '--out', out, '--no-report'], { cwd: REPO_ROOT, env: { ...process.env } });
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.resume();
    const timer = setInterval(() => {
      const dirs = existsSync(out) ? readdirSync(out) : [];
      if (dirs.length === 1 && lines(join(out, dirs[0]!, 'samples.jsonl')) >= after) {
        clearInterval(timer);
        child.kill(signal);
      }
    }, 5);
    child.on('error', reject);
    child.on('close', (code, sig) => {
      clearInterval(timer);
      resolve({ dir: join(out, readdirSync(out)[0]!), code, signal: sig, stdout });
    });
  });
}

describe('a killed run resumes without repeating or losing a sample', () => {
  it('SIGKILL half-way, then --resume, gives the samples of an uninterrupted run', async () => {
    const whole = await runCli(['run', 'toolmaze', '--tasks', TASKS, '--out', mkdtempSync(join(tmpdir(), 'rb-whole-')), '--no-report']);
    expect(whole.code).toBe(0);
    const wholeDir = whole.stdout.trim().split('\n').at(-1)!;
    const expected = samplesOf(wholeDir);
    expect(expected.size).toBe(2 * 4 * 4 * 5); // models × systems × tasks × conditions

    const killed = await runAndKill(mkdtempSync(join(tmpdir(), 'rb-killed-')), 'SIGKILL', 20);
    expect(killed.signal).toBe('SIGKILL');
    const partial = lines(join(killed.dir, 'samples.jsonl'));
    expect(partial).toBeGreaterThanOrEqual(20);
    expect(partial).toBeLessThan(expected.size);
    expect(JSON.parse(readFileSync(join(killed.dir, 'run.json'), 'utf8')).status).toBe('running');

    const resumed = await runCli(['run', 'toolmaze', '--resume', killed.dir, '--no-report']);
    expect(resumed.code).toBe(0);
    expect(resumed.stderr).toContain(`resuming ${killed.dir}: ${partial} samples recorded`);
    expect(samplesOf(killed.dir)).toEqual(expected);
    expect(JSON.parse(readFileSync(join(killed.dir, 'run.json'), 'utf8')).status).toBe('complete');
  }, 120_000);

  it('Ctrl-C stops cleanly: the run is marked interrupted and resumes to completion', async () => {
    const stopped = await runAndKill(mkdtempSync(join(tmpdir(), 'rb-int-')), 'SIGINT', 10);
    expect(stopped.code).toBe(130);
    expect(stopped.stdout).toMatch(/interrupted after \d+ new samples; resume with: recovery-bench run toolmaze --resume /);
    expect(JSON.parse(readFileSync(join(stopped.dir, 'run.json'), 'utf8')).status).toBe('interrupted');
    const resumed = await runCli(['run', 'toolmaze', '--resume', stopped.dir, '--no-report']);
    expect(resumed.code).toBe(0);
    expect(samplesOf(stopped.dir).size).toBe(JSON.parse(readFileSync(join(stopped.dir, 'run.json'), 'utf8')).plan.samples);
  }, 120_000);

  it('refuses to resume what is not a run directory, or with a new selection', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rb-mismatch-'));
    const first = await runCli(['run', 'toolmaze', '--tasks', 'FX_001', '--systems', 'off', '--out', dir, '--no-report']);
    const runDir = first.stdout.trim().split('\n').at(-1)!;
    expect(JSON.parse(readFileSync(join(runDir, 'run.json'), 'utf8'))).toMatchObject({ status: 'complete', selection: { systems: ['off'], tasks: ['FX_001'] } });
    const notARun = await runCli(['run', 'toolmaze', '--resume', join(dir, 'nope')]);
    expect(notARun.code).toBe(2);
    expect(notARun.stderr).toMatch(/is not a run directory \(no run\.json\)/);
    const reselect = await runCli(['run', 'toolmaze', '--resume', runDir, '--tasks', 'FX_002']);
    expect(reselect.code).toBe(2);
    expect(reselect.stderr).toBe("recovery-bench run: --resume keeps the run's own config and selection; drop --tasks\n");
    const again = await runCli(['run', 'toolmaze', '--resume', runDir, '--no-report']);
    expect(again.code).toBe(0);
    expect(again.stderr).toContain('10 samples recorded, 0 to run');
  }, 60_000);
});
