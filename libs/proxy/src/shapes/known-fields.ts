import { PINNED_FIELDS } from '../engine-kinds.ts';
import { FORWARDED_AS_SENT, MAX_TOKEN_FIELDS } from '../fields.ts';
import { LAYER_MESSAGE_FIELDS, STANDARD_MESSAGE_FIELDS } from '../messages.ts';
import type { FieldHandling } from '../surfaces/field-map.ts';
import { SURFACE_IDS, SURFACES, type SurfaceId } from '../surfaces/table.ts';

export type { FieldHandling };

export interface KnownField {
  /** A request path as `requestPaths` writes it. */
  path: string;
  handling: FieldHandling;
  /** The whole subtree is covered (a JSON schema, a tool's input, a dropped object). */
  whole?: boolean;
}

const entries = (handling: FieldHandling, paths: readonly string[], whole = false): KnownField[] => paths.map((path) => ({ path, handling, ...(whole ? { whole } : {}) }));
const under = (prefix: string, paths: readonly string[]) => paths.map((p) => `${prefix}.${p}`);

/** A surface's top-level fields with a Chat Completions meaning, as its row of the table of surfaces maps them. */
function mappedFields(surface: SurfaceId): KnownField[] {
  return Object.entries(SURFACES[surface].toChat.fields).map(([path, rule]) => ({ path, handling: rule.handling, ...(rule.whole ? { whole: true } : {}) }));
}

/** A text block or part with its `type` and `text`, and the cache hint Anthropic clients add. */
function textPart(path: string, cacheHint: boolean): KnownField[] {
  return [...entries('converted', [path, `${path}.type`, `${path}.text`]), ...(cacheHint ? entries('ignored', [`${path}.cache_control`], true) : [])];
}

const ANTHROPIC_MESSAGE = 'messages[]';
const ANTHROPIC_BLOCK = `${ANTHROPIC_MESSAGE}.content`;

const ANTHROPIC: KnownField[] = [
  ...entries('converted', [ANTHROPIC_MESSAGE, `${ANTHROPIC_MESSAGE}.role`, ANTHROPIC_BLOCK]),
  ...textPart('system[text]', true),
  ...textPart(`${ANTHROPIC_BLOCK}[text]`, true),
  ...entries('converted', [`${ANTHROPIC_BLOCK}[tool_use]`, ...under(`${ANTHROPIC_BLOCK}[tool_use]`, ['type', 'id', 'name'])]),
  ...entries('converted', [`${ANTHROPIC_BLOCK}[tool_use].input`], true),
  ...entries('ignored', [`${ANTHROPIC_BLOCK}[tool_use].cache_control`], true),
  ...entries('converted', [`${ANTHROPIC_BLOCK}[tool_result]`, ...under(`${ANTHROPIC_BLOCK}[tool_result]`, ['type', 'tool_use_id', 'content'])]),
  ...textPart(`${ANTHROPIC_BLOCK}[tool_result].content[text]`, true),
  ...entries('layer', under(`${ANTHROPIC_BLOCK}[tool_result]`, [...LAYER_MESSAGE_FIELDS])),
  ...entries('ignored', [`${ANTHROPIC_BLOCK}[tool_result].cache_control`], true),
  ...entries('dropped', [`${ANTHROPIC_BLOCK}[thinking]`, `${ANTHROPIC_BLOCK}[redacted_thinking]`], true),
  ...entries('refused', [`${ANTHROPIC_BLOCK}[image]`, `${ANTHROPIC_BLOCK}[document]`, `${ANTHROPIC_BLOCK}[tool_result].content[image]`], true),
  // Claude Code 2.1 sends the effort of a turn on its mid-conversation system message.
  ...entries('ignored', [`${ANTHROPIC_MESSAGE}.output_config`], true),
  ...entries('converted', ['tools[]', 'tools[].name', 'tools[].description', 'tools[custom]', 'tools[custom].type', 'tools[custom].name', 'tools[custom].description']),
  ...entries('converted', ['tools[].input_schema', 'tools[custom].input_schema'], true),
  // Tool search: a deferred tool is offered to the engine like any other (the engine has no tool search).
  ...entries('ignored', ['tools[].defer_loading', 'tools[].cache_control', 'tools[custom].cache_control'], true),
  ...entries('dropped', ['metadata', 'thinking', 'context_management', 'output_config', 'service_tier', 'container', 'mcp_servers'], true),
];

const RESPONSES_ITEM_KINDS = ['input[]', 'input[message]'] as const;

