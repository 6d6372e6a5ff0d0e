import { z } from 'zod';

/**
 * The normalised shapes (spec §3) that a ToolMaze checkout and the fixture suite both load into. Payloads and
 * arguments are any JSON, kept as parsed by `parsePyJson` so that Python floats survive.
 */

export const MODES = ['P0', 'P1', 'P2', 'P3', 'P4'] as const;
export const ModeSchema = z.enum(MODES);
export type Mode = z.infer<typeof ModeSchema>;

export const COMPLEXITIES = ['C1', 'C2', 'C3', 'C4'] as const;
export const ComplexitySchema = z.enum(COMPLEXITIES);
export type Complexity = z.infer<typeof ComplexitySchema>;

export const STEP_STATUSES = ['success', 'error'] as const;
export const StepStatusSchema = z.enum(STEP_STATUSES);
export type StepStatus = z.infer<typeof StepStatusSchema>;

/** Any JSON value, but present: `z.unknown()` alone would let a missing `output` through. */
export const JsonValueSchema = z.custom<unknown>((v) => v !== undefined, { message: 'a JSON value is required' });

export const ArgumentsSchema = z.record(z.string(), z.unknown());

export const ResponderCaseSchema = z
  .object({
    /** Matches when it is a deep-equal subset of the call's arguments; absent matches everything. */
    when: ArgumentsSchema.optional(),
    output: JsonValueSchema,
  })
  .strict();

/** How a fixture tool answers a clean call; declarative, so fixtures hold no code. */
export const ResponderSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('static'), output: JsonValueSchema }).strict(),
  z
    .object({
      kind: z.literal('cases'),
      cases: z.array(ResponderCaseSchema).min(1),
      /** Default `{"error": "no matching case"}`. */
      fallback: JsonValueSchema.optional(),
    })
    .strict(),
]);
export type Responder = z.infer<typeof ResponderSchema>;

export const ParametersSchema = z.looseObject({
  type: z.literal('object'),
  properties: z.record(z.string(), z.unknown()),
  required: z.array(z.string()).optional(),
});
export type Parameters = z.infer<typeof ParametersSchema>;

export const TOOL_NAME = /^[A-Za-z0-9_.-]+$/;

export const ToolSpecSchema = z
  .object({
    name: z.string().regex(TOOL_NAME, 'letters, digits, "_", "." and "-" only'),
    description: z.string(),
    parameters: ParametersSchema,
    category: z.string().optional(),
    domain: z.string().optional(),
    substitutes: z.array(z.string()).optional(),
    outputSchema: z.unknown().optional(),
    responder: ResponderSchema.optional(),
  })
  .strict();
export type ToolSpec = z.infer<typeof ToolSpecSchema>;

export const StepSchema = z
  .object({
    /** Position in the path, from 0. */
    index: z.number().int().min(0),
    /** ToolMaze's own `step` number, if the data had one. */
    step: z.number().int().optional(),
    toolName: z.string().min(1),
    arguments: ArgumentsSchema,
    output: JsonValueSchema,
    status: StepStatusSchema.optional(),
    errorMessage: z.string().optional(),
    isPerturbed: z.boolean().default(false),
  })
  .strict();
export type Step = z.infer<typeof StepSchema>;

export const FaultSchema = z
  .object({
    toolName: z.string().min(1),
    stepIndex: z.number().int().min(0),
    payload: JsonValueSchema,
    payloadStatus: StepStatusSchema.default('error'),
    visibility: z.enum(['explicit', 'implicit']),
    persistence: z.enum(['transient', 'permanent']),
    victimIsLastNode: z.boolean(),
  })
  .strict();
export type Fault = z.infer<typeof FaultSchema>;

export const ValidPathSchema = z
  .object({
    pathId: z.union([z.string(), z.number()]),
    tools: z.array(z.string()),
    steps: z.array(StepSchema),
    groupChoices: z.unknown().optional(),
  })
  .strict();
export type ValidPath = z.infer<typeof ValidPathSchema>;

export const MultiPathSchema = z
  .object({
    validPaths: z.array(ValidPathSchema),
    alternativeTools: z.array(z.string()).optional(),
  })
  .strict();
export type MultiPath = z.infer<typeof MultiPathSchema>;

export const TaskSchema = z
  .object({
    baseId: z.string().min(1),
    id: z.string().min(1),
    complexity: ComplexitySchema,
    mode: ModeSchema,
    query: z.string(),
    description: z.string().optional(),
    domains: z.array(z.string()).default([]),
    templateId: z.string().optional(),
    offeredTools: z.array(z.string()),
    requiredPath: z.array(StepSchema).min(1),
    fault: FaultSchema.nullable(),
    multiPath: MultiPathSchema.optional(),
    /** ToolMaze's `perturbation_point`; its meaning is not known, so it is kept for audit only. */
    declaredPerturbationPoint: z.unknown().optional(),
    /** The task as ToolMaze wrote it (checkout tasks); traces use its `task_id`. */
    raw: z.unknown().optional(),
  })
  .strict();
export type Task = z.infer<typeof TaskSchema>;
export type TaskInput = z.input<typeof TaskSchema>;

export const PromptsSchema = z.object({ p0: z.string().min(1), faultAware: z.string().min(1) }).strict();
export type Prompts = z.infer<typeof PromptsSchema>;

export const SUITE_SCHEMA_VERSION = 'toolmaze-adapter/1';

export const SuiteSourceSchema = z
  .object({
    kind: z.enum(['toolmaze-checkout', 'fixture']),
    root: z.string().optional(),
    codeCommit: z.string().optional(),
    dataRevision: z.string().optional(),
    perturbedTasksSha256: z.string().optional(),
  })
  .strict();
export type SuiteSource = z.infer<typeof SuiteSourceSchema>;

export const SuiteSchema = z
  .object({
    schemaVersion: z.literal(SUITE_SCHEMA_VERSION),
    source: SuiteSourceSchema,
    prompts: PromptsSchema.optional(),
    tools: z.record(z.string(), ToolSpecSchema),
    tasks: z.array(TaskSchema).min(1),
  })
  .strict()
  .superRefine((suite, ctx) => {
    if (suite.source.kind !== 'fixture') return;
    if (!suite.prompts) ctx.addIssue({ code: 'custom', path: ['prompts'], message: 'a fixture suite needs prompts {p0, faultAware}' });
    for (const [key, tool] of Object.entries(suite.tools)) {
      if (key !== tool.name) ctx.addIssue({ code: 'custom', path: ['tools', key, 'name'], message: `must equal its key "${key}"` });
      if (!tool.responder) ctx.addIssue({ code: 'custom', path: ['tools', key, 'responder'], message: 'a fixture tool needs a responder' });
    }
  });
export type Suite = z.infer<typeof SuiteSchema>;
export type SuiteInput = z.input<typeof SuiteSchema>;
