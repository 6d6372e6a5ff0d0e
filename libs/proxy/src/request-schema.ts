import { z } from 'zod';
import { ProxyError } from './errors.ts';

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

/**
 * A Chat Completions request as the proxy works on it: what the schema gives back (its known fields first, the
 * order the forwarded body has always had), or 400 naming up to three problems.
 */
export function checkChatRequest(json: unknown): ChatRequest {
  const parsed = ChatRequestSchema.safeParse(json);
  if (!parsed.success) throw new ProxyError('proxy:invalid-request', describeSchemaError(parsed.error));
  return parsed.data;
}

/** Marks an issue of a surface's schema as something the proxy understands but cannot honour (`proxy:unsupported`). */
export function refusal(error: string | ((issue: { path?: PropertyKey[]; input?: unknown }) => string)) {
  return { error, params: { refused: true } };
}

/** An integer (as `Number.isInteger` says: any size) of at least `min`; `error` is the one message for every miss. */
export function integerAtLeast(min: number, error: string) {
  return z.number({ error }).refine((n) => Number.isInteger(n) && n >= min, { error });
}

/**
 * The check of another surface's request (`Anthropic Messages`, `Responses`), in the words its clients read: the
 * first problem, in the schema's field order, named by its top-level field; a refusal answers `proxy:unsupported`
 * with its own text. The request goes on as received, so that its fields keep the client's order (the field filter
 * and the record follow it); the schema transforms nothing.
 */
export function surfaceCheck<S extends z.ZodType<Record<string, unknown>>>(schema: S, surfaceName: string): (json: unknown) => z.output<S> {
  return (json) => {
    const parsed = schema.safeParse(json);
    if (parsed.success) return json as z.output<S>;
    const issue = parsed.error.issues[0]!;
    if (issue.code === 'custom' && issue.params?.refused === true) throw new ProxyError('proxy:unsupported', issue.message);
    const field = issue.path.length > 0 ? `${String(issue.path[0])}: ` : '';
    throw new ProxyError('proxy:invalid-request', `invalid ${surfaceName} request: ${field}${issue.message}`);
  };
}
