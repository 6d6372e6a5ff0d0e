#!/usr/bin/env node
// Builds packages into their dist/: `tsc -b` on a tsconfig.build.json (with the projects it references), then the
// files a package reads at run time next to its modules (every non-TypeScript file under src/ outside testing/,
// testdata/ and perf/, e.g. the sim engine's profiles, the ToolMaze bridge script), to the same place under dist/.
//
//   node tools/build/build.mjs            the workspace: every package the root package.json's `workspaces` name that
//                                         has a tsconfig.build.json (a package added later, e.g. a new benchmark, is
//                                         built with no list to edit)
//   node tools/build/build.mjs DIR        one package and the packages it references (its Nx `build` target)
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { ROOT, workspaceDirs } from '../workspace/packages.mjs';

const dir = resolve(process.argv[2] ?? '.');
const config = join(dir, 'tsconfig.build.json');
const configs = dir === ROOT ? workspaceDirs(ROOT).map((d) => join(ROOT, d, 'tsconfig.build.json')).filter((c) => existsSync(c)) : [config];
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
try {
  execFileSync(process.execPath, [tsc, '-b', ...configs], { stdio: 'inherit' });
} catch {
  process.exit(1);
}

const SKIP = new Set(['testing', 'testdata', 'perf', 'node_modules']);

/** The package folders in the build graph of a tsconfig.build.json (its own, when it compiles src/). */
function packages(configPath, seen = new Set()) {
  if (seen.has(configPath)) return seen;
  seen.add(configPath);
  const parsed = JSON.parse(readFileSync(configPath, 'utf8'));
  for (const ref of parsed.references ?? []) packages(resolve(dirname(configPath), ref.path), seen);
  return seen;
}

function copyAssets(from, to) {
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIP.has(entry.name)) copyAssets(join(from, entry.name), join(to, entry.name));
    } else if (!entry.name.endsWith('.ts')) {
      cpSync(join(from, entry.name), join(to, entry.name));
    }
  }
}

const built = new Set();
for (const c of configs) packages(c, built);
for (const configPath of built) {
  const root = dirname(configPath);
  if (existsSync(join(root, 'src')) && existsSync(join(root, 'dist'))) copyAssets(join(root, 'src'), join(root, 'dist'));
}
if (process.env.BUILD_VERBOSE) console.log(`built ${configs.map((c) => relative(process.cwd(), c)).join(', ')}`);
