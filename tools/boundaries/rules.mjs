// The module-boundary rules of ARCHITECTURE.md as a dependency-cruiser rule set, derived from the workspace itself:
// the projects are the folders the root package.json's `workspaces` globs name, each project's tag comes from its
// project.json and its declared packages from its package.json. Nothing here lists projects by hand.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { workspaceDirs } from '../workspace/packages.mjs';

/** Which tags a project of each tag may import (besides itself). `type:base` is beneath every other tag. */
export const MAY_IMPORT = {
  'type:base': [],
  'type:pure': ['type:base'],
  'type:core': ['type:pure', 'type:base'],
  // The layer inside third-party agent frameworks: the pure layer and the framework, nothing else of ours.
  'type:integration': ['type:pure', 'type:base'],
  'type:benchmark': ['type:pure', 'type:core', 'type:base'],
  'type:io': ['type:pure', 'type:core', 'type:io', 'type:base'],
  'type:app': ['type:base', 'type:pure', 'type:core', 'type:benchmark', 'type:io', 'type:integration', 'type:app'],
  // Tooling measures the rest of the workspace, so it may import it; nothing may import tooling.
  'type:tooling': ['type:base', 'type:pure', 'type:core', 'type:benchmark', 'type:io', 'type:integration', 'type:app'],
};
export const TAGS = Object.keys(MAY_IMPORT);

/**
 * Tags whose test code may import any project: the framework adapters' tests run a framework against the proxy and
 * the sim engine, to show that the engine gets the same bytes either way.
 */
const TESTS_MAY_IMPORT_ANY = ['type:integration'];

/** Tags whose non-test sources may not import Node's I/O modules. */
const NO_IO_TAGS = ['type:pure', 'type:base', 'type:integration'];
const IO_MODULES = ['fs', 'child_process', 'net', 'http', 'https', 'http2', 'dgram', 'tls', 'dns', 'cluster', 'worker_threads', 'readline', 'os', 'process', 'inspector', 'vm'];

/**
 * Test code: tests, their helpers and data, and benchmarks of speed. It is exempt from the I/O rule, and may use the
 * root package.json's devDependencies (vitest, fast-check, the official clients) without declaring them.
 */
// Written without nested quantifiers: dependency-cruiser refuses regular expressions that could backtrack for long.
const TEST_CODE = String.raw`(?:.*\.test\.ts|vitest\.config\.ts|src/(?:testing|testdata|perf)/.*|src/.*/(?:testing|testdata|perf)/.*)$`;
const SOURCE_EXTENSIONS = /\.(ts|mts|cts|js|mjs|cjs)$/;

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const anyOf = (dirs) => `^(${dirs.map(escape).join('|')})/`;
/** Test code inside the given folders (the projects'). */
const testCodeIn = (dirs) => `${anyOf(dirs)}${TEST_CODE}`;

function readJson(path) {
  return JSON.parse(readFileSync(path, 'utf8'));
}

/** Every workspace project: its folder, Nx name, one `type:` tag, package name, declared packages and peer dependencies. */
export function discoverProjects(root) {
  return workspaceDirs(root).map((dir) => {
    const projectFile = join(root, dir, 'project.json');
    const project = existsSync(projectFile) ? readJson(projectFile) : {};
    const tags = (project.tags ?? []).filter((tag) => tag.startsWith('type:'));
    if (tags.length !== 1 || !TAGS.includes(tags[0])) {
      throw new Error(`${dir}/project.json needs exactly one tag of ${TAGS.join(', ')} (has ${tags.join(', ') || 'none'})`);
    }
    const pkg = readJson(join(root, dir, 'package.json'));
    const declared = new Set(['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'].flatMap((key) => Object.keys(pkg[key] ?? {})));
    return { dir, name: project.name ?? dir, tag: tags[0], packageName: pkg.name, declared, peers: Object.keys(pkg.peerDependencies ?? {}) };
  });
}

/** The source files of the projects, the starting points of the cruise (node_modules, dist/ and dot-folders left out). */
export function sourceFiles(root, projects) {
  const files = [];
  const walk = (dir) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (SOURCE_EXTENSIONS.test(entry.name) && !entry.name.endsWith('.d.ts') && statSync(join(root, path)).isFile()) files.push(path);
    }
  };
  for (const project of projects) walk(project.dir);
  return files.sort();
}

function tagRules(projects) {
  const rules = [];
  const dirsOf = (tag) => projects.filter((p) => p.tag === tag).map((p) => p.dir);
  for (const from of TAGS) {
    if (dirsOf(from).length === 0) continue;
    for (const to of TAGS) {
      if (dirsOf(to).length === 0) continue;
      const allowed = MAY_IMPORT[from].includes(to);
      // A project may always import itself; between two projects of one tag only the table decides.
      if (allowed) continue;
      rules.push({
        name: `${from} not to ${to}`,
        comment: `a ${from} project may import ${MAY_IMPORT[from].join(', ') || 'nothing of the workspace'}`,
        severity: 'error',
        from: { path: anyOf(dirsOf(from)), ...(TESTS_MAY_IMPORT_ANY.includes(from) ? { pathNot: testCodeIn(dirsOf(from)) } : {}) },
        to: { path: anyOf(dirsOf(to)), ...(from === to ? { pathNot: '^$1/' } : {}) },
      });
    }
  }
  return rules;
}

