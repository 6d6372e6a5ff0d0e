/**
 * The files of a new benchmark (`recovery-bench new benchmark NAME`): a package that declares itself in its
 * package.json, so the suite finds it, with three tasks that call a tool failing once with an HTTP 503 and answer
 * with its text, each in a calm and a flaky condition; the tool, its fault, a scorer, the condition roles, sim scripts,
 * a test and a README. It runs on the sim engine as written, and its test passes.
 */

export interface SkeletonOptions {
  /** The benchmark id and folder name: lower case, digits and `-`. */
  name: string;
  /** The npm package name. */
  packageName: string;
  /** The folder's path back to the workspace root (`../..`), when the package is a workspace member. */
  rootFromPackage?: string;
}

/** An id written as a TypeScript identifier: `echo-twice` → `echoTwice`. */
const camel = (name: string) => name.replace(/-([a-z0-9])/g, (_m, c: string) => c.toUpperCase());

const TEXTS = ['the deploy finished at 14:02', 'three tickets are still open', 'the backup is 4.2 GB'];

/** The file tree: relative path → contents. */
export function benchmarkSkeleton(opts: SkeletonOptions): Record<string, string> {
  const { name, packageName, rootFromPackage } = opts;
  const workspace = rootFromPackage !== undefined;
  const files: Record<string, string> = {
    'package.json': `${JSON.stringify({
      name: packageName,
      version: '0.1.0',
      private: true,
      type: 'module',
      description: `${name}: a recovery-bench benchmark`,
      exports: {
        './entry': workspace
          ? { '@recovery-bench/source': './src/entry.ts', types: './dist/entry.d.ts', default: './dist/entry.js' }
          : { types: './dist/entry.d.ts', default: './dist/entry.js' },
      },
      files: ['dist', '!dist/tsconfig.build.tsbuildinfo', 'sim-scripts', 'README.md'],
      dependencies: { '@recovery-bench/harness': '0.1.0', zod: '^4.6.7' },
      recoveryBench: { benchmark: { id: name, entry: './entry', export: 'benchmark' } },
    }, null, 2)}\n`,
    'src/entry.ts': entrySource(name),
    'src/entry.test.ts': testSource(name),
    'README.md': readme(name, packageName),
  };
  TEXTS.forEach((text, i) => {
    for (const condition of ['calm', 'flaky']) {
      const id = `T${i + 1}-${condition}`;
      files[`sim-scripts/${id}.yaml`] = `# The gold path of ${id}: call echo with the text, then answer with what it returned.\nid: ${name}/${id}\nmatch:\n  marker: "[task:${id}]"\nsteps:\n  - call: { name: echo, arguments: { text: ${JSON.stringify(text)} } }\n  - answer: "{{lastToolResult}}"\n`;
    }
  });
  if (workspace) {
    const root = rootFromPackage;
    files['project.json'] = `${JSON.stringify({
      name,
      $schema: `${root}/node_modules/nx/schemas/project-schema.json`,
      sourceRoot: `${root === '../..' ? 'benchmarks' : '.'}/${name}/src`,
      projectType: 'library',
      tags: ['type:benchmark'],
      targets: {
        build: { executor: 'nx:run-commands', options: { command: `node ${root}/tools/build/build.mjs`, cwd: '{projectRoot}' } },
        typecheck: { executor: 'nx:run-commands', options: { command: 'tsc -p tsconfig.json', cwd: '{projectRoot}' } },
        test: { executor: 'nx:run-commands', options: { command: 'vitest run', cwd: '{projectRoot}' } },
      },
    }, null, 2)}\n`;
    files['tsconfig.json'] = `${JSON.stringify({ extends: `${root}/tsconfig.base.json`, include: ['src/**/*.ts', 'vitest.config.ts'] }, null, 2)}\n`;
    files['tsconfig.build.json'] = `${JSON.stringify({
      extends: `${root}/tsconfig.build.base.json`,
      compilerOptions: { rootDir: 'src', outDir: 'dist', tsBuildInfoFile: 'dist/tsconfig.build.tsbuildinfo' },
      include: ['src/**/*.ts'],
      exclude: ['src/**/*.test.ts'],
      references: [{ path: `${root}/libs/harness/tsconfig.build.json` }],
    }, null, 2)}\n`;
    files['vitest.config.ts'] = `import { sharedTestConfig } from '${root}/vitest.shared.ts';\n\nexport default sharedTestConfig;\n`;
  }
  return files;
}

