#!/usr/bin/env node
// The packaging test: the packages as a user gets them. Run after the build (`npm run bench:pack-test` builds first).
// 1. `npm pack` the CLI and the libraries it needs into a temporary folder outside the workspace.
// 2. Install the tarballs into an empty project there (third-party packages come from the npm cache or registry),
//    check that nothing resolves into the workspace, and run `recovery-bench --help`, `layer` on one request and
//    `run toolmaze` on one base task on the sim engine.
// 3. An ESM project and a CommonJS project that install `@recovery-bench/toolerror-core` from its tarball, are
//    compiled by `tsc` (types checked against the shipped declarations) and call `processRequest`.
// 4. Per agent framework, a fresh project with only that framework (the versions the adapters are tested with)
//    and the `@recovery-bench/toolerror-frameworks` tarball runs a failing-tool agent (frameworks/<name>.mjs)
//    against the sim engine of step 2: the layer must see the failure and write the note.
// Exit 0 when every step holds; otherwise the failed step and its output, exit 1.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { workspaceClosure } from '../workspace/packages.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const TSC = createRequire(import.meta.url).resolve('typescript/bin/tsc');
/** The CLI and every workspace package it needs (by their package.json dependencies), and the framework adapters. */
const CLI_PACKAGES = ['libs/toolerror-frameworks', ...workspaceClosure('apps/bench-runner').map((p) => p.dir)];
const keep = process.argv.includes('--keep');

// The packages' own processes: no source condition or TypeScript loader from a caller (e.g. a test runner).
const env = { ...process.env };
delete env.NODE_OPTIONS;
delete env.NODE_PATH;
for (const key of Object.keys(env)) if (key.startsWith('npm_')) delete env[key];

const work = mkdtempSync(join(tmpdir(), 'rb-pack-'));
let step = '';
const started = Date.now();

function run(cmd, args, { cwd, input } = {}) {
  const r = spawnSync(cmd, args, { cwd, env, input: input ?? '', encoding: 'utf8', maxBuffer: 64 << 20 });
  if (r.status !== 0) {
    throw new Error(`${[cmd, ...args].join(' ')} exited ${r.status ?? r.signal} in ${cwd}\n${r.stdout}\n${r.stderr}`);
  }
  return r.stdout;
}
function check(condition, message) {
  if (!condition) throw new Error(message);
}
function ok(what) {
  console.log(`pack-test: ok  ${what}`);
}
/** An empty npm project at `dir` with `pkg` merged into its package.json, then `npm install` of the tarballs. */
function project(dir, pkg, tarballs) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: `pack-test-${relative(work, dir)}`, version: '1.0.0', private: true, ...pkg }, null, 2));
  run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error', '--no-package-lock', ...tarballs], { cwd: dir });
  for (const name of readdirSync(join(dir, 'node_modules/@recovery-bench'))) {
    const real = realpathSync(join(dir, 'node_modules/@recovery-bench', name));
    check(real.startsWith(realpathSync(work)), `@recovery-bench/${name} resolves to ${real}, outside the test folder`);
  }
}

/** The framework packages each adapter is tested with, from the adapters' own devDependencies. */
function frameworkPackages() {
  const dev = JSON.parse(readFileSync(join(ROOT, 'libs/toolerror-frameworks/package.json'), 'utf8')).devDependencies;
  const pinned = (...names) => names.map((n) => `${n}@${dev[n]}`);
  return {
    'ai-sdk': pinned('ai', '@ai-sdk/openai-compatible', 'zod'),
    langchain: pinned('langchain', '@langchain/core', '@langchain/openai', 'zod'),
    'openai-agents': pinned('@openai/agents', 'zod'),
  };
}

/** Starts the CLI's sim engine; resolves with its URL and model once it listens. */
async function startSim(bin) {
  const child = spawn(bin, ['sim-engine', '--profile', 'ideal'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const [url] = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match) resolve([match[1]]);
    });
    child.on('exit', (code) => reject(new Error(`sim-engine exited ${code}: ${out}`)));
  });
  return { url, model: 'sim-ideal', stop: () => child.kill('SIGTERM') };
}

async function frameworkProjects(bin, tarballs) {
  const sim = await startSim(bin);
  try {
    for (const [name, packages] of Object.entries(frameworkPackages())) {
      const dir = join(work, `framework-${name}`);
      project(dir, { type: 'module' }, [...tarballs, ...packages]);
      writeFileSync(join(dir, 'main.mjs'), readFileSync(join(ROOT, 'tools/pack-test/frameworks', `${name}.mjs`)));
      const r = spawnSync(process.execPath, ['main.mjs'], { cwd: dir, env: { ...env, SIM_URL: sim.url, SIM_MODEL: sim.model }, encoding: 'utf8', timeout: 60_000 });
      check(r.status === 0, `the ${name} agent exited ${r.status ?? r.signal}:\n${r.stdout}\n${r.stderr}`);
      const result = JSON.parse(r.stdout.trim().split('\n').at(-1));
      check(result.headers.some((h) => /changed=true; failures=\d+:transient:/.test(h)), `the ${name} agent's layer wrote no note: ${r.stdout}`);
      ok(`${name} (${packages.join(', ')}): a failing tool, the note written (${result.headers.find((h) => h.includes('changed=true'))})`);
    }
  } finally {
    sim.stop();
  }
}