function ioRule(projects) {
  const dirs = projects.filter((p) => NO_IO_TAGS.includes(p.tag)).map((p) => `${p.dir}/src`);
  if (dirs.length === 0) return [];
  return [{
    name: 'no I/O in pure libraries',
    comment: `${NO_IO_TAGS.join(' and ')} libraries compute; reading files, processes and the network belong to io projects and the app`,
    severity: 'error',
    from: { path: anyOf(dirs), pathNot: testCodeIn(projects.map((p) => p.dir)) },
    to: { dependencyTypes: ['core'], path: `^(node:)?(${IO_MODULES.join('|')})(/|$)` },
  }];
}

/** Workspace packages resolve (through node_modules symlinks) into project folders, so they are matched by folder. */
function undeclaredWorkspaceRules(projects) {
  return projects.flatMap((project) => {
    const undeclared = projects.filter((other) => other !== project && !(other.packageName && project.declared.has(other.packageName)));
    if (undeclared.length === 0) return [];
    return [{
      name: `undeclared workspace dependency of ${project.name}`,
      comment: `${project.dir}/package.json must declare each workspace package ${project.name} imports`,
      severity: 'error',
      from: { path: anyOf([project.dir]) },
      to: { path: anyOf(undeclared.map((p) => p.dir)) },
    }];
  });
}

function packageRules(root, projects) {
  const rootManifest = readJson(join(root, 'package.json'));
  const rootDev = Object.keys(rootManifest.devDependencies ?? {});
  const dirs = projects.map((p) => p.dir);
  const all = anyOf(dirs);
  return [
    {
      name: 'undeclared dependency',
      comment: "a project's package.json must declare each package it imports",
      severity: 'error',
      from: { path: all, pathNot: testCodeIn(dirs) },
      // dependency-cruiser also calls a peer dependency `npm-no-pkg`; the peer entry declares it.
      to: { dependencyTypes: ['npm-no-pkg', 'npm-unknown'], dependencyTypesNot: ['npm-peer'] },
    },
    {
      name: 'undeclared test dependency',
      comment: "test code may use the root package.json's devDependencies; any other package must be declared by its project",
      severity: 'error',
      from: { path: testCodeIn(dirs) },
      to: {
        dependencyTypes: ['npm-no-pkg', 'npm-unknown'],
        dependencyTypesNot: ['npm-peer'],
        ...(rootDev.length > 0 ? { pathNot: `(^|/)node_modules/(${rootDev.map(escape).join('|')})/` } : {}),
      },
    },
    // Per project: a peer dependency is also a devDependency of its own package (to test against it), and the peer
    // entry is what a user installs, so the project's sources may import its peers.
    ...projects.map((p) => ({
      name: 'dev dependency in sources',
      comment: 'what the sources import at run time must be a dependency (or a peer dependency), not a devDependency',
      severity: 'error',
      from: { path: anyOf([`${p.dir}/src`, `${p.dir}/bin`]), pathNot: testCodeIn(dirs) },
      to: { dependencyTypes: ['npm-dev'], ...(p.peers.length > 0 ? { pathNot: `(^|/)node_modules/(${p.peers.map(escape).join('|')})/` } : {}) },
    })),
    {
      name: 'unresolvable import',
      comment: 'an import that resolves to no file: a typo, or a package that is not installed',
      severity: 'error',
      from: { path: all },
      to: { couldNotResolve: true },
    },
  ];
}

/** The dependency-cruiser rule set and options for the workspace at `root`. */
/**
 * No import circles, type-only ones included: a module that needs a type of the module importing it names a
 * dependency that runs the other way; the type moves to where both can import it.
 */
const CIRCLE_RULE = {
  name: 'no import circle',
  comment: 'two modules import each other (directly or round a longer circle): move what both need into a module of its own',
  severity: 'error',
  from: {},
  to: { circular: true },
};

export function boundaryConfig(root) {
  const projects = discoverProjects(root);
  const tsconfig = join(root, 'tsconfig.base.json');
  return {
    projects,
    ruleSet: { forbidden: [...tagRules(projects), ...ioRule(projects), ...undeclaredWorkspaceRules(projects), ...packageRules(root, projects), CIRCLE_RULE] },
    options: {
      baseDir: root,
      validate: true,
      doNotFollow: { path: 'node_modules' },
      // `import type` counts: a type-only import still ties one project to another.
      tsPreCompilationDeps: true,
      ...(existsSync(tsconfig) ? { tsConfig: { fileName: tsconfig } } : {}),
      // Follow the node_modules symlinks of workspace packages, so that `@recovery-bench/x` resolves into libs/x.
      preserveSymlinks: false,
      // Each file is checked against its own project's package.json, not the packages of the whole workspace.
      combinedDependencies: false,
      enhancedResolveOptions: {
        exportsFields: ['exports'],
        conditionNames: ['@recovery-bench/source', 'import', 'types', 'node', 'default', 'require'],
        mainFields: ['module', 'main', 'types', 'typings'],
        extensions: ['.ts', '.mts', '.d.ts', '.js', '.mjs', '.cjs', '.json'],
      },
    },
  };
}
