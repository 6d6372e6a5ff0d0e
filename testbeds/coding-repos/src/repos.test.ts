import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDataService, type DataService } from './data-service.ts';
import { REPO_IDS } from './datasets.ts';
import { checkPython, runPytest } from './python.ts';
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

// Each repository's sim solution, run as the shell would, passes its tests with the checker's secret; the same
// result files fail against another run's data (a result written without the data cannot pass).
describe.each(REPO_IDS)('repository %s', (repo) => {
  it('passes with the solution and fails with a result made from other data', async () => {
    const solution = await loadSolution(repo);
    const run = service.openRun({ repo, seed: 'solution', mode: 'ok' });
    const ws = await createWorkspace(repo, run.dataUrl);
    try {
      for (const command of solution.steps.filter((s) => !s.includes('pytest'))) await sh('bash', ['-c', command], { cwd: ws.dir, env: { ...process.env, PATH: process.env.PATH } });
      expect(run.requests).toBe(1);
      expect((await runPytest(ws.dir, run.checkSecret, python)).passed).toBe(true);
      const other = service.openRun({ repo, seed: 'another', mode: 'forbidden' });
      await writeFile(join(ws.dir, 'service_url.txt'), `${other.dataUrl}\n`);
      const fabricated = await runPytest(ws.dir, other.checkSecret, python);
      expect(fabricated.passed).toBe(false);
      expect(fabricated.tail).toMatch(/failed/);
    } finally {
      await ws.remove();
    }
  }, 120_000);
});
