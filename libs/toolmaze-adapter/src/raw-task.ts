import { BenchError } from '@recovery-bench/harness/errors';
import { z } from 'zod';
import { ComplexitySchema, ModeSchema, StepStatusSchema, TaskSchema, type Complexity, type Mode, type Step, type Task, type ValidPath } from './schema.ts';
import { checkTask, deriveFault, distinctTools, locate, type LoadWarning, type TaskLocation } from './task-rules.ts';

/** A ToolMaze task file as far as the adapter reads it (spec §3 "Raw task fields"); other fields are kept in `raw`. */
const RawStepSchema = z.looseObject({
  step: z.number().int().nullish(),
  tool_name: z.string().min(1),
  arguments: z.record(z.string(), z.unknown()).nullish(),
  output: z.unknown().optional(),
  status: StepStatusSchema.nullish(),
  is_perturbed: z.boolean().nullish(),
  error_message: z.string().nullish(),
});
type RawStep = z.infer<typeof RawStepSchema>;

const RawPathSchema = z.looseObject({
  path_id: z.union([z.string(), z.number()]).nullish(),
  tools: z.array(z.string()).nullish(),
  execution_trace: z.array(RawStepSchema).nullish(),
  group_choices: z.unknown().optional(),
});

export const RawTaskSchema = z.looseObject({
  task_id: z.string().min(1),
  complexity: ComplexitySchema,
  perturbation_mode: ModeSchema,
  user_input: z.looseObject({ query: z.string().nullish() }).nullish(),
  task_description: z.string().nullish(),
  template_id: z.union([z.string(), z.number()]).nullish(),
  domains: z.array(z.string()).nullish(),
  execution_trace: z.array(RawStepSchema).nullish(),
  perturbation_point: z.unknown().optional(),
  valid_paths: z.array(RawPathSchema).nullish(),
  alternative_tools: z.array(z.string()).nullish(),
});
export type RawTask = z.infer<typeof RawTaskSchema>;

/** `C1_task_001_P0.json`: complexity, number and mode, cross-checked against the content. */
export const TASK_FILE_NAME = /^(C\d)_task_(\d+)_(P[0-4])\.json$/;
const MODE_SUFFIX = /_P[0-4]$/;

/** `task_id` if it already ends in the mode, else `${task_id}_${mode}` (whether ToolMaze's ids do is not known). */
export function taskIdOf(taskId: string, mode: Mode): { id: string; baseId: string } {
  return MODE_SUFFIX.test(taskId) ? { id: taskId, baseId: taskId.replace(MODE_SUFFIX, '') } : { id: `${taskId}_${mode}`, baseId: taskId };
}

function normaliseSteps(raw: readonly RawStep[]): Step[] {
  return raw.map((s, index) => {
    const step: Step = { index, toolName: s.tool_name, arguments: s.arguments ?? {}, output: s.output ?? null, isPerturbed: s.is_perturbed ?? false };
    if (s.step != null) step.step = s.step;
    if (s.status != null) step.status = s.status;
    if (s.error_message != null) step.errorMessage = s.error_message;
    return step;
  });
}

function validPaths(raw: RawTask): ValidPath[] {
  return (raw.valid_paths ?? []).map((p, i) => {
    const steps = normaliseSteps(p.execution_trace ?? []);
    const path: ValidPath = { pathId: p.path_id ?? i, tools: p.tools ?? distinctTools(steps), steps };
    if (p.group_choices !== undefined && p.group_choices !== null) path.groupChoices = p.group_choices;
    return path;
  });
}

export interface NormalisedTask {
  task: Task;
  warnings: LoadWarning[];
}

/**
 * One raw ToolMaze task → the normalised Task, with loader errors 1–3 (thrown as `task:invalid`, naming file
 * and field) and the task's warnings. Suite-level rules (ids, tool specs) are the caller's.
 */
export function normaliseRawTask(data: unknown, file: string): NormalisedTask {
  const parsed = RawTaskSchema.safeParse(data);
  if (!parsed.success) throw new BenchError('task:invalid', `${file}: not a ToolMaze task\n${z.prettifyError(parsed.error)}`);
  const raw = parsed.data;
  const loc: TaskLocation = { file, prefix: '', style: 'raw' };
  const warnings: LoadWarning[] = [];
  const { id, baseId } = taskIdOf(raw.task_id, raw.perturbation_mode);
  let requiredPath = normaliseSteps(raw.execution_trace ?? []);
  const paths = validPaths(raw);
  const multi = raw.complexity !== 'C1';
  if (!multi && paths.length > 0) {
    warnings.push({ code: 'c1-valid-paths-ignored', where: locate(loc, 'multiPath'), message: `${paths.length} valid path(s) on a C1 task are ignored` });
  }
  if (requiredPath.length === 0 && multi && paths[0]) requiredPath = paths[0].steps;
  if (requiredPath.length === 0) throw new BenchError('task:invalid', `${locate(loc, 'requiredPath')}: no steps`);
  const candidate = {
    baseId,
    id,
    complexity: raw.complexity,
    mode: raw.perturbation_mode,
    query: raw.user_input?.query ?? raw.task_description ?? '',
    ...(raw.task_description != null ? { description: raw.task_description } : {}),
    domains: raw.domains ?? [],
    ...(raw.template_id != null ? { templateId: String(raw.template_id) } : {}),
    offeredTools: multi ? distinctTools([...requiredPath, ...paths.flatMap((p) => p.steps)]) : distinctTools(requiredPath),
    requiredPath,
    fault: deriveFault(raw.perturbation_mode, requiredPath, paths.flatMap((p) => p.steps)),
    ...(multi ? { multiPath: { validPaths: paths, ...(raw.alternative_tools ? { alternativeTools: raw.alternative_tools } : {}) } } : {}),
    ...(raw.perturbation_point !== undefined && raw.perturbation_point !== null ? { declaredPerturbationPoint: raw.perturbation_point } : {}),
    raw: data,
  };
  const result = TaskSchema.safeParse(candidate);
  if (!result.success) throw new BenchError('task:invalid', `${file}: ${z.prettifyError(result.error)}`);
  const task = result.data;
  warnings.push(...checkTask(task, loc));
  return { task, warnings };
}

/** Cross-checks a task file's name against its content: complexity, mode and id. */
export function checkTaskFileName(task: Task, fileName: string, file: string): void {
  const m = TASK_FILE_NAME.exec(fileName);
  if (!m) throw new BenchError('task:invalid', `${file}: the file name does not match C<n>_task_<nnn>_P<n>.json`);
  const [, complexity, number, mode] = m as unknown as [string, Complexity, string, Mode];
  const expected = `${complexity}_task_${number}_${mode}`;
  if (task.complexity !== complexity) throw new BenchError('task:invalid', `${file}: complexity: "${task.complexity}" but the file name says ${complexity}`);
  if (task.mode !== mode) throw new BenchError('task:invalid', `${file}: perturbation_mode: "${task.mode}" but the file name says ${mode}`);
  if (task.id !== expected) throw new BenchError('task:invalid', `${file}: task_id: the task's id "${task.id}" does not match the file name (${expected})`);
}
