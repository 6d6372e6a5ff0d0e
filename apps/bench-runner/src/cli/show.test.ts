import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseRunConfig } from '../config/load.ts';
import { executeRun } from '../run/runner.ts';
import { quiet } from '../testing/coding-runs.ts';
import { runCommand } from '../testing/run-command.ts';
import { REPO_ROOT } from '../testing/run-cli.ts';

const SHOW = fileURLToPath(new URL('./show.ts', import.meta.url));

// One sample's view on a sim run (the llama.cpp tier shows a rendered prompt: run/real-llama.llamacpp.test.ts).
describe('recovery-bench show', () => {
  let dir: string;
  beforeAll(async () => {
    const config = parseRunConfig({
      version: 1, name: 'show',
      engines: { sim: { kind: 'sim' } },
      models: { m: { simProfile: 'paper/qwen3-8b' } },
      systems: [{ id: 'c3', engine: 'sim', arm: 'proxy-c3' }],
      records: { rendered: true },
      benchmarks: { toolmaze: { tasks: ['FX_001'], conditions: ['P0', 'P1'] } },
    }, 'show');
    dir = (await executeRun({ benchmark: 'toolmaze', config, outDir: mkdtempSync(join(tmpdir(), 'rb-show-')), repoRoot: REPO_ROOT, ...quiet })).dir;
  });

  it('prints the score, each model call from the proxy\'s records, and why there is no rendered prompt on an engine without one', async () => {
    const { code, stdout, stderr } = await runCommand(SHOW, 'runShowCommand', [dir, '--task', 'FX_001_P1']);
    expect(code, stderr).toBe(0);
    expect(stdout).toMatch(/^sample --system c3 --model m --task FX_001_P1 --condition P1 --seed 0\nscore toolmaze:c1-judge: \d (pass|fail)/);
    expect(stdout).toMatch(/^model call 1: [0-9a-f-]{36} · 200 ok · layer c3$/m);
    expect(stdout).toMatch(/^model call \d+: [0-9a-f-]{36} · 200 ok · layer c3( changed the request)? · failed result: \w+ \(\S+\) at message \d+ {3}← decision step$/m);
    expect(stdout).toContain("the prompt the engine rendered is not known: the generic engine has no endpoint that renders a chat request's prompt (llama.cpp's /apply-template does)\n");
  });

  it('lists the samples when the filter names more than one, and says so in one line when it names none', async () => {
    const many = await runCommand(SHOW, 'runShowCommand', [dir, '--system', 'c3']);
    expect(many.code).toBe(2);
    expect(many.stdout).toMatch(/^2 samples match --system c3; name one with --system, --model, --task, --condition, --seed:\n {2}--system c3 --model m --task FX_001_P[01] /);
    const none = await runCommand(SHOW, 'runShowCommand', [dir, '--task', 'FX_999']);
    expect(none).toMatchObject({ code: 2, stderr: `recovery-bench show: no sample of ${dir} matches --task FX_999\n` });
    expect((await runCommand(SHOW, 'runShowCommand', [tmpdir()])).stderr).toContain('is not a run directory');
  });
});
