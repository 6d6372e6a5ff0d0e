import { ToolMessage, type BaseMessage } from '@langchain/core/messages';
import { createMiddleware, MiddlewareError, ToolInvocationError, type ToolCallRequest } from 'langchain';
import type { Message, ToolDefinitionInfo } from '@recovery-bench/toolerror-core';
import { ErrorKinds, layerConversation, type FrameworkLayerOptions, type LayerReport } from '../shared/layer.ts';
import { writeBack } from '../shared/write-back.ts';
import { messageCodec, readMessages } from './codec.ts';

export { kindOfError, type ErrorKind } from '../shared/error-kind.ts';
export { SPAN_ATTRIBUTE, type FrameworkLayerOptions, type LayerReport } from '../shared/layer.ts';

/**
 * The recovery layer as a LangChain agent middleware: `createAgent({ model, tools, middleware:
 * [toolErrorRecoveryMiddleware({ form: 'c3' })] })`, with any chat model.
 *
 * - `wrapToolCall` catches a tool's error, keeps its kind (by tool call id, read from the error object: an HTTP
 *   status, a network code, LangChain's schema check) and answers with the very `ToolMessage` LangChain's tool node
 *   makes without middleware: `${error}\n Please fix your mistakes.` (for the schema check's `ToolInvocationError`,
 *   its message), `status: "error"`. It has to: with any `wrapToolCall` present, LangChain treats an error that
 *   comes out of the chain as a middleware error and fails the run.
 * - `wrapModelCall` reads `request.messages` (`status: "error"` as `is_error`, which no LangChain provider puts on
 *   the wire: Chat Completions and Responses have no field for it, ChatAnthropic drops it from `tool_result`),
 *   rewrites the decision step into the form, and calls the model with the conversation the proxy would forward
 *   had it seen what the middleware sees. With nothing to do it passes the very request on.
 *   The system prompt (`request.systemMessage`) is not in `request.messages` and the layer never changes it; the
 *   report's `messageIndex` counts in `request.messages`.
 *
 * LangChain's suffix "\n Please fix your mistakes." says the opposite of the guidance for a transient failure (retry
 * as is) and an unrecoverable one (tell the user). What the model sees: the tool result keeps LangChain's text as
 * LangChain made it (c3 leaves the failed exchange alone); the note quotes it byte for byte under the `paper` rules,
 * and under the `extended` rules without that suffix (and without JavaScript stack frames) for those two kinds,
 * the guidance being the last word. This is the core's quotation (`quoteWithoutNoise`), so the proxy writes the same.
 */
export function toolErrorRecoveryMiddleware(opts: FrameworkLayerOptions = {}) {
  const kinds = new ErrorKinds(opts.errorKind);
  return createMiddleware({
    name: 'ToolErrorRecovery',
    wrapModelCall: (request, handler) => {
      const { messages } = applyToMessages(request.messages, toolInfo(request.tools), opts, kinds);
      return messages === request.messages ? handler(request) : handler({ ...request, messages });
    },
    wrapToolCall: async (request, handler) => {
      try {
        return await handler(request);
      } catch (error) {
        const failure = toolFailure(error, request);
        if (request.toolCall.id !== undefined) kinds.remember(request.toolCall.id, failure);
        return errorToolMessage(failure, request.toolCall);
      }
    },
  });
}

/** The layer on one model call's messages; exported for callers that drive a chat model without an agent. */
export function applyToMessages(
  messages: BaseMessage[],
  tools: readonly ToolDefinitionInfo[] = [],
  opts: FrameworkLayerOptions = {},
  kinds = new ErrorKinds(opts.errorKind),
): { messages: BaseMessage[]; report: LayerReport } {
  const before = readMessages(messages, tools);
  const { conversation, report } = layerConversation(before, opts, kinds, (m: Message) => m.tool_call_id);
  return { messages: report.changed ? writeBack(messages, before, conversation, messageCodec) : messages, report };
}

/**
 * The error the tool node would handle, or a rethrow where the tool node would not turn it into a message either:
 * LangGraph's control flow (interrupts, commands: `is_bubble_up`), an aborted run, and a genuine error of a
 * `wrapToolCall` middleware inside this one (a `MiddlewareError`), which LangChain fails the run with. A schema
 * failure that reached us through such middleware is unwrapped, as the tool node does.
 */
function toolFailure(error: unknown, request: ToolCallRequest): unknown {
  if ((error as { is_bubble_up?: unknown } | null)?.is_bubble_up === true || request.runtime.signal?.aborted) throw error;
  let root = error;
  while (MiddlewareError.isInstance(root)) root = root.cause;
  if (root !== error && !ToolInvocationError.isInstance(root)) throw error;
  return root;
}

/** LangChain's `defaultHandleToolErrors` (langchain/dist/agents/nodes/ToolNode.js), byte for byte. */
function errorToolMessage(error: unknown, call: ToolCallRequest['toolCall']): ToolMessage {
  return new ToolMessage({
    content: ToolInvocationError.isInstance(error) ? error.message : `${error}\n Please fix your mistakes.`,
    // Undefined where the model gave the call no id, as in LangChain's own message.
    tool_call_id: call.id as string,
    name: call.name,
    status: 'error',
  });
}

function toolInfo(tools: readonly unknown[]): ToolDefinitionInfo[] {
  const out: ToolDefinitionInfo[] = [];
  for (const t of tools) {
    const name = (t as { name?: unknown }).name;
    if (typeof name === 'string') out.push({ name });
  }
  return out;
}
