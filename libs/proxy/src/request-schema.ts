import { z } from 'zod';

/**
 * The shape of a Chat Completions request the proxy can work on. Loose: unknown fields survive parsing so
 * that the layer sees them (`is_error`, `tool_error_kind`) and the field filter can record their names.
 */
const ContentPartSchema = z.looseObject({ type: z.string() });

export const ContentSchema = z.union([z.string(), z.array(ContentPartSchema), z.null()]);

const ToolCallSchema = z.looseObject({
  id: z.string().optional(),
  type: z.string().optional(),
  function: z.looseObject({
    name: z.string(),
    // Objects are accepted and stringified (1.4); anything else is forwarded and flagged.
    arguments: z.unknown().optional(),
  }),
});

export const ROLES = ['system', 'developer', 'user', 'assistant', 'tool', 'function'] as const;

export const MessageSchema = z.looseObject({
  role: z.enum(ROLES),
  content: ContentSchema.optional(),
  tool_calls: z.array(ToolCallSchema).nullable().optional(),
  tool_call_id: z.string().optional(),
  name: z.string().optional(),
});
export type ChatMessage = z.infer<typeof MessageSchema>;

const TokenCountSchema = z.number().int().nonnegative().nullable().optional();

export const ChatRequestSchema = z.looseObject({
  messages: z.array(MessageSchema).min(1),
  model: z.string().optional(),
  stream: z.boolean().nullable().optional(),
  stream_options: z.looseObject({}).nullable().optional(),
  tools: z.array(z.looseObject({ type: z.string() })).nullable().optional(),
  tool_choice: z.union([z.string(), z.looseObject({})]).nullable().optional(),
  max_tokens: TokenCountSchema,
  max_completion_tokens: TokenCountSchema,
  max_new_tokens: TokenCountSchema,
});
export type ChatRequest = z.infer<typeof ChatRequestSchema>;

/** One line naming the first problems, for the error envelope. */
export function describeSchemaError(error: z.ZodError): string {
  const issues = error.issues.slice(0, 3).map((issue) => {
    const path = issue.path.length > 0 ? issue.path.map(String).join('.') : 'body';
    return `${path}: ${issue.message}`;
  });
  const more = error.issues.length > 3 ? ` (and ${error.issues.length - 3} more)` : '';
  return `invalid Chat Completions request: ${issues.join('; ')}${more}`;
}
