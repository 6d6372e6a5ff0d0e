import { mkdtempSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

/** The export condition under which every workspace package resolves to its TypeScript sources, not its dist/. */
export const SOURCE_CONDITION = '@recovery-bench/source';

/**
 * What a process started by a test gets in NODE_OPTIONS: the source condition, so that the CLI bin (which then loads
 * tsx itself) and scripts run the sources as the test does, whether or not dist/ is built or current.
 */
export const SOURCE_NODE_OPTIONS = `--conditions=${SOURCE_CONDITION}`;

/**
 * The per-user folder the project reads (the agent cache), pointed at a fresh empty folder for every test run, so
 * that no test depends on what this machine has installed. The user's own cache is named in
 * RECOVERY_BENCH_USER_CACHE for the tests that need installed agents (BENCH_AGENTS=1): they ask for it by name.
 */
function freshUserFolders(): Record<string, string> {
  const cache = mkdtempSync(join(tmpdir(), 'rb-test-cache-'));
  process.once('exit', () => rmSync(cache, { recursive: true, force: true }));
  const user = process.env.RECOVERY_BENCH_CACHE || join(homedir(), '.cache', 'recovery-bench');
  return { RECOVERY_BENCH_CACHE: cache, RECOVERY_BENCH_USER_CACHE: user };
}

/**
 * Test settings every project shares. Slow tiers are gated inside the test files:
 * `*.int.test.ts` run when a Docker engine answers, `*.gpu.test.ts` only with BENCH_GPU=1.
 */
export const sharedTestConfig = defineConfig({
  resolve: { conditions: [SOURCE_CONDITION, ...defaultServerConditions] },
  ssr: { resolve: { conditions: [SOURCE_CONDITION, ...defaultServerConditions] } },
  test: {
    env: { NODE_OPTIONS: [process.env.NODE_OPTIONS, SOURCE_NODE_OPTIONS].filter(Boolean).join(' '), ...freshUserFolders() },
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    reporters: process.env.CI ? ['default'] : ['default'],
    coverage: {
      provider: 'v8',
      include: ['src/**/*.ts'],
      exclude: ['src/**/*.test.ts', 'src/**/*.bench.ts'],
    },
  },
});