function entrySource(name: string): string {
  const id = camel(name);
  return `import { fileURLToPath } from 'node:url';
import { runAgentLoop, selectTasks, type BenchmarkEntry, type Score, type TaskRef, type ToolExecutor } from '@recovery-bench/harness';
import { z } from 'zod';

/**
 * ${name}: ask the model to repeat a text through the echo tool. In the flaky condition the tool fails once with an
 * HTTP 503 (a transient fault the model can see) and answers when called again; in the calm condition it answers at
 * once. A sample passes when the final answer contains the text.
 */
export interface ${id[0]!.toUpperCase()}${id.slice(1)}Task extends TaskRef {
  condition: 'calm' | 'flaky';
  text: string;
}
type Task = ${id[0]!.toUpperCase()}${id.slice(1)}Task;

/** The texts to repeat; each is one unit, run calm and flaky. */
export const TEXTS = ${JSON.stringify(TEXTS)};

/** The benchmark's section of a run config (\`benchmarks.${name}\`): which tasks, how many units. */
const ConfigSchema = z.strictObject({
  tasks: z.array(z.string()).optional(),
  limit: z.number().int().positive().optional(),
});
type Config = z.infer<typeof ConfigSchema>;

/** The sim engine's gold paths, one YAML file per task (a marker in the first user message picks the script). */
const SIM_SCRIPTS = fileURLToPath(new URL('../sim-scripts/', import.meta.url));

export function tasks(): Task[] {
  return TEXTS.flatMap((text, i) => (['calm', 'flaky'] as const).map((condition) => ({ id: \`T\${i + 1}-\${condition}\`, unit: \`T\${i + 1}\`, condition, text })));
}

/** The first user message: the marker the sim scripts match, and the request with its argument as \`key=value\`. */
export const prompt = (task: Task) => \`[task:\${task.id}] Repeat this text back to me, using the echo tool: text="\${task.text}"\`;

/** The echo tool: in the flaky condition its first call fails the way a restarting service does. */
export function echoTool(task: Task): ToolExecutor {
  let calls = 0;
  return {
    async execute(call) {
      calls++;
      if (task.condition === 'flaky' && calls === 1) {
        return {
          content: 'HTTP 503 Service Unavailable: the echo service is restarting',
          isError: true,
          fault: { id: '${name}:503', kind: 'transient', tool: call.name, visibility: 'explicit' },
        };
      }
      const args = (call.arguments ?? {}) as { text?: unknown };
      return { content: typeof args.text === 'string' ? args.text : '', isError: false };
    },
  };
}

/** Passes when the final answer holds the text; a model error is an error, not a fail. */
export function score(task: Task, transcript: { end: string; finalAnswer: string | null }): Score {
  if (transcript.end === 'model-error') return { value: 0, outcome: 'error', reason: '${name}:model-error' };
  return transcript.finalAnswer?.includes(task.text) ? { value: 1, outcome: 'pass' } : { value: 0, outcome: 'fail', reason: '${name}:text-missing' };
}

export const benchmark: BenchmarkEntry<Config, Task> = {
  id: '${name}',
  version: '0.1.0',
  summary: '${name}: repeat a text through a tool that fails once with an HTTP 503',
  configSchema: ConfigSchema,
  async prepare(config, ctx) {
    return {
      tasks: selectTasks(tasks(), { ids: config.tasks, limit: config.limit }),
      source: { kind: 'built-in', label: \`\${TEXTS.length} built-in texts\` },
      manifest: { texts: TEXTS.length },
      warnings: [],
      simScriptsDir: SIM_SCRIPTS,
      benchmark: {
        id: '${name}',
        version: '0.1.0',
        run: (task, run) => runAgentLoop({
          model: run.model,
          messages: [{ role: 'user', content: prompt(task) }],
          tools: [{ type: 'function', function: { name: 'echo', description: 'Returns its text.', parameters: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] } } }],
          executor: echoTool(task),
          plugins: run.plugins,
          settings: { limits: { maxRounds: Math.min(ctx.limits.maxRounds, 6) } },
          signal: run.signal,
        }),
        scorers: [{ id: '${name}:echoed', version: '1', score }],
      },
    };
  },
  async stimuli() {
    return [SIM_SCRIPTS];
  },
  score: { scorer: '${name}:echoed', label: 'pass rate' },
  unit: 'text (its calm and flaky runs resample together)',
  // explicit: faults the model sees (where the layer should act); control: no fault (where it must change nothing);
  // transient: where tool-side retries act; missingTool: conditions that hide a tool (none here).
  conditions: { explicit: ['flaky'], control: ['calm'], transient: ['flaky'], missingTool: null },
  presets: {
    // What \`recovery-bench run ${name}\` runs without --config or --preset: the layer off and on, on the sim engine.
    '${name}': {
      description: '${name} with the layer off and on, on the sim engine',
      base: 'sim',
      config: {
        models: { 'qwen3-8b': { simProfile: 'paper/qwen3-8b' } },
        systems: [{ id: 'off', engine: 'sim', arm: 'off' }, { id: 'c3', engine: 'sim', arm: 'proxy-c3' }],
        analysis: { plans: ['layer'] },
      },
      section: {},
    },
  },
  // Not part of the suite's built-in demo (\`run\` with no benchmark) until you say so.
  presetSections: { default: false },
};
`;
}

