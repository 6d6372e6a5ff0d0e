import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../testing/run-cli.ts';

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

  it('refuses an unknown agent in one line with exit code 2', async () => {
    const result = await runCli(['agents', 'install', 'claude']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('recovery-bench agents install: unknown agent "claude"; known: claude-code, codex, qwen-code, opencode, kilo, node22\n');
  });
});
