import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './testing/run-cli.ts';

const CHECK = join(REPO_ROOT, 'tools/check-boundaries.mjs');

type Files = Record<string, string>;

const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

/**
 * A small npm workspace on disk: the root package.json's globs name the projects, each with its project.json tag
 * and package.json, and node_modules links each workspace package to its folder as npm does.
 */
function workspace(files: Files): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'rb-bounds-')));
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  mkdirSync(join(root, 'node_modules/@w'), { recursive: true });
  for (const [dir, name] of [['libs', 'base'], ['libs', 'pure'], ['libs', 'core'], ['libs', 'io'], ['libs', 'bench'], ['libs', 'integ'], ['corpora', 'results']] as const) {
    symlinkSync(`../../${dir}/${name}`, join(root, 'node_modules/@w', name));
  }
  return root;
}

function check(root: string): { code: number; output: string } {
  try {
    return { code: 0, output: execFileSync(process.execPath, [CHECK, root], { encoding: 'utf8', stdio: 'pipe' }) };
  } catch (error) {
    const e = error as { status: number; stderr: string };
    return { code: e.status, output: e.stderr };
  }
}

function project(dir: string, tag: string, dependencies: string[] = []): Files {
  const name = dir.split('/').pop()!;
  return {
    [`${dir}/project.json`]: JSON.stringify({ name, tags: [tag] }),
    [`${dir}/package.json`]: JSON.stringify({
      name: `@w/${name}`, type: 'module', exports: { '.': './src/index.ts' },
      dependencies: Object.fromEntries(dependencies.map((d) => [d, '1.0.0'])),
    }),
    [`${dir}/src/index.ts`]: `export const ${name} = 1;\n`,
  };
}

const npmPackage = (name: string): Files => ({
  [`node_modules/${name}/package.json`]: JSON.stringify({ name, version: '1.0.0', main: 'index.js' }),
  [`node_modules/${name}/index.js`]: 'module.exports = 1;\n',
});

