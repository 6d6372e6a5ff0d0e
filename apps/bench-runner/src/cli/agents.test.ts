import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chmod, mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { AGENTS, MARKER_FILE } from '@recovery-bench/agents';
import { describe, expect, it } from 'vitest';
import { runCli } from '../testing/run-cli.ts';

/**
 * A cache folder with stand-ins installed where the real agents would be: each prints the arguments and the
 * proxy variables it was started with, as JSON.
 */
async function standInCache(): Promise<string> {
  const cache = await mkdtemp(join(tmpdir(), 'agents-exec-'));
  const report = 'JSON.stringify({ args: process.argv.slice(2), cwd: process.cwd(), env: Object.fromEntries(Object.entries(process.env).filter(([k]) => /^(ANTHROPIC_|OPENAI_|OPENCODE_|RECOVERY_BENCH_API|PWD$)/.test(k))) })';
  const install = async (name: 'claude-code' | 'codex', entry: string, text: string) => {
    const dir = join(cache, 'agents', `${name}@${AGENTS[name].version}`);
    await mkdir(dirname(join(dir, 'node_modules', entry)), { recursive: true });
    await writeFile(join(dir, 'node_modules', entry), text);
    await chmod(join(dir, 'node_modules', entry), 0o755);
    await writeFile(join(dir, MARKER_FILE), JSON.stringify({ name, version: AGENTS[name].version, installedAt: '2026-12-05T00:00:00Z', versionOutput: 'stand-in' }));
  };
  await install('claude-code', `@anthropic-ai/claude-code-${process.platform}-${process.arch}/claude`, `#!${process.execPath}\nconsole.log(${report});\n`);
  await install('codex', '@openai/codex/bin/codex.js', `console.log(${report});\n`);
  return cache;
}

describe('recovery-bench agents', () => {
  it('lists every pinned agent and whether it is installed in the cache folder', async () => {
    const cache = await mkdtemp(join(tmpdir(), 'agents-cli-'));
    const result = await runCli(['agents', 'list'], '', { env: { RECOVERY_BENCH_CACHE: cache } });
    expect(result.code).toBe(0);
    const lines = result.stdout.trim().split('\n');
    expect(lines.map((l) => l.trim().split(/\s+/)[0])).toEqual(['claude-code', 'codex', 'qwen-code', 'opencode', 'kilo', 'node22']);
    expect(lines[0]).toMatch(/@anthropic-ai\/claude-code@2\.1\.328\s+not installed$/);
    const json = await runCli(['agents', 'list', '--json', '--cache', cache]);
    expect((JSON.parse(json.stdout) as Array<{ dir: string }>)[1]!.dir).toBe(join(cache, 'agents', 'codex@0.169.0'));
  });

  it('shows what runs for an installed agent: the native executable, or Node and the entry', async () => {
    const cache = await standInCache();
    const result = await runCli(['agents', 'list', '--cache', cache]);
    const lines = result.stdout.split('\n');
    expect(lines[0]).toMatch(new RegExp(`^  claude-code .* installed  ${cache}/agents/claude-code@2\\.1\\.328/node_modules/@anthropic-ai/claude-code-${process.platform}-${process.arch}/claude$`));
    expect(lines[1]).toContain(`installed  ${process.execPath} ${cache}/agents/codex@0.169.0/node_modules/@openai/codex/bin/codex.js`);
  });

  it('runs an agent pointed at the proxy on its own API, with the model the proxy lists', async () => {
    const cache = await standInCache();
    const server = createServer((req, res) => res.writeHead(req.url?.endsWith('/v1/models') ? 200 : 404, { 'content-type': 'application/json' }).end('{"object":"list","data":[{"id":"qwen3-8b"}]}'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const proxy = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const work = await mkdtemp(join(tmpdir(), 'agents-exec-work-'));
    try {
      const claude = await runCli(['agents', 'exec', 'claude-code', '--cache', cache, '--proxy', `${proxy}/runs/r1`, '--', '-p', 'hello', '--allowedTools', 'Bash'], '', { cwd: work });
      expect(claude.code, claude.stderr).toBe(0);
      expect(JSON.parse(claude.stdout)).toEqual({ args: ['-p', 'hello', '--allowedTools', 'Bash'], cwd: work, env: { ANTHROPIC_BASE_URL: `${proxy}/runs/r1`, ANTHROPIC_API_KEY: 'sk-recovery-bench', PWD: work } });
      const codex = await runCli(['agents', 'exec', 'codex', '--cache', cache, '--proxy', `${proxy}/v1`, '--', 'exec', 'do it'], '', { cwd: work });
      expect(JSON.parse(codex.stdout)).toMatchObject({
        args: ['-c', 'model_provider="recovery-bench"', '-c', `model_providers.recovery-bench={ name = "recovery-bench proxy", base_url = "${proxy}/v1", wire_api = "responses", env_key = "RECOVERY_BENCH_API_KEY" }`, '-c', 'model="qwen3-8b"', 'exec', 'do it'],
        env: { RECOVERY_BENCH_API_KEY: 'sk-recovery-bench' },
      });
      const plain = await runCli(['agents', 'exec', 'claude-code', '--cache', cache, '--', '--version'], '', { cwd: work });
      expect(JSON.parse(plain.stdout)).toEqual({ args: ['--version'], cwd: work, env: { PWD: work } });
    } finally {
      server.close();
    }
  });

  it('says in one line what is wrong with an exec', async () => {
    const cache = await standInCache();
    const missing = await runCli(['agents', 'exec', 'qwen-code', '--cache', cache, '--', '-p', 'x']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^recovery-bench agents: agent "qwen-code" 0\.24\.4 is not installed in .*; run `recovery-bench agents install qwen-code`\n/);
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const down = await runCli(['agents', 'exec', 'claude-code', '--cache', cache, '--proxy', `http://127.0.0.1:${port}`, '--', '-p', 'x']);
    expect(down.stderr).toBe(`recovery-bench agents: the proxy at http://127.0.0.1:${port} does not answer (ECONNREFUSED); start it with recovery-bench proxy, or give --model\n`);
    expect((await runCli(['agents', 'exec', 'claude-code', '--proxy', 'not a url', '--', '-p'])).stderr).toContain('--proxy takes the proxy\'s URL');
    expect((await runCli(['agents', 'list', '--proxy', 'http://x'])).stderr).toContain('--proxy, --model and -- ARGS go with agents exec');
  });

  it('refuses an unknown agent in one line with exit code 2', async () => {
    const result = await runCli(['agents', 'install', 'claude']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('recovery-bench agents install: unknown agent "claude"; known: claude-code, codex, qwen-code, opencode, kilo, node22\n');
  });
});
