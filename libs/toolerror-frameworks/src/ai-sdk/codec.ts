import type { LanguageModelV4Message, LanguageModelV4Prompt, LanguageModelV4ToolResultOutput, LanguageModelV4ToolResultPart } from '@ai-sdk/provider';
import { contentText, withOrigin, type CanonicalMessage, type ContentPart, type Conversation, type Message, type ToolCall, type ToolDefinitionInfo } from '@recovery-bench/toolerror-core';
import type { ListCodec } from '../shared/write-back.ts';

type ToolMessage = Extract<LanguageModelV4Message, { role: 'tool' }>;
type AssistantMessage = Extract<LanguageModelV4Message, { role: 'assistant' }>;
type UserMessage = Extract<LanguageModelV4Message, { role: 'user' }>;

/**
 * How a provider writes a tool output's text on the wire, which is what the proxy would quote: the OpenAI provider
 * (Chat and Responses) wraps an error as `{"error": …}` JSON; Anthropic's and the OpenAI-compatible providers send
 * an error text as it is (Anthropic with `is_error`); all serialize JSON outputs.
 */
export type ProviderFamily = 'openai' | 'anthropic' | 'compatible';

/** The family of an AI SDK model's `provider` id (`openai.responses`, `anthropic.messages`, `<name>.chat`, …). */
export function providerFamily(provider: string): ProviderFamily {
  if (provider.startsWith('openai.')) return 'openai';
  if (provider.startsWith('anthropic.')) return 'anthropic';
  return 'compatible';
}

/**
 * An AI SDK prompt (LanguageModelV4) in canonical form. A tool message becomes one canonical tool message per
 * `tool-result` part (flagged `is_error` for `error-text`/`error-json` outputs); an assistant message one assistant
 * message whose `tool-call` parts are its tool calls; user and system messages keep their parts.
 */
export function readPrompt(prompt: LanguageModelV4Prompt, tools: readonly ToolDefinitionInfo[] = [], family: ProviderFamily = 'compatible'): Conversation {
  const messages: CanonicalMessage[] = [];
  prompt.forEach((message, index) => {
    switch (message.role) {
      case 'system':
        messages.push(withOrigin({ role: 'system', content: message.content }, index, message));
        break;
      case 'user':
        messages.push(withOrigin({ role: 'user', content: message.content as ContentPart[] }, index, message));
        break;
      case 'assistant': {
        const calls: ToolCall[] = [];
        const parts: ContentPart[] = [];
        for (const part of message.content) {
          if (part.type === 'tool-call' && !part.providerExecuted) calls.push({ id: part.toolCallId, type: 'function', function: { name: part.toolName, arguments: argumentsText(part.input) } });
          else parts.push(part as ContentPart);
        }
        // No parts but calls reads as Chat's `content: null`, so c2/c4 drop the message as they do at the proxy.
        const out: Message = { role: 'assistant', content: parts.length > 0 ? parts : null };
        if (calls.length > 0) out.tool_calls = calls;
        messages.push(withOrigin(out, index, message));
        break;
      }
      case 'tool':
        for (const part of message.content) {
          if (part.type !== 'tool-result') continue;
          const tool: Message = { role: 'tool', tool_call_id: part.toolCallId, name: part.toolName, content: outputText(part.output, family) };
          if (part.output.type === 'error-text' || part.output.type === 'error-json') tool.is_error = true;
          messages.push(withOrigin(tool, index, message, part));
        }
        break;
    }
  });
  return { messages, tools: tools.slice() };
}

/** The arguments as the providers put them on the wire: a string as is, anything else as JSON. */
function argumentsText(input: unknown): string {
  return typeof input === 'string' ? input : JSON.stringify(input ?? {});
}

/** A tool output's text as the provider family sends it (see `ProviderFamily`). */
export function outputText(output: LanguageModelV4ToolResultOutput, family: ProviderFamily): string {
  switch (output.type) {
    case 'text':
      return output.value;
    case 'error-text':
      return family === 'openai' ? JSON.stringify({ error: output.value }) : output.value;
    case 'error-json':
      return JSON.stringify(family === 'openai' ? { error: output.value } : output.value);
    case 'json':
    case 'content':
      return JSON.stringify(output.value);
    case 'execution-denied':
      return output.reason ?? 'Tool call execution denied.';
    default:
      return '';
  }
}

export function promptCodec(family: ProviderFamily): ListCodec<LanguageModelV4Message> {
  return {
    rebuild: (raw, messages) => rebuild(raw, messages, family),
    user: (text) => ({ role: 'user', content: [{ type: 'text', text }] }),
  };
}

function rebuild(raw: LanguageModelV4Message, messages: readonly CanonicalMessage[], family: ProviderFamily): LanguageModelV4Message | undefined {
  switch (raw.role) {
    case 'tool':
      return rebuildTool(raw, messages, family);
    case 'assistant':
      return rebuildAssistant(raw, messages[0]!);
    case 'user':
      return { ...raw, content: userParts(messages[0]!) } as UserMessage;
    default:
      return { ...raw, content: contentText(messages[0]!.content) } as LanguageModelV4Message;
  }
}

function rebuildTool(raw: ToolMessage, messages: readonly CanonicalMessage[], family: ProviderFamily): ToolMessage | undefined {
  const kept = new Map(messages.map((m) => [m.tool_call_id, m]));
  const content: ToolMessage['content'] = [];
  for (const part of raw.content) {
    if (part.type !== 'tool-result') {
      content.push(part);
      continue;
    }
    const message = kept.get(part.toolCallId);
    if (message) content.push(resultPart(part, contentText(message.content), family));
  }
  return content.length > 0 ? { ...raw, content } : undefined;
}

/**
 * The part with `text` as its output, so that the provider sends exactly `text`: an error stays an error where the
 * family sends an error's text as it is (keeping Anthropic's `is_error`); otherwise the output becomes plain text
 * (the OpenAI provider would wrap an error text in JSON again; its wire has no error flag to lose).
 */
function resultPart(part: LanguageModelV4ToolResultPart, text: string, family: ProviderFamily): LanguageModelV4ToolResultPart {
  const { output } = part;
  if (text === outputText(output, family)) return part;
  const isError = output.type === 'error-text' || output.type === 'error-json';
  if (isError && family !== 'openai') return { ...part, output: { type: 'error-text', value: text } };
  return { ...part, output: { type: 'text', value: text } };
}

function rebuildAssistant(raw: AssistantMessage, message: CanonicalMessage): AssistantMessage | undefined {
  const ids = new Set((message.tool_calls ?? []).map((c) => c.id));
  const content = raw.content.filter((p) => p.type !== 'tool-call' || p.providerExecuted || ids.has(p.toolCallId));
  return content.some((p) => p.type !== 'text' || p.text !== '') ? { ...raw, content } : undefined;
}

function userParts(message: CanonicalMessage): UserMessage['content'] {
  const { content } = message;
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  return (content ?? []) as UserMessage['content'];
}