function testSource(name: string): string {
  return `import { NO_SERVICES, ScriptedModel } from '@recovery-bench/harness';
import { describe, expect, it } from 'vitest';
import { benchmark, echoTool, prompt, score, tasks } from './entry.ts';

const ctx = { limits: { maxRounds: 8, requestTimeoutMs: 10_000 }, services: NO_SERVICES };

describe('${name}', () => {
  it('has three texts, each calm and flaky, and selects by task or unit', async () => {
    expect(tasks().map((t) => t.id)).toEqual(['T1-calm', 'T1-flaky', 'T2-calm', 'T2-flaky', 'T3-calm', 'T3-flaky']);
    const prepared = await benchmark.prepare(benchmark.configSchema.parse({ tasks: ['T2'] }), ctx);
    expect(prepared.tasks.map((t) => t.id)).toEqual(['T2-calm', 'T2-flaky']);
  });

  it('fails the first flaky call with a 503 fault, then echoes', async () => {
    const [, flaky] = tasks();
    const tool = echoTool(flaky!);
    const call = (id: string) => ({ id, name: 'echo', arguments: { text: flaky!.text }, rawArguments: JSON.stringify({ text: flaky!.text }) });
    const first = await tool.execute(call('c1'), {} as never);
    expect(first).toMatchObject({ isError: true, fault: { id: '${name}:503', kind: 'transient', tool: 'echo' } });
    expect(await tool.execute(call('c2'), {} as never)).toEqual({ content: flaky!.text, isError: false });
  });

  it('passes a model that retries and answers with the text, and fails one that gives up', async () => {
    const [, flaky] = tasks();
    const prepared = await benchmark.prepare({}, ctx);
    const call = { calls: [{ name: 'echo', arguments: { text: flaky!.text } }] };
    const retries = new ScriptedModel([call, call, { answer: flaky!.text }]);
    const transcript = await prepared.benchmark.run(flaky!, { model: retries, plugins: [], seed: 0 });
    expect(retries.requests[0]!.messages[0]!.content).toBe(prompt(flaky!));
    expect(score(flaky!, transcript)).toEqual({ value: 1, outcome: 'pass' });
    const givesUp = new ScriptedModel([call, { answer: 'The echo service is down.' }]);
    expect(score(flaky!, await prepared.benchmark.run(flaky!, { model: givesUp, plugins: [], seed: 0 }))).toMatchObject({ outcome: 'fail' });
  });
});
`;
}

function readme(name: string, packageName: string): string {
  return `# ${name}

A recovery-bench benchmark (\`${packageName}\`): the model is asked to repeat a text through the \`echo\` tool. In the
\`flaky\` condition the tool's first call fails with \`HTTP 503 Service Unavailable\` (a transient fault the model can
see); called again it answers. In the \`calm\` condition it answers at once. A sample passes when the final answer
holds the text. Three texts, each run calm and flaky: six samples per system.

\`\`\`
npx recovery-bench run ${name}              # the layer off and on, on the sim engine
npx recovery-bench list benchmarks          # it is listed: its package.json declares it
\`\`\`

## What is where
- \`package.json\`: \`recoveryBench.benchmark\` declares the benchmark (\`id\`, the exported \`entry\` subpath, the
  \`export\` name): the suite finds it there, with no list to edit.
- \`src/entry.ts\`: the \`BenchmarkEntry\`: its config section, the tasks, the echo tool and its fault, the scorer, the
  condition roles (\`explicit\`: faults the model sees; \`control\`: no fault; \`transient\`: where tool-side retries
  act) and its run preset.
- \`sim-scripts/\`: one gold path per task for the sim engine (a marker in the first user message picks the script).
  Without a script the sim's generic policy calls each tool once with arguments read from \`key=value\` pairs in the
  prompt, which the prompt also carries.
- \`src/entry.test.ts\`: the tasks, the fault and the scorer, with a scripted model.

A tool result is a \`ToolOutcome\`: \`content\` (what the model reads), \`isError\` (the benchmark's own notion of
failure, never shown to the model) and, for an injected fault, \`fault: {id, kind, tool, visibility}\`.
`;
}