const RESPONSES: KnownField[] = [
  ...RESPONSES_ITEM_KINDS.flatMap((item) => [
    ...entries('converted', [item, `${item}.type`, `${item}.role`, `${item}.content`]),
    ...entries('ignored', [`${item}.id`, `${item}.status`]),
    ...['input_text', 'output_text', 'text'].flatMap((part) => textPart(`${item}.content[${part}]`, false)),
    ...entries('ignored', [`${item}.content[output_text].annotations`, `${item}.content[output_text].logprobs`], true),
    ...entries('converted', [`${item}.content[refusal]`, `${item}.content[refusal].type`, `${item}.content[refusal].refusal`]),
    ...entries('refused', [`${item}.content[input_image]`, `${item}.content[input_file]`, `${item}.content[input_audio]`], true),
  ]),
  ...entries('converted', ['input[function_call]', ...under('input[function_call]', ['type', 'call_id', 'name', 'arguments'])]),
  ...entries('ignored', under('input[function_call]', ['id', 'status'])),
  ...entries('converted', ['input[function_call_output]', ...under('input[function_call_output]', ['type', 'call_id', 'output'])]),
  ...entries('layer', under('input[function_call_output]', [...LAYER_MESSAGE_FIELDS])),
  ...entries('ignored', under('input[function_call_output]', ['id', 'status'])),
  ...entries('dropped', ['input[reasoning]'], true),
  ...entries('refused', ['input[item_reference]', 'previous_response_id', 'conversation', 'background'], true),
  ...entries('converted', ['tools[function]', ...under('tools[function]', ['type', 'name', 'description', 'strict'])]),
  ...entries('converted', ['tools[function].parameters'], true),
  // Tools that run on OpenAI's servers, and Codex's namespaces of MCP tools: not offered to the engine.
  ...entries('dropped', ['web_search', 'web_search_preview', 'file_search', 'computer_use_preview', 'code_interpreter', 'image_generation', 'local_shell', 'mcp', 'namespace', 'custom'].map((t) => `tools[${t}]`), true),
  ...entries('dropped', ['reasoning', 'include', 'truncation', 'metadata', 'user', 'prompt_cache_key', 'service_tier', 'client_metadata', 'safety_identifier', 'top_logprobs', 'max_tool_calls'], true),
];

const CHAT_MESSAGE = 'messages[]';

const CHAT: KnownField[] = [
  ...entries('forwarded', [...FORWARDED_AS_SENT].filter((f) => f !== 'messages' && f !== 'tools'), true),
  ...entries('forwarded', ['messages', 'tools', 'tools[function]', 'tools[function].type', 'tools[function].function'].concat([CHAT_MESSAGE])),
  ...entries('forwarded', under('tools[function].function', ['name', 'description', 'parameters', 'strict']), true),
  ...entries('converted', [...MAX_TOKEN_FIELDS]),
  ...entries('pinned', [...PINNED_FIELDS], true),
  ...entries('forwarded', under(CHAT_MESSAGE, [...STANDARD_MESSAGE_FIELDS])),
  ...textPart(`${CHAT_MESSAGE}.content[text]`, false),
  ...entries('forwarded', [`${CHAT_MESSAGE}.tool_calls[function]`, ...under(`${CHAT_MESSAGE}.tool_calls[function]`, ['id', 'type', 'function', 'function.name', 'function.arguments'])]),
  ...entries('layer', under(CHAT_MESSAGE, [...LAYER_MESSAGE_FIELDS])),
  // Kept for an engine that reads it back (a policy of the model config); dropped otherwise.
  ...entries('dropped', [`${CHAT_MESSAGE}.reasoning_content`]),
];

/** What the table of surfaces does not say: nested paths, the field filter's and the layer's fields, what is dropped or refused. */
const LISTED: { readonly [K in SurfaceId]: readonly KnownField[] } = { chat: CHAT, anthropic: ANTHROPIC, responses: RESPONSES };

/** Per surface: its top-level fields as its row of the table of surfaces maps them, and the paths listed here. */
export const KNOWN_FIELDS: Readonly<Record<SurfaceId, readonly KnownField[]>> = Object.fromEntries(
  SURFACE_IDS.map((id): [SurfaceId, readonly KnownField[]] => [id, [...mappedFields(id), ...LISTED[id]]]),
) as Record<SurfaceId, readonly KnownField[]>;

/** The paths of a request that no entry of its surface covers: a field the proxy was never told about. */
export function unknownPaths(surface: SurfaceId, paths: readonly string[]): string[] {
  const known = KNOWN_FIELDS[surface];
  const exact = new Set(known.map((k) => k.path));
  const wholes = known.filter((k) => k.whole).map((k) => k.path);
  return paths.filter((p) => !exact.has(p) && !wholes.some((w) => p.startsWith(`${w}.`) || p.startsWith(`${w}[`)));
}

/** How the proxy handles a path of a surface's request (the closest entry), or undefined. */
export function handlingOf(surface: SurfaceId, path: string): FieldHandling | undefined {
  const known = KNOWN_FIELDS[surface];
  const hit = known.find((k) => k.path === path) ?? known.filter((k) => k.whole && (path.startsWith(`${k.path}.`) || path.startsWith(`${k.path}[`))).sort((a, b) => b.path.length - a.path.length)[0];
  return hit?.handling;
}
