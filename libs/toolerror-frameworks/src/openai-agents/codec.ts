import type { AgentInputItem, FunctionCallResultItem, UserMessageItem } from '@openai/agents-core';
import { contentText, withOrigin, type CanonicalMessage, type Content, type ContentPart, type Conversation, type Message, type ToolDefinitionInfo } from '@recovery-bench/toolerror-core';
import type { ListCodec } from '../shared/write-back.ts';

type MessageItem = Extract<AgentInputItem, { role: string }>;
type ToolOutput = FunctionCallResultItem['output'];

/**
 * An Agents JS model input (`AgentInputItem[]`) in canonical form, as the proxy reads the same turn from a Responses
 * request (toolerror-core's `fromResponses`):
 * - a user, system or assistant message item is that message (its parts kept: `input_text`, `output_text`, …);
 * - a `function_call` item is an assistant message with that one call and no text. `fromResponses` makes one
 *   message of a run of consecutive calls; one message per call gives the layer the same answers (the decision step
 *   still starts after the last call, a removed call takes its empty message with it) and lets each item be written
 *   back on its own;
 * - a `function_call_result` item is a tool message. Agents JS items carry no error flag (no `is_error`, and
 *   `status` is `completed` for a failed call too): whether the output is a failure is for the rules, or for the
 *   kind the error function remembered;
 * - any other item (reasoning, hosted and computer calls and their results, …) is carried untouched as an opaque
 *   message: a tool message when it is a result (`…_result`, `…_output`), so that it does not end the decision
 *   step, else an assistant message.
 */
export function readItems(items: readonly AgentInputItem[], tools: readonly ToolDefinitionInfo[] = []): Conversation {
  const messages: CanonicalMessage[] = items.map((item, index) => withOrigin(messageOf(item), index, item));
  return { messages, tools: tools.slice() };
}

function messageOf(item: AgentInputItem): Message {
  if (isMessageItem(item)) return { role: item.role, content: item.content as Content };
  switch (item.type) {
    case 'function_call':
      return { role: 'assistant', content: null, tool_calls: [{ id: item.callId, type: 'function', function: { name: item.name, arguments: item.arguments } }] };
    case 'function_call_result':
      return { role: 'tool', tool_call_id: item.callId, name: item.name, content: outputContent(item.output) };
    default:
      return { role: item.type.endsWith('_result') || item.type.endsWith('_output') ? 'tool' : 'assistant', content: null, opaque: true };
  }
}

/** As Agents JS tells a message item from the others (its converters' `isMessageItem`). */
function isMessageItem(item: AgentInputItem): item is MessageItem {
  return 'role' in item && (item.type === undefined || item.type === 'message');
}

/**
 * A tool output as the Responses request carries it: a string or `{type: 'text'}` as its text, a list of parts as
 * the parts (the Chat converter joins their texts with no separator, the layer with `\n`: they differ only for a
 * multi-part output), an image or a file as no text.
 */
function outputContent(output: ToolOutput): Content {
  if (typeof output === 'string') return output;
  if (Array.isArray(output)) return output as ContentPart[];
  return output.type === 'text' ? output.text : null;
}

export const itemsCodec: ListCodec<AgentInputItem> = {
  rebuild(raw, messages) {
    const message = messages[0]!;
    if (isMessageItem(raw)) return { ...raw, content: messageContent(raw, message.content) } as AgentInputItem;
    if (raw.type === 'function_call_result') return { ...raw, output: toolOutput(raw.output, message.content) };
    // A call item whose call is gone goes with it (writeBack drops it before asking); opaque items never change.
    return raw;
  },
  // Serialized as `{"role":"user","content":text}` by both the Chat and the Responses converter: the message the
  // proxy adds on either surface.
  user: (text) => ({ role: 'user', content: text }),
};

/** A message item's new content in its own shape: a system message holds a string, a user message `input_text` parts. */
function messageContent(raw: MessageItem, content: Content | undefined): MessageItem['content'] {
  if (raw.role === 'system' || typeof content === 'string') return contentText(content);
  const parts = content ?? [];
  // The layer writes a part it adds to a list without text parts as `text`; Agents JS's user parts say `input_text`.
  if (raw.role !== 'user') return parts as MessageItem['content'];
  return parts.map((p) => (p.type === 'text' ? { ...p, type: 'input_text' } : p)) as UserMessageItem['content'];
}

/** A result's new output, in the output's own shape where it held text. */
function toolOutput(output: ToolOutput, content: Content | undefined): ToolOutput {
  if (Array.isArray(content)) return content as ToolOutput;
  const text = contentText(content);
  if (typeof output === 'object' && !Array.isArray(output) && output.type === 'text') return { ...output, text };
  return text;
}
