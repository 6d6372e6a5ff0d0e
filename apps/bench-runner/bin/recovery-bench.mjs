#!/usr/bin/env node
// Runs the compiled CLI (dist/, built by `npm ci` at the workspace root or `npx nx run bench:build`). `#main` is the
// package's import map: under `--conditions=@recovery-bench/source` (as the workspace's tests run it) it is the
// TypeScript source instead, compiled on load by tsx (a devDependency of the workspace, not of the package).
if (import.meta.resolve('#main').endsWith('.ts')) await import('../src/testing/load-sources.mjs');
let main;
try {
  ({ main } = await import('#main'));
} catch (error) {
  if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !String(error.message).includes('/dist/')) throw error;
  process.stderr.write(`recovery-bench: the compiled CLI is missing (${error.message.split('\n')[0]}); run \`npm run build\` at the workspace root\n`);
  process.exit(2);
}
process.exitCode = await main(process.argv.slice(2));
