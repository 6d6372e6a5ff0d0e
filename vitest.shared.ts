import { defineConfig } from 'vitest/config';

/**
 * Test settings every project shares. Slow tiers are gated inside the test files:
 * `*.int.test.ts` run when a Docker engine answers, `*.gpu.test.ts` only with BENCH_GPU=1.
 */
export const sharedTestConfig = defineConfig({
  test: {
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