/** One project of each tag, arrows pointing the allowed way; `test-kit` is a root devDependency, `left-pad` is not. */
const CLEAN: Files = {
  'package.json': JSON.stringify({ name: 'fixture', private: true, workspaces: ['libs/*', 'corpora/*'], devDependencies: { 'test-kit': '1.0.0' } }),
  'tsconfig.base.json': JSON.stringify({ compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', allowImportingTsExtensions: true, noEmit: true } }),
  ...npmPackage('left-pad'),
  ...npmPackage('test-kit'),
  ...project('libs/base', 'type:base'),
  ...project('libs/pure', 'type:pure', ['@w/base']),
  ...project('libs/core', 'type:core', ['@w/pure', '@w/base']),
  ...project('libs/io', 'type:io', ['@w/core', '@w/pure', 'left-pad']),
  ...project('libs/bench', 'type:benchmark', ['@w/core']),
  ...project('corpora/results', 'type:tooling', ['@w/io', '@w/bench']),
  'libs/pure/src/a.ts': "import { base } from '@w/base';\nexport const a = base;\n",
  'libs/pure/src/a.test.ts': "import { readFileSync } from 'node:fs';\nimport kit from 'test-kit';\nimport { a } from './a.ts';\nexport { a, kit, readFileSync };\n",
  'libs/pure/src/testing/files.ts': "import { writeFileSync } from 'node:fs';\nexport { writeFileSync };\n",
  'libs/core/src/a.ts': "import { pure } from '@w/pure';\nimport type { base } from '@w/base';\nexport const a: typeof base = pure;\n",
  'libs/io/src/a.ts': "import { readFileSync } from 'node:fs';\nimport pad from 'left-pad';\nimport { core } from '@w/core';\nexport { core, pad, readFileSync };\n",
  'libs/bench/src/a.ts': "import { core } from '@w/core';\nexport const a = core;\n",
  'corpora/results/src/a.ts': "import { io } from '@w/io';\nimport { bench } from '@w/bench';\nexport { bench, io };\n",
};

describe('module boundary check (dependency-cruiser)', () => {
  it('passes a workspace whose arrows point one way and whose imports are declared', () => {
    const r = check(workspace(CLEAN));
    expect(r.output).toMatch(/^module boundaries: 6 projects, \d+ modules checked by dependency-cruiser, no violations\n$/);
    expect(r.code).toBe(0);
  }, 30_000);

  it('fails a pure library importing a core library, and a core library importing tooling', () => {
    const r = check(workspace({
      ...CLEAN,
      ...project('libs/pure', 'type:pure', ['@w/base', '@w/core']),
      'libs/pure/src/b.ts': "import { core } from '@w/core';\nexport const b = core;\n",
      ...project('libs/core', 'type:core', ['@w/pure', '@w/base', '@w/results']),
      'libs/core/src/b.ts': "import { results } from '@w/results';\nexport const b = results;\n",
    }));
    expect(r.code).toBe(1);
    expect(r.output).toMatch(/^module boundaries: 2 violation\(s\)\n/);
    expect(r.output).toContain("libs/pure/src/b.ts: import '@w/core' (libs/core/src/index.ts) breaks \"type:pure not to type:core\": a type:pure project may import type:base\n");
    expect(r.output).toContain("libs/core/src/b.ts: import '@w/results' (corpora/results/src/index.ts) breaks \"type:core not to type:tooling\"");
  }, 30_000);

  it('fails a benchmark importing an io project (engines, the proxy)', () => {
    const r = check(workspace({
      ...CLEAN,
      ...project('libs/bench', 'type:benchmark', ['@w/core', '@w/io']),
      'libs/bench/src/b.ts': "import { io } from '@w/io';\nexport const b = io;\n",
    }));
    expect(r.code).toBe(1);
    expect(r.output).toMatch(/^module boundaries: 1 violation\(s\)\n/);
    expect(r.output).toContain("libs/bench/src/b.ts: import '@w/io' (libs/io/src/index.ts) breaks \"type:benchmark not to type:io\": a type:benchmark project may import type:pure, type:core, type:base\n");
  }, 30_000);

  it('fails a pure or base library importing node I/O modules outside its tests', () => {
    const r = check(workspace({
      ...CLEAN,
      'libs/pure/src/b.ts': "import { readFileSync } from 'node:fs';\nexport const y = await import('node:child_process');\nexport { readFileSync };\n",
      'libs/base/src/b.ts': "import { homedir } from 'os';\nexport { homedir };\n",
    }));
    expect(r.code).toBe(1);
    expect(r.output).toMatch(/^module boundaries: 3 violation\(s\)\n/);
    expect(r.output).toContain("libs/pure/src/b.ts: import 'node:fs' (fs) breaks \"no I/O in pure libraries\"");
    expect(r.output).toContain("libs/pure/src/b.ts: import 'node:child_process' (child_process) breaks \"no I/O in pure libraries\"");
    expect(r.output).toContain("libs/base/src/b.ts: import 'os' breaks \"no I/O in pure libraries\"");
  }, 30_000);

  it('fails an import of a package its own package.json does not declare', () => {
    const r = check(workspace({
      ...CLEAN,
      'libs/core/src/b.ts': "import pad from 'left-pad';\nexport const b = pad;\n",
      'libs/bench/src/b.test.ts': "import pad from 'left-pad';\nimport kit from 'test-kit';\nexport { kit, pad };\n",
      'libs/bench/src/c.ts': "import { pure } from '@w/pure';\nexport const c = pure;\n",
    }));
    expect(r.code).toBe(1);
    // `test-kit`, a root devDependency, is there for tests: only the three below are violations.
    expect(r.output).toMatch(/^module boundaries: 3 violation\(s\)\n/);
    expect(r.output).toContain("libs/core/src/b.ts: import 'left-pad' (node_modules/left-pad/index.js) breaks \"undeclared dependency\"");
    expect(r.output).toContain("libs/bench/src/b.test.ts: import 'left-pad' (node_modules/left-pad/index.js) breaks \"undeclared test dependency\"");
    expect(r.output).toContain("libs/bench/src/c.ts: import '@w/pure' (libs/pure/src/index.ts) breaks \"undeclared workspace dependency of bench\"");
  }, 30_000);

  it('lets an integration library import its peer dependencies, and its tests any project; its sources only pure and base', () => {
    const integ = project('libs/integ', 'type:integration', ['@w/pure']);
    const manifest = JSON.parse(integ['libs/integ/package.json']!);
    Object.assign(manifest, { peerDependencies: { 'left-pad': '^1.0.0' }, devDependencies: { 'left-pad': '1.0.0', '@w/io': '1.0.0' } });
    const r = check(workspace({
      ...CLEAN,
      ...integ,
      'libs/integ/package.json': JSON.stringify(manifest),
      'libs/integ/src/a.ts': "import pad from 'left-pad';\nimport { pure } from '@w/pure';\nexport { pad, pure };\n",
      'libs/integ/src/a.test.ts': "import { io } from '@w/io';\nexport { io };\n",
      'libs/integ/src/b.ts': "import { io } from '@w/io';\nexport { io };\n",
    }));
    expect(r.code).toBe(1);
    // The peer `left-pad` (also a devDependency) and the test's import of an io project pass.
    expect(r.output).toMatch(/^module boundaries: 1 violation\(s\)\n/);
    expect(r.output).toContain("libs/integ/src/b.ts: import '@w/io' (libs/io/src/index.ts) breaks \"type:integration not to type:io\"");
  }, 30_000);

  it('fails two modules that import each other, a type-only import included', () => {
    const r = check(workspace({
      ...CLEAN,
      'libs/core/src/x.ts': "import type { Y } from './y.ts';\nexport interface X { y?: Y }\n",
      'libs/core/src/y.ts': "import type { X } from './x.ts';\nexport interface Y { x?: X }\n",
    }));
    expect(r.code).toBe(1);
    expect(r.output).toContain("libs/core/src/x.ts: import './y.ts' (libs/core/src/y.ts) breaks \"no import circle\"");
  }, 30_000);

  it('names a project without a type tag', () => {
    const r = check(workspace({ ...CLEAN, 'libs/bench/project.json': JSON.stringify({ name: 'bench', tags: ['scope:x'] }) }));
    expect(r).toEqual({
      code: 1,
      output: 'module boundaries: libs/bench/project.json needs exactly one tag of type:base, type:pure, type:core, type:integration, type:benchmark, type:io, type:app, type:tooling (has none)\n',
    });
  }, 30_000);

  it('passes the real workspace', () => {
    expect(check(REPO_ROOT)).toMatchObject({ code: 0 });
  }, 60_000);
});
