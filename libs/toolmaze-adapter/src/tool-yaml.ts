import { BenchError } from '@recovery-bench/harness/errors';
import { parseAllDocuments } from 'yaml';
import { z } from 'zod';
import { ToolSpecSchema, type ToolSpec } from './schema.ts';
import type { LoadWarning } from './task-rules.ts';

const DEFAULT_PARAMETERS = { type: 'object', properties: {} } as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The tools in one definitions file. ToolMaze's real grouping is not known, so a document may hold one tool
 * (it has `name`), a list of tools, or a name → tool map.
 */
export function parseToolDefinitions(text: string, file: string): ToolSpec[] {
  const tools: ToolSpec[] = [];
  for (const doc of parseAllDocuments(text)) {
    if (doc.errors.length > 0) throw new BenchError('task:invalid', `${file}: invalid YAML: ${doc.errors[0]!.message.split('\n')[0]}`);
    const value: unknown = doc.toJS();
    if (value === null || value === undefined) continue;
    if (Array.isArray(value)) value.forEach((item, i) => tools.push(toolFrom(item, undefined, `${file}: [${i}]`)));
    else if (isRecord(value) && typeof value.name === 'string') tools.push(toolFrom(value, undefined, file));
    else if (isRecord(value)) for (const [key, item] of Object.entries(value)) tools.push(toolFrom(item, key, `${file}: ${key}`));
    else throw new BenchError('task:invalid', `${file}: expected a tool, a list of tools or a name → tool map`);
  }
  return tools;
}

/**
 * `paradigms.function_call.spec` is what ToolMaze sends the model, so it wins; without it the top-level
 * `description`/`parameters` serve. `paradigms.mcp.output_schema` is kept as `outputSchema`.
 */
function toolFrom(value: unknown, key: string | undefined, where: string): ToolSpec {
  if (!isRecord(value)) throw new BenchError('task:invalid', `${where}: a tool definition must be a mapping`);
  const paradigms = isRecord(value.paradigms) ? value.paradigms : {};
  const fc = isRecord(paradigms.function_call) && isRecord(paradigms.function_call.spec) ? paradigms.function_call.spec : undefined;
  const mcp = isRecord(paradigms.mcp) ? paradigms.mcp : undefined;
  const candidate: Record<string, unknown> = {
    name: fc?.name ?? value.name ?? key,
    description: fc?.description ?? value.description ?? '',
    parameters: fc?.parameters ?? value.parameters ?? DEFAULT_PARAMETERS,
  };
  for (const field of ['category', 'domain', 'substitutes'] as const) if (value[field] !== undefined && value[field] !== null) candidate[field] = value[field];
  if (mcp?.output_schema !== undefined) candidate.outputSchema = mcp.output_schema;
  const parsed = ToolSpecSchema.safeParse(candidate);
  if (!parsed.success) throw new BenchError('task:invalid', `${where}: invalid tool definition\n${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/** Merges files' tools by name; a later definition of the same name wins, with a warning. */
export function mergeTools(perFile: readonly { file: string; tools: ToolSpec[] }[]): { tools: Record<string, ToolSpec>; warnings: LoadWarning[] } {
  const tools: Record<string, ToolSpec> = {};
  const from = new Map<string, string>();
  const warnings: LoadWarning[] = [];
  for (const { file, tools: list } of perFile) {
    for (const tool of list) {
      const before = from.get(tool.name);
      if (before !== undefined) warnings.push({ code: 'duplicate-tool', where: file, message: `tool "${tool.name}" is also defined in ${before}; this definition wins` });
      tools[tool.name] = tool;
      from.set(tool.name, file);
    }
  }
  return { tools, warnings };
}
