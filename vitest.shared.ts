import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
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

const ROOT = dirname(fileURLToPath(import.meta.url));

/**
 * Coverage of the libraries is collected when RB_COVERAGE=1 (`npm test` and `npm run test:coverage` set it; a single
 * test file run by hand does not), and then held to the project's floor in coverage-thresholds.json (its lines and branches when the
 * floor was last set: `node tools/test-coverage/report.mjs --set-thresholds` after a full run), so that it never falls
 * unnoticed. `tools/test-coverage/report.mjs` prints every project's figures and merges them into one report.
 */
const PROJECT = relative(ROOT, process.cwd());
// The app is left out: its tests run the CLI in child processes, whose code coverage does not count, and its suite is
// the longest, so collecting there would cost time for figures that say little.
const COVERAGE = process.env.RB_COVERAGE === '1' && !PROJECT.startsWith('apps/');
function coverageThresholds(): { lines?: number; branches?: number } {
  const file = join(ROOT, 'coverage-thresholds.json');
  if (!existsSync(file)) return {};
  const all = JSON.parse(readFileSync(file, 'utf8')) as Record<string, { lines?: number; branches?: number }>;
  return all[PROJECT] ?? {};
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
      enabled: COVERAGE,
      provider: 'v8',
      include: ['src/**/*.ts'],
      exclude: ['src/**/*.test.ts', 'src/**/*.bench.ts'],
      reporter: ['text-summary', 'json-summary', 'json'],
      reportsDirectory: 'coverage',
      thresholds: COVERAGE ? coverageThresholds() : {},
    },
  },
});
