#!/usr/bin/env node
// Module boundaries (ARCHITECTURE.md), checked by dependency-cruiser on the real import graph of the workspace:
// which projects a project may import (by its project.json tag), no Node I/O modules in pure libraries, and every
// imported package declared by the importing project's own package.json. The rules are derived from the workspace
// each run (tools/boundaries/rules.mjs).
//
//   node tools/check-boundaries.mjs [ROOT]                  check the workspace at ROOT (default: this one)
//   node tools/check-boundaries.mjs [ROOT] --print-config   print the derived rule set and options as JSON
import { cruise } from 'dependency-cruiser';
import { fileURLToPath } from 'node:url';
import { boundaryConfig, sourceFiles } from './boundaries/rules.mjs';

const args = process.argv.slice(2);
const root = args.find((a) => !a.startsWith('--')) ?? fileURLToPath(new URL('..', import.meta.url));
let config;
try {
  config = boundaryConfig(root);
} catch (error) {
  console.error(`module boundaries: ${error.message}`);
  process.exit(1);
}
const { projects, ruleSet, options } = config;

if (args.includes('--print-config')) {
  process.stdout.write(`${JSON.stringify({ forbidden: ruleSet.forbidden, options }, null, 2)}\n`);
  process.exit(0);
}

const { output } = await cruise(sourceFiles(root, projects), { ...options, ruleSet });
if (typeof output === 'string') throw new Error('dependency-cruiser answered text where the cruise result was expected');

// A violation names the resolved file; the import as written is the one the reader will search for (the cruise
// keeps a `node:` prefix apart, as the protocol).
const written = new Map(output.modules.flatMap((m) => m.dependencies.map((d) => [`${m.source}\0${d.resolved}`, `${d.protocol ?? ''}${d.module}`])));
const violations = output.summary.violations.filter((v) => v.rule.severity === 'error');
if (violations.length > 0) {
  const comments = new Map(ruleSet.forbidden.map((r) => [r.name, r.comment]));
  console.error(`module boundaries: ${violations.length} violation(s)`);
  for (const v of violations) {
    const spec = written.get(`${v.from}\0${v.to}`) ?? v.to;
    const target = spec === v.to ? '' : ` (${v.to})`;
    console.error(`  ${v.from}: import '${spec}'${target} breaks "${v.rule.name}": ${comments.get(v.rule.name) ?? ''}`);
  }
  process.exit(1);
}
console.log(`module boundaries: ${projects.length} projects, ${output.summary.totalCruised} modules checked by dependency-cruiser, no violations`);
