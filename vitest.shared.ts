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
 * Test settings every project shares. Slow tiers are gated inside the test files:
 * `*.int.test.ts` run when a Docker engine answers, `*.gpu.test.ts` only with BENCH_GPU=1.
 */
export const sharedTestConfig = defineConfig({
  resolve: { conditions: [SOURCE_CONDITION, ...defaultServerConditions] },
  ssr: { resolve: { conditions: [SOURCE_CONDITION, ...defaultServerConditions] } },
  test: {
    env: { NODE_OPTIONS: [process.env.NODE_OPTIONS, SOURCE_NODE_OPTIONS].filter(Boolean).join(' ') },
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
