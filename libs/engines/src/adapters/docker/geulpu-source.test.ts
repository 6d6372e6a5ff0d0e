import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Docker from 'dockerode';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../testing/docker.ts';
import { EngineError } from '../errors.ts';
import { DockerEngineConfigSchema, GEULPU_SOURCE, type DockerEngineConfigInput } from './config.ts';
import { ensureImage } from './pull.ts';
import { buildContainerPlan } from './spec.ts';
import { geulpuSourceRecord } from './start.ts';

const model = { path: '/srv/models/Qwen2.5-7B-Instruct-Q8_0.gguf', servedName: 'qwen2.5-7b' };
const geulpu = (input: Partial<DockerEngineConfigInput>) => ({ kind: 'docker', engine: 'geulpu', command: ['--port', '{port}'], model, ...input });
const imageOf = (input: Partial<DockerEngineConfigInput>) => buildContainerPlan(DockerEngineConfigSchema.parse(geulpu(input)), { runId: 'r1', hostPort: 18_000 }).spec.Image;

const work = mkdtempSync(join(tmpdir(), 'geulpu-source-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("GeulPU's image from a source ref", () => {
  it("names the paper's commits: 36e3957 for G, 88555c2 for Qwen2.5-7B's rows, and the 0.15.0 release", () => {
    expect(GEULPU_SOURCE).toEqual({ repository: 'https://github.com/wwoosshh/GeulPUv2', paperCommit: '36e3957', paperCommitQwen25: '88555c2', release: '0.15.0' });
  });

  it('runs geulpu:<sourceRef> unless an image is given; 0.15.0 stays an explicit choice', () => {
    expect(imageOf({ sourceRef: GEULPU_SOURCE.paperCommit })).toBe('geulpu:36e3957');
    expect(imageOf({ sourceRef: GEULPU_SOURCE.release })).toBe('geulpu:0.15.0');
    expect(imageOf({ image: 'geulpu:0.15.0' })).toBe('geulpu:0.15.0');
    const neither = DockerEngineConfigSchema.safeParse(geulpu({}));
    expect(neither.success).toBe(false);
    expect(neither.error?.issues.map((i) => i.message)).toEqual([expect.stringMatching(/^GeulPU has no pinned image: give the source ref its image was built from \(sourceRef/)]);
    const other = DockerEngineConfigSchema.safeParse({ kind: 'docker', engine: 'llama.cpp', sourceRef: '36e3957', model });
    expect(other.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual(['sourceRef: sourceRef is set by the llama.cpp adapter; use extraArgs for more flags']);
  });

  it("records the ref and the image's revision label, and refuses an image built from another commit", () => {
    const revision = `${GEULPU_SOURCE.paperCommit}${'0'.repeat(33)}`;
    expect(geulpuSourceRecord('36e3957', { ref: 'geulpu:36e3957', revision })).toEqual({ repository: GEULPU_SOURCE.repository, ref: '36e3957', revision });
    expect(geulpuSourceRecord(undefined, { ref: 'geulpu:0.15.0' })).toEqual({ repository: GEULPU_SOURCE.repository, ref: null, revision: null });
    // A tag names no commit, so it is recorded as given.
    expect(geulpuSourceRecord('0.15.0', { ref: 'geulpu:0.15.0', revision })).toMatchObject({ ref: '0.15.0', revision });
    let error: unknown;
    try {
      geulpuSourceRecord('88555c2', { ref: 'geulpu:88555c2', revision });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EngineError);
    expect(error).toMatchObject({ code: 'engine:bad-config', message: `image geulpu:88555c2 was built from GeulPU ${revision}, not 88555c2`, hint: 'rebuild it: docker/geulpu-image.sh 88555c2' });
  });

  it("reads the revision label from the image, and names the build script when the image is missing", async () => {
    const labels = { 'org.opencontainers.image.revision': 'abc1234def' };
    // Docker's image inspect answer, as dockerode returns it (no daemon needed for this).
    const docker = (present: boolean) => ({
      getImage: () => ({ inspect: async () => (present ? { Id: 'sha256:1', RepoDigests: [], Config: { Labels: labels } } : Promise.reject(Object.assign(new Error('no such image'), { statusCode: 404 }))) }),
    }) as unknown as Docker;
    expect(await ensureImage(docker(true), 'geulpu:abc1234', 'never')).toEqual({ ref: 'geulpu:abc1234', id: 'sha256:1', repoDigests: [], pulled: false, revision: 'abc1234def' });
    await expect(ensureImage(docker(false), 'geulpu:36e3957', 'never', { buildHint: 'build it from GeulPU\'s source: docker/geulpu-image.sh 36e3957' }))
      .rejects.toMatchObject({ code: 'engine:image-missing', hint: 'build it from GeulPU\'s source: docker/geulpu-image.sh 36e3957' });
  });
});

describe('docker/geulpu-image.sh', () => {
  const script = join(REPO_ROOT, 'docker/geulpu-image.sh');
  const git = (cwd: string, ...args: string[]) => spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.invalid', ...args], { cwd, encoding: 'utf8' });

  /** A local stand-in for GeulPU's repository (two commits) and a `docker` on PATH that logs its arguments. */
  function setUp(): { repo: string; commits: string[]; bin: string; log: string } {
    const repo = join(work, 'GeulPUv2');
    mkdirSync(repo, { recursive: true });
    git(repo, 'init', '--quiet');
    writeFileSync(join(repo, 'Dockerfile'), 'FROM scratch\n');
    git(repo, 'add', '.');
    git(repo, 'commit', '--quiet', '-m', 'one');
    writeFileSync(join(repo, 'README'), 'two\n');
    git(repo, 'add', '.');
    git(repo, 'commit', '--quiet', '-m', 'two');
    const commits = git(repo, 'rev-list', '--reverse', 'HEAD').stdout.trim().split('\n');
    const bin = join(work, 'bin');
    mkdirSync(bin, { recursive: true });
    const log = join(work, 'docker.log');
    writeFileSync(join(bin, 'docker'), `#!/usr/bin/env bash\necho "$*" >>"${log}"\n`);
    chmodSync(join(bin, 'docker'), 0o755);
    return { repo, commits, bin, log };
  }
  const { repo, commits, bin, log } = setUp();
  const run = (...args: string[]) => spawnSync(script, args, { encoding: 'utf8', env: { ...process.env, PATH: `${bin}:${process.env.PATH ?? ''}`, GEULPU_REPO: repo } });

  it("defaults to the paper's commit", () => {
    expect(readFileSync(script, 'utf8')).toContain(`REF="\${1:-${GEULPU_SOURCE.paperCommit}}"`);
  });

  it('builds geulpu:<REF> from the source at REF, labelled with the commit it checked out', () => {
    const ref = commits[0]!.slice(0, 7);
    const r = run(ref, '--build-arg', 'X=1');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const call = readFileSync(log, 'utf8').trim().split('\n').at(-1)!;
    expect(call).toMatch(new RegExp(`^build -t geulpu:${ref} -f /\\S+/Dockerfile --label org\\.opencontainers\\.image\\.revision=${commits[0]} --label org\\.opencontainers\\.image\\.source=${repo} --build-arg X=1 /\\S+$`));
    expect(r.stdout).toBe(`geulpu image: built geulpu:${ref} from ${repo} at ${commits[0]}\n`);
  });

  it('fails without building when the ref is unknown or the source has no Dockerfile', () => {
    const before = readFileSync(log, 'utf8');
    expect(run('1234567').status).not.toBe(0);
    git(repo, 'rm', '--quiet', 'Dockerfile');
    git(repo, 'commit', '--quiet', '-m', 'no dockerfile');
    const head = git(repo, 'rev-parse', 'HEAD').stdout.trim();
    const r = run(head.slice(0, 9));
    expect(r.status).toBe(1);
    expect(r.stderr).toBe(`geulpu-image: no Dockerfile in GeulPU's source at ${head.slice(0, 9)}; give one with GEULPU_DOCKERFILE=/path/to/Dockerfile\n`);
    expect(readFileSync(log, 'utf8')).toBe(before);
  });
});
