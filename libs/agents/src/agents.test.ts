import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AGENTS, AgentInstallError, AgentMissingError, AgentUnknownError, agentDir, defaultCacheDir, installAgents, listAgents,
  locateAgent, platformTarget, proxyConnection, AGENT_SURFACES, type AgentSpec, type InstallProgress,
} from './index.ts';

// A self-authored package, packed with npm and installed from its tarball: the same npm path as a real agent,
// without the network. It ships a JavaScript entry and a "native" executable per platform (a shell script).
let work: string;
let tarball: string;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'agents-test-'));
  const pkg = join(work, 'pkg');
  mkdirSync(join(pkg, 'native', platformTarget()), { recursive: true });
  writeFileSync(join(pkg, 'package.json'), JSON.stringify({ name: 'fixture-agent', version: '1.2.3', bin: { fixture: 'cli.js' } }));
  writeFileSync(join(pkg, 'cli.js'), "#!/usr/bin/env node\nif (process.argv.includes('--fail')) process.exit(3);\nconsole.log('fixture-agent 1.2.3 on node ' + process.versions.node);\n");
  writeFileSync(join(pkg, 'native', platformTarget(), 'fixture'), '#!/bin/sh\necho "fixture native 1.2.3"\n');
  chmodSync(join(pkg, 'native', platformTarget(), 'fixture'), 0o755);
  const name = execFileSync('npm', ['pack', '--silent', '--pack-destination', work], { cwd: pkg, encoding: 'utf8' }).trim();
  tarball = join(work, name);
}, 60_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

const base = { package: 'fixture-agent', version: '1.2.3', binName: 'fixture', versionArgs: ['--version'], kind: 'agent' } as const;
const CATALOG: Record<string, AgentSpec> = {
  script: { ...base, name: 'script', title: 'JS agent', runtime: 'node', entry: ['fixture-agent/cli.js'] },
  native: { ...base, name: 'native', title: 'native agent', runtime: 'native', entry: ['fixture-agent/native/{target}/fixture'] },
  newer: { ...base, name: 'newer', title: 'needs a newer Node', runtime: 'node', entry: ['fixture-agent/cli.js'], minNodeMajor: 99 },
  broken: { ...base, name: 'broken', title: 'does not run', runtime: 'node', entry: ['fixture-agent/cli.js'], versionArgs: ['--fail'] },
  node22: { ...base, name: 'node22', title: 'runtime', runtime: 'node', entry: ['fixture-agent/cli.js'], kind: 'runtime' },
};

function freshCache(): string {
  return mkdtempSync(join(work, 'cache-'));
}

describe('installAgents', () => {
  it('installs with npm into <cache>/agents/<name>@<version>, checks the command runs, and locateAgent finds it', async () => {
    const cacheDir = freshCache();
    const events: InstallProgress[] = [];
    const [result] = await installAgents(['script'], { cacheDir, catalog: CATALOG, npmSpec: () => tarball, onProgress: (e) => events.push(e) });
    expect(result!.dir).toBe(join(cacheDir, 'agents', 'script@1.2.3'));
    expect(result!.installed).toBe(true);
    expect(result!.versionOutput).toMatch(/^fixture-agent 1\.2\.3 on node /);
    expect(events.map((e) => e.phase)).toEqual(['install', 'verify', 'done']);

    const located = locateAgent('script', { cacheDir, catalog: CATALOG });
    expect(located.command).toEqual([process.execPath, join(result!.dir, 'node_modules/fixture-agent/cli.js')]);
    const run = spawnSync(located.command[0]!, located.command.slice(1), { encoding: 'utf8' });
    expect(run.stdout).toContain('fixture-agent 1.2.3');
    // The version is the installed package's own, not the catalog's pin (a report names what ran).
    expect(located.version).toBe('1.2.3');
    const repinned = { ...CATALOG, script: { ...CATALOG.script!, version: '9.9.9' } };
    cpSync(result!.dir, join(cacheDir, 'agents', 'script@9.9.9'), { recursive: true });
    expect(locateAgent('script', { cacheDir, catalog: repinned }).version).toBe('1.2.3');

    const again = await installAgents(['script'], { cacheDir, catalog: CATALOG, npmSpec: () => tarball });
    expect(again[0]!.installed).toBe(false);
    expect(listAgents({ cacheDir, catalog: CATALOG }).filter((a) => a.installed).map((a) => a.name)).toEqual(['script']);
  }, 120_000);

  it('runs a native entry directly, taking the executable of this platform', async () => {
    const cacheDir = freshCache();
    const [result] = await installAgents(['native'], { cacheDir, catalog: CATALOG, npmSpec: () => tarball });
    expect(result!.versionOutput).toBe('fixture native 1.2.3');
    expect(locateAgent('native', { cacheDir, catalog: CATALOG }).command).toEqual([join(result!.dir, 'node_modules/fixture-agent/native', platformTarget(), 'fixture')]);
  }, 120_000);

  it('brings the node22 runtime along for an agent that needs a newer Node, and runs the agent with it', async () => {
    const cacheDir = freshCache();
    const results = await installAgents(['newer'], { cacheDir, catalog: CATALOG, npmSpec: () => tarball });
    expect(results.map((r) => r.name)).toEqual(['node22', 'newer']);
    const located = locateAgent('newer', { cacheDir, catalog: CATALOG });
    expect(located.command[0]).toBe(join(agentDir(cacheDir, CATALOG.node22!), 'node_modules/fixture-agent/cli.js'));
  }, 180_000);

  it('leaves nothing that looks installed when the agent does not run', async () => {
    const cacheDir = freshCache();
    await expect(installAgents(['broken'], { cacheDir, catalog: CATALOG, npmSpec: () => tarball })).rejects.toThrow(AgentInstallError);
    expect(existsSync(agentDir(cacheDir, CATALOG.broken!))).toBe(false);
    expect(readdirSync(join(cacheDir, 'agents'))).toEqual([]);
  }, 120_000);

  it('reports an npm failure in one line', async () => {
    const cacheDir = freshCache();
    const error = await installAgents(['script'], { cacheDir, catalog: CATALOG, npmSpec: () => join(work, 'no-such.tgz') }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AgentInstallError);
    expect((error as Error).message).not.toContain('\n');
    expect(existsSync(join(cacheDir, 'agents', 'script@1.2.3'))).toBe(false);
  }, 120_000);
});

