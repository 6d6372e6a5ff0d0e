import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runAgentLoop, type BenchmarkEntry, type Score, type TaskRef, type ToolExecutor } from '@recovery-bench/harness';
import { z } from 'zod';

/**
 * A second benchmark, written the way a new one would be: its own config section, tasks, a tool that breaks in one
 * condition, a scorer and its condition roles, and nothing else. Tests register it to show that `run`, `score`,
 * `report`, `merge` and `freeze` need no change for it.
 */
export interface TinyTask extends TaskRef {
  condition: 'calm' | 'broken';
  unit: string;
  question: string;
}

const TinyConfigSchema = z.strictObject({
  /** How many questions (units); each runs calm and broken. */
  questions: z.number().int().positive().max(50).default(3),
  tasks: z.array(z.string()).optional(),
  limit: z.number().int().positive().optional(),
});
type TinyConfig = z.infer<typeof TinyConfigSchema>;

/** The lookup tool: it answers, or (in the broken condition) fails the way a dead service does. */
const executor = (task: TinyTask): ToolExecutor => ({
  async execute(call) {
    if (task.condition === 'broken') return { content: JSON.stringify({ error: 'lookup service unavailable (HTTP 503)' }), isError: true, fault: { id: 'tiny:503', kind: 'transient', tool: call.name } };
    return { content: JSON.stringify({ answer: `${task.question} is 42` }), isError: false };
  },
});

/** A written file stands for the stimuli the entry declares, so `freeze` has something of the benchmark's to hash. */
const stimuliFile = (() => {
  let path: string | undefined;
  return () => {
    path ??= join(mkdtempSync(join(tmpdir(), 'rb-tiny-')), 'questions.txt');
    writeFileSync(path, 'what is six times seven?\n');
    return path;
  };
})();

export const tinyEntry: BenchmarkEntry<TinyConfig, TinyTask> = {
  id: 'tiny',
  version: '1.0.0',
  summary: 'a test benchmark: one lookup per question, calm or broken',
  configSchema: TinyConfigSchema,
  async prepare(config, ctx) {
    const { selectTasks } = await import('@recovery-bench/harness');
    const tasks: TinyTask[] = [];
    for (let q = 0; q < config.questions; q++) {
      for (const condition of ['calm', 'broken'] as const) tasks.push({ id: `Q${q}-${condition}`, unit: `Q${q}`, condition, question: `question ${q}` });
    }
    return {
      tasks: selectTasks(tasks, { ids: config.tasks, limit: config.limit }),
      source: { kind: 'built-in', label: `${config.questions} generated questions` },
      manifest: { questions: config.questions },
      warnings: [],
      benchmark: {
        id: 'tiny',
        version: '1.0.0',
        run: (task, run) => runAgentLoop({
          model: run.model,
          messages: [{ role: 'user', content: `Look up ${task.question}.` }],
          tools: [{ type: 'function', function: { name: 'lookup', parameters: { type: 'object', properties: { q: { type: 'string' } } } } }],
          executor: executor(task),
          plugins: run.plugins,
          settings: { limits: { maxRounds: Math.min(ctx.limits.maxRounds, 4) } },
          signal: run.signal,
        }),
        scorers: [{
          id: 'tiny:answered',
          version: '1',
          score: (_task, transcript): Score => (transcript.end === 'model-error'
            ? { value: 0, outcome: 'error', reason: 'tiny:model-error' }
            : transcript.finalAnswer ? { value: 1, outcome: 'pass' } : { value: 0, outcome: 'fail', reason: 'tiny:no-answer' }),
        }],
      },
    };
  },
  async stimuli() {
    return [stimuliFile()];
  },
  score: { scorer: 'tiny:answered', label: 'answer rate' },
  unit: 'question (its calm and broken runs resample together)',
  conditions: { explicit: ['broken'], control: ['calm'], transient: ['broken'], missingTool: null },
  presets: {
    // What `run tiny` runs without --config or --preset: the layer off and on, on the sim engine.
    tiny: {
      description: 'the tiny benchmark with the layer off and on, on the sim engine',
      base: 'sim',
      config: {
        models: { 'qwen3-8b': { simProfile: 'paper/qwen3-8b' } },
        systems: [{ id: 'off', engine: 'sim', arm: 'off' }, { id: 'c3', engine: 'sim', arm: 'proxy-c3' }],
        analysis: { plans: ['layer'] },
      },
      section: { questions: 3 },
    },
  },
  runFlags: {
    questions: {
      description: 'how many questions to ask',
      apply: (section, value) => ({ ...section, questions: Number(value) }),
    },
  },
  commands: {
    count: {
      summary: 'print how many tasks a number of questions makes: `tiny count N`',
      async run(args) {
        process.stdout.write(`${2 * Number(args[0] ?? 3)} tasks\n`);
        return 0;
      },
    },
  },
  report: ({ samples }) => ({
    sections: [{ title: 'Tiny answers', blocks: [{ kind: 'table', header: ['system', 'answered'], rows: [...new Set(samples.map((s) => s.system))].map((system) => [system, String(samples.filter((s) => s.system === system && s.scores?.['tiny:answered']?.value === 1).length)]) }] }],
  }),
};
