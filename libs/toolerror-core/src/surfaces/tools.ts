import { isPlainObject } from '../errors.ts';
import type { ToolDefinitionInfo } from '../types.ts';

/**
 * Reads tool names and MCP annotations from a `tools` array of any surface:
 * Chat `{type:"function", function:{name, annotations?}, annotations?}`, Anthropic `{name, annotations?}`,
 * Responses `{type:"function", name, annotations?}`.
 */
export function readToolDefinitions(tools: unknown): ToolDefinitionInfo[] {
  if (!Array.isArray(tools)) return [];
  const out: ToolDefinitionInfo[] = [];
  for (const tool of tools) {
    if (!isPlainObject(tool)) continue;
    const fn = isPlainObject(tool.function) ? tool.function : undefined;
    const name = typeof fn?.name === 'string' ? fn.name : typeof tool.name === 'string' ? tool.name : undefined;
    if (name === undefined) continue;
    const annotations = isPlainObject(fn?.annotations) ? fn.annotations : isPlainObject(tool.annotations) ? tool.annotations : undefined;
    out.push(annotations ? { name, annotations } : { name });
  }
  return out;
}