try {
  step = 'npm pack';
  const tarballDir = join(work, 'tarballs');
  mkdirSync(tarballDir);
  const packed = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', tarballDir, ...CLI_PACKAGES.flatMap((p) => ['-w', p])], { cwd: ROOT }));
  const tarball = Object.fromEntries(packed.map((p) => [p.name, join(tarballDir, p.filename)]));
  for (const p of packed) {
    const files = p.files.map((f) => f.path);
    check(files.every((f) => !f.startsWith('src/') && !f.endsWith('.tsbuildinfo')), `${p.name} ships sources or build state: ${files.filter((f) => f.startsWith('src/') || f.endsWith('.tsbuildinfo')).join(', ')}`);
    const entry = p.name === '@recovery-bench/toolerror-frameworks' ? 'dist/ai-sdk/index.js' : 'dist/index.js';
    check(files.includes(entry) || p.name === '@recovery-bench/bench-runner', `${p.name} ships no ${entry}`);
  }
  ok(`npm pack: ${packed.length} tarballs, ${packed.reduce((n, p) => n + p.size, 0)} bytes`);

  step = 'the CLI, installed from its tarballs';
  const cli = join(work, 'cli');
  project(cli, {}, Object.entries(tarball).filter(([name]) => name !== '@recovery-bench/toolerror-frameworks').map(([, file]) => file));
  const bin = join(cli, 'node_modules/.bin/recovery-bench');
  check(existsSync(bin), 'no node_modules/.bin/recovery-bench after the install');
  const help = run(bin, ['--help'], { cwd: cli });
  check(/^usage: recovery-bench <command>/.test(help) && /\n {2}layer /.test(help), `--help printed:\n${help}`);
  ok('recovery-bench --help');

  const request = { messages: [
    { role: 'user', content: 'Book room 12' },
    { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'book_room', arguments: '{"room":12}' } }] },
    { role: 'tool', tool_call_id: 'c1', content: 'Error: 429 Too Many Requests' },
  ] };
  const layered = JSON.parse(run(bin, ['layer', '--form', 'c3'], { cwd: cli, input: JSON.stringify(request) }));
  check(layered.changed === true && /^form=c3; rules=paper; changed=true; failures=/.test(layered.header), `layer printed ${JSON.stringify(layered).slice(0, 400)}`);
  ok(`recovery-bench layer: ${layered.header}`);

  const out = run(bin, ['run', 'toolmaze', '--tasks', 'FX_001', '--out', join(cli, 'runs')], { cwd: cli });
  const runDir = out.trim().split('\n').at(-1);
  check(runDir.startsWith(join(cli, 'runs')) && existsSync(join(runDir, 'report.md')) && existsSync(join(runDir, 'scores.jsonl')), `run toolmaze printed:\n${out}`);
  const scores = readFileSync(join(runDir, 'scores.jsonl'), 'utf8').trim().split('\n');
  check(scores.length > 0, 'run toolmaze scored no sample');
  ok(`recovery-bench run toolmaze --tasks FX_001: ${scores.length} samples scored, ${relative(cli, runDir)}`);

  step = 'the library from ESM and CommonJS';
  const libTarballs = [tarball['@recovery-bench/toolerror-core'], tarball['@recovery-bench/errors']];
  const callSource = (importLine) => `${importLine}
const request: Record<string, unknown> = ${JSON.stringify(request)};
const result: ProcessResult<Record<string, unknown>> = processRequest(request, { form: 'c3', rules: 'paper', api: 'chat' });
if (!result.changed || typeof result.header !== 'string') throw new Error('processRequest changed nothing');
console.log(result.header);
`;
  const tsconfig = (file) => JSON.stringify({ compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', strict: true, types: [], skipLibCheck: false, outDir: 'out' }, files: [file] });

  const esm = join(work, 'esm');
  project(esm, { type: 'module' }, libTarballs);
  writeFileSync(join(esm, 'main.ts'), callSource("import { processRequest, type ProcessResult } from '@recovery-bench/toolerror-core';"));
  writeFileSync(join(esm, 'tsconfig.json'), tsconfig('main.ts'));
  run(process.execPath, [TSC, '-p', 'tsconfig.json'], { cwd: esm });
  const esmOut = run(process.execPath, ['out/main.js'], { cwd: esm });
  check(esmOut.startsWith('form=c3; rules=paper; changed=true'), `the ESM project printed ${esmOut}`);
  ok('an ESM project: tsc checks the types, import { processRequest } runs');

  const cjs = join(work, 'cjs');
  project(cjs, { type: 'commonjs' }, libTarballs);
  writeFileSync(join(cjs, 'main.cts'), callSource("import toolerrors = require('@recovery-bench/toolerror-core');\nconst { processRequest } = toolerrors;\ntype ProcessResult<B> = toolerrors.ProcessResult<B>;"));
  writeFileSync(join(cjs, 'tsconfig.json'), tsconfig('main.cts'));
  run(process.execPath, [TSC, '-p', 'tsconfig.json'], { cwd: cjs });
  check(readFileSync(join(cjs, 'out/main.cjs'), 'utf8').includes("require(\"@recovery-bench/toolerror-core\")"), 'tsc did not emit a require()');
  const cjsOut = run(process.execPath, ['out/main.cjs'], { cwd: cjs });
  check(cjsOut.startsWith('form=c3; rules=paper; changed=true'), `the CommonJS project printed ${cjsOut}`);
  ok(`a CommonJS project: tsc checks the types, require() of the ESM package runs (Node ${process.version})`);

  step = 'the layer inside each agent framework';
  await frameworkProjects(bin, [tarball['@recovery-bench/toolerror-frameworks'], ...libTarballs]);

  console.log(`pack-test: passed in ${((Date.now() - started) / 1000).toFixed(1)} s${keep ? ` (kept ${work})` : ''}`);
} catch (error) {
  console.error(`pack-test: FAILED at ${step}: ${error.message}`);
  process.exitCode = 1;
} finally {
  if (!keep) rmSync(work, { recursive: true, force: true });
}
