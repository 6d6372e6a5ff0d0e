// An Nx plugin of this workspace (nx.json `plugins`): every package whose package.json declares a benchmark
// (`"recoveryBench": {"benchmark": {"id": …}}`, tools/workspace/packages.mjs) gets a target `bench:<id>` on the app's
// project, which builds the app and the benchmark and runs it on its own preset: `npx nx run bench:toolmaze`. No
// target list is kept by hand; a new benchmark folder brings its target with it.
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { benchmarkOf } from '../workspace/packages.mjs';

const APP_ROOT = 'apps/bench-runner';
const APP_PROJECT = 'bench';

function projectNameOf(workspaceRoot, packageRoot) {
  try {
    return JSON.parse(readFileSync(`${workspaceRoot}/${packageRoot}/project.json`, 'utf8')).name;
  } catch {
    return undefined;
  }
}

export const createNodesV2 = [
  '{libs,apps,benchmarks,testbeds,corpora}/*/package.json',
  (files, _options, context) =>
    files.flatMap((file) => {
      const benchmark = benchmarkOf(JSON.parse(readFileSync(`${context.workspaceRoot}/${file}`, 'utf8')));
      if (!benchmark) return [];
      const project = projectNameOf(context.workspaceRoot, dirname(file));
      const target = {
        executor: 'nx:run-commands',
        cache: false,
        dependsOn: ['build', ...(project && project !== APP_PROJECT ? [{ projects: [project], target: 'build' }] : [])],
        options: {
          command: `node tools/nx/last-line.cjs node ${APP_ROOT}/bin/recovery-bench.mjs run ${benchmark.id}`,
          cwd: '{workspaceRoot}',
        },
        metadata: { description: `run the ${benchmark.id} benchmark on its own preset (declared in ${file})` },
      };
      return [[file, { projects: { [APP_ROOT]: { targets: { [benchmark.id]: target } } } }]];
    }),
];
