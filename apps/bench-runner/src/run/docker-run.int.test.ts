import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dockerStatus } from '@recovery-bench/engines';
import { containersOfRun, ensureTestImage, TEST_IMAGE } from '@recovery-bench/engines/testing/docker';
import { FIXTURE_SIM_SCRIPTS_DIR } from '@recovery-bench/toolmaze-adapter';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseRunConfig } from '../config/load.ts';
import { loadRun } from '../report/summarize.ts';
import { BIN, REPO_ROOT } from '../testing/run-cli.ts';
import { executeRun } from './runner.ts';

const docker = await dockerStatus();
const quiet = { progressOut: { write: () => true, isTTY: false } as unknown as NodeJS.WriteStream, log: () => {} };

/**
 * A whole run through the docker adapter: the engine is the sim engine served from a container (the host's node
 * and this checkout mounted read-only), configured as a GeulPU engine whose image and command come from config.
 * With the fixture suite's sim scripts, as the runner gives the in-process sim.
 */
describe.skipIf(!docker.ok)(`a run on an engine in Docker${docker.ok ? '' : ` — skipped: ${docker.reason}`}`, () => {
  beforeAll(ensureTestImage, 120_000);

  it('starts the container, runs the samples through the proxy, records the image and logs, removes the container, and scores as the in-process sim does', async () => {
    const weights = join(mkdtempSync(join(tmpdir(), 'rb-weights-')), 'sim.gguf');
    writeFileSync(weights, 'not a model\n');
    const common = {
      version: 1, name: 'docker-e2e',
      models: { m: { simProfile: 'paper/qwen3-8b', weights: { gguf: weights } } },
      systems: [{ id: 'off', engine: 'e', arm: 'off' }, { id: 'c3', engine: 'e', arm: 'proxy-c3' }],
      benchmarks: { toolmaze: { tasks: ['FX_001', 'FX_002', 'FX_003'] } },
    };
    const inContainer = parseRunConfig({
      ...common,
      engines: {
        e: {
          kind: 'docker', engine: 'geulpu', image: TEST_IMAGE, pull: 'never', network: 'host', gpus: 'none', pollIntervalMs: 200, healthTimeoutMs: 60_000,
          command: ['node', BIN, 'sim-engine', '--host', '{host}', '--port', '{port}', '--profile', 'paper/qwen3-8b', '--model', '{servedName}', '--scripts', FIXTURE_SIM_SCRIPTS_DIR],
          mounts: [{ source: '/usr', target: '/usr' }, { source: REPO_ROOT, target: REPO_ROOT }],
        },
      },
    }, 'docker-e2e');
    const inProcess = parseRunConfig({ ...common, engines: { e: { kind: 'sim' } } }, 'sim-e2e');

    const docked = await executeRun({ benchmark: 'toolmaze', config: inContainer, outDir: mkdtempSync(join(tmpdir(), 'rb-docker-run-')), repoRoot: REPO_ROOT, ...quiet });
    expect(docked.manifest.status).toBe('complete');
    const [engine] = docked.manifest.engines;
    expect(engine).toMatchObject({ name: 'e', kind: 'docker', model: 'm', detail: { adapter: 'docker', engine: 'geulpu', image: TEST_IMAGE, imageId: expect.stringMatching(/^sha256:/), container: `eng-${docked.manifest.id}-geulpu-m` } });
    const logs = (engine!.detail as { logFiles: { stdout: string } }).logFiles.stdout;
    expect(logs.startsWith(join(docked.dir, 'engines'))).toBe(true);
    expect(existsSync(logs) && readFileSync(logs, 'utf8')).toMatch(/sim-engine listening on http:\/\/127\.0\.0\.1:\d+ \(profile paper\/qwen3-8b\)/);
    expect(await containersOfRun(docked.manifest.id)).toEqual([]);

    const simulated = await executeRun({ benchmark: 'toolmaze', config: inProcess, outDir: mkdtempSync(join(tmpdir(), 'rb-sim-run-')), repoRoot: REPO_ROOT, ...quiet });
    const outcomes = (dir: string) => loadRun(dir).samples.map((s) => `${s.system} ${s.task} ${s.condition} ${s.outcome}`).sort();
    expect(outcomes(docked.dir)).toHaveLength(docked.planned);
    expect(outcomes(docked.dir)).toEqual(outcomes(simulated.dir));
  }, 120_000);
});
