#!/usr/bin/env node
// Module boundaries (ARCHITECTURE.md): which workspace projects a project may import, by tag, and no
// `node:` I/O modules in pure libraries. Tests, their data and helpers and benchmarks are exempt from the I/O rule
// only. Tooling (the corpora) measures the other projects, so it may import any of them and none may import it.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = process.argv[2] ?? new URL('..', import.meta.url).pathname;
const ALLOWED = {
  'type:pure': [],
  'type:core': ['type:pure'],
  'type:benchmark': ['type:pure', 'type:core'],
  'type:io': ['type:pure', 'type:core'],
  'type:app': ['type:pure', 'type:core', 'type:benchmark', 'type:io', 'type:app'],
  'type:tooling': ['type:pure', 'type:core', 'type:benchmark', 'type:io', 'type:app'],
};
const IO_MODULES = new Set(['fs', 'fs/promises', 'child_process', 'net', 'http', 'https', 'http2', 'dgram', 'tls', 'dns', 'dns/promises', 'cluster', 'worker_threads', 'readline', 'os', 'process', 'inspector', 'vm']);
const EXEMPT_FROM_IO = /(\.test\.ts|\.bench\.ts|[\\/](perf|testdata|testing)[\\/].*|[\\/]vitest\.config\.ts)$/;

function projects() {
  const out = [];
  for (const group of ['apps', 'libs', 'testbeds', 'corpora']) {
    let names = [];
    try { names = readdirSync(join(root, group)); } catch { continue; }
    for (const name of names) {
      const dir = join(root, group, name);
      let project, pkg;
      try { project = JSON.parse(readFileSync(join(dir, 'project.json'), 'utf8')); } catch { continue; }
      try { pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')); } catch { pkg = {}; }
      const tag = (project.tags ?? []).find((t) => t.startsWith('type:'));
      if (!tag || !(tag in ALLOWED)) throw new Error(`${relative(root, dir)}/project.json needs one tag of ${Object.keys(ALLOWED).join(', ')}`);
      out.push({ name: project.name, dir, tag, pkg: pkg.name });
    }
  }
  return out;
}

function* sourceFiles(dir) {
  let entries = [];
  try { entries = readdirSync(dir); } catch { return; }
  for (const entry of entries) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (/\.(ts|mts|mjs|js)$/.test(entry)) yield path;
  }
}

const IMPORT = /(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g;
const all = projects();
const byPackage = new Map(all.map((p) => [p.pkg, p]));
const problems = [];
for (const project of all) {
  for (const file of sourceFiles(project.dir)) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(IMPORT)) {
      const spec = m[1] ?? m[2] ?? m[3];
      const where = relative(root, file);
      const target = [...byPackage.keys()].find((name) => name && (spec === name || spec.startsWith(`${name}/`)));
      if (target) {
        const to = byPackage.get(target);
        if (to !== project && to.tag === 'type:tooling') problems.push(`${where}: nothing may import tooling, here ${to.name}`);
        else if (to !== project && !ALLOWED[project.tag].includes(to.tag)) problems.push(`${where}: ${project.tag} may not import ${to.name} (${to.tag})`);
      }
      if (project.tag === 'type:pure' && !EXEMPT_FROM_IO.test(file)) {
        const bare = spec.replace(/^node:/, '');
        if ((spec.startsWith('node:') || IO_MODULES.has(bare)) && IO_MODULES.has(bare)) problems.push(`${where}: pure library imports I/O module ${spec}`);
      }
    }
  }
}
if (problems.length > 0) {
  console.error(`module boundaries: ${problems.length} violation(s)`);
  for (const p of problems) console.error(`  ${p}`);
  process.exit(1);
}
console.log(`module boundaries: ${all.length} projects checked, no violations`);
