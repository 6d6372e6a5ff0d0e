import type { CallModelInputFilter, ModelInputData } from '@openai/agents-core';
import { contentText, type Message, type ToolDefinitionInfo } from '@recovery-bench/toolerror-core';
import { ErrorKinds, layerConversation, type FrameworkLayerOptions, type LayerReport } from '../shared/layer.ts';
import { writeBack } from '../shared/write-back.ts';
import { itemsCodec, readItems } from './codec.ts';
import { errorText } from './error-text.ts';

export { kindOfError, type ErrorKind } from '../shared/error-kind.ts';
export { SPAN_ATTRIBUTE, type FrameworkLayerOptions, type LayerReport } from '../shared/layer.ts';
export { errorText } from './error-text.ts';

/** What Agents JS passes an error function about the call (its `ToolCallDetails`); absent when it redacts the call. */
export interface ToolCallDetailsLike {
  toolCall?: { callId?: string };
}

export interface ToolErrorRecovery {
  /** Pass as the run's `callModelInputFilter`: the layer on every model call's input. */
  callModelInputFilter: CallModelInputFilter;
  /**
   * Pass as each tool's `errorFunction` (and, if you like, `timeoutErrorFunction`): the model gets the failure's own
   * text (`errorText`) instead of Agents JS's fixed "An error occurred while running the tool. Please try again.",
   * and the filter gets the error object's kind (`opts.errorKind`), kept under the call's id.
   */
  errorFunction(context: unknown, error: unknown, details?: ToolCallDetailsLike): string;
}

/**
 * The recovery layer inside an Agents JS run:
 * `const recovery = toolErrorRecovery({ form: 'c3' })`, then `tool({ …, errorFunction: recovery.errorFunction })`
 * and `run(agent, input, { callModelInputFilter: recovery.callModelInputFilter })`. Before each model call the
 * filter reads the input items, rewrites the decision step into the form and hands the model the conversation the
 * proxy would hand the engine; with nothing to do it returns the very `modelData` it was given.
 */
export function toolErrorRecovery(opts: FrameworkLayerOptions = {}): ToolErrorRecovery {
  const kinds = new ErrorKinds(opts.errorKind);
  const callModelInputFilter: CallModelInputFilter = ({ modelData, agent }) => applyToModelInput(modelData, opts, kinds, toolInfo(agent)).modelData;
  // The filter never changes an item in place (a changed item is a new object), so Agents JS may skip the deep copy
  // of the input it otherwise makes for every call.
  callModelInputFilter.preserveInputIdentity = true;
  return {
    callModelInputFilter,
    errorFunction(_context, error, details) {
      const text = errorText(error);
      // Agents JS names the call unless it redacts the failure (an argument check, by default): then the text,
      // which the result then holds, is the key.
      const callId = details?.toolCall?.callId;
      kinds.remember(callId === undefined ? textKey(text) : callKey(callId), error);
      return text;
    },
  };
}

/** The layer on one model call's input; exported for callers that call a model without a `Runner`. */
export function applyToModelInput(
  modelData: ModelInputData,
  opts: FrameworkLayerOptions = {},
  kinds = new ErrorKinds(opts.errorKind),
  tools: readonly ToolDefinitionInfo[] = [],
): { modelData: ModelInputData; report: LayerReport } {
  const before = readItems(modelData.input, tools);
  const keyOf = (m: Message) => {
    const byCall = m.tool_call_id === undefined ? undefined : callKey(m.tool_call_id);
    return byCall !== undefined && kinds.get(byCall) ? byCall : textKey(contentText(m.content));
  };
  const { conversation, report } = layerConversation(before, opts, kinds, keyOf);
  if (!report.changed) return { modelData, report };
  return { modelData: { ...modelData, input: writeBack(modelData.input, before, conversation, itemsCodec) }, report };
}

const callKey = (callId: string) => `call:${callId}`;
const textKey = (text: string) => `text:${text}`;

/** The agent's own tools by name, for `toolAnnotations` and `retry_safety` (not the tools of its MCP servers). */
function toolInfo(agent: { tools: readonly { name?: unknown }[] }): ToolDefinitionInfo[] {
  return agent.tools.flatMap((t) => (typeof t.name === 'string' ? [{ name: t.name }] : []));
}