describe('locateAgent', () => {
  it('names the install command when an agent is missing', () => {
    const cacheDir = freshCache();
    const error = (() => { try { locateAgent('codex', { cacheDir }); } catch (e) { return e; } })();
    expect(error).toBeInstanceOf(AgentMissingError);
    expect((error as AgentMissingError).code).toBe('agents:missing');
    expect((error as Error).message).toBe(`agent "codex" ${AGENTS.codex.version} is not installed in ${cacheDir}; run \`recovery-bench agents install codex\``);
  });

  it('names the node22 runtime when an installed agent needs it and it is missing', async () => {
    const cacheDir = freshCache();
    // Installed with the runtime present, then the runtime removed.
    await installAgents(['newer'], { cacheDir, catalog: CATALOG, npmSpec: () => tarball });
    rmSync(agentDir(cacheDir, CATALOG.node22!), { recursive: true });
    expect(() => locateAgent('newer', { cacheDir, catalog: CATALOG })).toThrow(/agents install node22/);
  }, 180_000);

  it('refuses an unknown name, listing the known ones', () => {
    expect(() => locateAgent('claude')).toThrow(AgentUnknownError);
    expect(() => locateAgent('claude')).toThrow(/known: claude-code, codex, qwen-code, opencode, kilo, node22/);
  });

  it('takes the cache folder from RECOVERY_BENCH_CACHE', () => {
    expect(defaultCacheDir({ RECOVERY_BENCH_CACHE: '/x/cache' })).toBe('/x/cache');
    expect(defaultCacheDir({})).toMatch(/\.cache\/recovery-bench$/);
  });
});

describe('proxyConnection', () => {
  const target = { url: 'http://127.0.0.1:9000/runs/r1/v1/', model: 'qwen3-8b' };

  it('points each agent at the proxy on the API it speaks, with its own documented settings', () => {
    expect(proxyConnection('claude-code', target)).toEqual({ env: { ANTHROPIC_BASE_URL: 'http://127.0.0.1:9000/runs/r1', ANTHROPIC_API_KEY: 'sk-recovery-bench' }, args: [] });
    expect(proxyConnection('qwen-code', target).env).toEqual({ OPENAI_BASE_URL: 'http://127.0.0.1:9000/runs/r1/v1', OPENAI_API_KEY: 'sk-recovery-bench', OPENAI_MODEL: 'qwen3-8b' });
    const codex = proxyConnection('codex', { ...target, apiKey: 'k' });
    expect(codex.env).toEqual({ RECOVERY_BENCH_API_KEY: 'k' });
    expect(codex.args.filter((a) => a !== '-c')).toEqual(['model_provider="recovery-bench"', 'model_providers.recovery-bench={ name = "recovery-bench proxy", base_url = "http://127.0.0.1:9000/runs/r1/v1", wire_api = "responses", env_key = "RECOVERY_BENCH_API_KEY" }', 'model="qwen3-8b"']);
    for (const [name, variable] of [['opencode', 'OPENCODE_CONFIG_CONTENT'], ['kilo', 'KILO_CONFIG_CONTENT']] as const) {
      const config = JSON.parse(proxyConnection(name, target).env[variable]!);
      expect(config).toEqual({
        provider: { 'recovery-bench': { npm: '@ai-sdk/openai-compatible', name: 'recovery-bench proxy', options: { baseURL: 'http://127.0.0.1:9000/runs/r1/v1', apiKey: 'sk-recovery-bench' }, models: { 'qwen3-8b': { name: 'qwen3-8b', tool_call: true } } } },
        model: 'recovery-bench/qwen3-8b',
      });
    }
    expect(Object.keys(AGENT_SURFACES).sort()).toEqual(Object.keys(AGENTS).filter((n) => AGENTS[n as keyof typeof AGENTS].kind === 'agent').sort());
    expect(() => proxyConnection('node22', target)).toThrow('no proxy connection is known for "node22"');
  });
});
