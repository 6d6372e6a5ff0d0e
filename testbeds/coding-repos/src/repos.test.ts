import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDataService, type DataService } from './data-service.ts';
import { REPO_IDS } from './datasets.ts';
import { checkResult } from './checker.ts';
import { checkPython } from './python.ts';
import { loadSolution } from './solutions.ts';
import { createWorkspace } from './workspace.ts';

const sh = promisify(execFile);
let service: DataService;
let python: string;
beforeAll(async () => {
  service = await startDataService();
  python = await checkPython();
}, 240_000);
afterAll(() => service.close());

// Each repository's sim solution, run as the shell would, passes the checker; the same result file fails against
// another run's data (a result written without the data cannot pass).
describe.each(REPO_IDS)('repository %s', (repo) => {
  it('passes with the solution and fails with a result made from other data', async () => {
    const solution = await loadSolution(repo);
    const run = service.openRun({ repo, seed: 'solution', mode: 'ok' });
    const ws = await createWorkspace(repo, run.dataUrl);
    try {
      for (const command of solution.steps.filter((s) => !s.includes('pytest'))) await sh('bash', ['-c', command], { cwd: ws.dir, env: { ...process.env, PATH: process.env.PATH } });
      expect(run.requests).toBe(1);
      expect(await checkResult({ repo, copyDir: ws.dir, dataUrl: run.dataUrl, checkSecret: run.checkSecret, python })).toMatchObject({ passed: true, resultFileWritten: true });
      const other = service.openRun({ repo, seed: 'solution', mode: 'forbidden' });
      const fabricated = await checkResult({ repo, copyDir: ws.dir, dataUrl: other.dataUrl, checkSecret: other.checkSecret, python });
      expect(fabricated.passed).toBe(false);
      expect(fabricated.tail).toMatch(/failed/);
    } finally {
      await ws.remove();
    }
  }, 120_000);
});
