#!/usr/bin/env node
// The sources are TypeScript; tsx compiles them on load, so `npx recovery-bench` needs no build step.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
