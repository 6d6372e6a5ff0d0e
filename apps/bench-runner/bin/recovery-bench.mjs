#!/usr/bin/env node
// Runs the compiled CLI (dist/, built by `npm ci` at the workspace root or `npx nx run bench:build`). `#main` is the
// package's import map: with `--conditions=@recovery-bench/source` and tsx loaded (as the tests run it) it is the
// TypeScript source instead.
let main;
try {
  ({ main } = await import('#main'));
} catch (error) {
  if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !String(error.message).includes('/dist/')) throw error;
  process.stderr.write(`recovery-bench: the compiled CLI is missing (${error.message.split('\n')[0]}); run \`npm run build\` at the workspace root\n`);
  process.exit(2);
}
process.exitCode = await main(process.argv.slice(2));
