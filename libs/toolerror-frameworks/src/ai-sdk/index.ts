import type { LanguageModelV4CallOptions, LanguageModelV4Middleware } from '@ai-sdk/provider';
import type { Message, ToolDefinitionInfo } from '@recovery-bench/toolerror-core';
import { ErrorKinds, layerConversation, type FrameworkLayerOptions, type LayerReport } from '../shared/layer.ts';
import { writeBack } from '../shared/write-back.ts';
import { promptCodec, providerFamily, readPrompt, type ProviderFamily } from './codec.ts';

export { kindOfError, type ErrorKind } from '../shared/error-kind.ts';
export { SPAN_ATTRIBUTE, type FrameworkLayerOptions, type LayerReport } from '../shared/layer.ts';

/**
 * A failed call as the AI SDK reports it: a `tool-error` part (an execution's error, in a step's content and in
 * `onToolExecutionEnd`), or an invalid `tool-call` part (its arguments failed the tool's schema; the error object is
 * on the call, the `tool-error` beside it holds only its text).
 */
interface FailedPart {
  type: 'tool-error' | 'tool-call';
  toolCallId: string;
  error: unknown;
}

export interface ToolErrorRecovery extends LanguageModelV4Middleware {
  /**
   * Pass as `onStepFinish` (or call from yours) so that the thrown error objects of the step's failed tool calls,
   * argument-validation errors included, decide their kind before the rules read their text.
   */
  onStepFinish(step: { content?: readonly unknown[] }): void;
  /** The same from `onToolExecutionEnd`, for an execution's error as it ends. */
  onToolExecutionEnd(event: { toolOutput?: unknown }): void;
}

/**
 * The recovery layer as an AI SDK language-model middleware: `wrapLanguageModel({ model, middleware:
 * toolErrorRecovery({ form: 'c3' }) })`. Before each call (generate and stream) it reads the prompt's tool results
 * (`error-text`/`error-json` outputs as flagged failures, failures in plain outputs by the rules), rewrites the
 * decision step into the form, and hands the provider the same conversation the proxy would hand the engine. With
 * nothing to do it returns the very `params` it was given.
 */
export function toolErrorRecovery(opts: FrameworkLayerOptions = {}): ToolErrorRecovery {
  const kinds = new ErrorKinds(opts.errorKind);
  const remember = (part: unknown) => {
    if (isFailedPart(part)) kinds.remember(part.toolCallId, part.error);
  };
  return {
    specificationVersion: 'v4',
    transformParams: async ({ params, model }) => applyToParams(params, { ...opts, provider: model.provider }, kinds).params,
    onStepFinish: (step) => step.content?.forEach(remember),
    onToolExecutionEnd: (event) => remember(event.toolOutput),
  };
}

/**
 * The layer on one call's parameters, for the provider `provider` (a model's `provider` id: it decides the text a
 * failure has on the wire, which is what the note quotes); exported for callers that drive a model themselves.
 */
export function applyToParams(
  params: LanguageModelV4CallOptions,
  opts: FrameworkLayerOptions & { provider?: string } = {},
  kinds = new ErrorKinds(opts.errorKind),
): { params: LanguageModelV4CallOptions; report: LayerReport } {
  const family: ProviderFamily = providerFamily(opts.provider ?? '');
  const before = readPrompt(params.prompt, toolInfo(params.tools), family);
  const { conversation, report } = layerConversation(before, opts, kinds, (m: Message) => m.tool_call_id);
  if (!report.changed) return { params, report };
  return { params: { ...params, prompt: writeBack(params.prompt, before, conversation, promptCodec(family)) }, report };
}

function toolInfo(tools: LanguageModelV4CallOptions['tools']): ToolDefinitionInfo[] {
  return (tools ?? []).map((t) => ({ name: t.name }));
}

function isFailedPart(part: unknown): part is FailedPart {
  if (typeof part !== 'object' || part === null) return false;
  const p = part as FailedPart;
  return (p.type === 'tool-error' || (p.type === 'tool-call' && p.error !== undefined)) && typeof p.toolCallId === 'string';
}
