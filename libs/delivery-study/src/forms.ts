import type { DeliveryForm } from './design.ts';
import type { ChatMessage } from '@recovery-bench/harness';
import { applyForm, GUIDANCE, type CanonicalMessage, type Detection, type Form } from '@recovery-bench/toolerror-core';
import type { Stimulus, StudyKind } from './stimuli.ts';
import { ALL_STUDY_TOOLS } from './tools.ts';

export { DELIVERY_FORMS, PAPER_NAME, isDeliveryForm, type DeliveryForm } from './design.ts';

/** The layer's form each delivery is made with; A2B1 is C2's output with the guidance sentence taken out. */
const LAYER_FORM: Readonly<Record<DeliveryForm, Form>> = { C0: 'off', C1: 'c1', A2B1: 'c2', C2: 'c2', C3: 'c3', C4: 'c4' };

/** The name of each delivery as the layer's spec and the sim engine's profiles call it (`note-no-guidance` for A2B1). */
export const SITUATION_NAME = { C0: 'C0', C1: 'C1', A2B1: 'note-no-guidance', C2: 'C2', C3: 'C3', C4: 'C4' } as const satisfies Record<DeliveryForm, string>;

/** The tool call id of a scenario's failed call (and of its later calls, numbered). */
export const callId = (stimulus: Stimulus, n = 0) => `call_${stimulus.scenario.toLowerCase()}_${n}`;

/** What the client sends: the user request, the assistant's call and the failed result, no system message. */
export function clientConversation(stimulus: Stimulus): ChatMessage[] {
  const id = callId(stimulus);
  return [
    { role: 'user', content: stimulus.request },
    { role: 'assistant', content: null, tool_calls: [{ id, type: 'function', function: { name: stimulus.tool, arguments: JSON.stringify(stimulus.arguments) } }] },
    { role: 'tool', tool_call_id: id, content: stimulus.error },
  ];
}

/** The tool names the layer is told of (both sets'). */
const LAYER_TOOLS = ALL_STUDY_TOOLS.map((t) => ({ name: t.name }));

/**
 * Delivers the failures at `failed` (indices of tool messages) of `messages` in `form`, with toolerror-core's own
 * `applyForm`: the kind is the study's (the design fixes it), not the layer's detection, so the delivery is
 * measured apart from classification.
 */
export function deliver(messages: readonly ChatMessage[], failed: readonly number[], kind: StudyKind, form: DeliveryForm): ChatMessage[] {
  const detections: Detection[] = failed.map((i) => ({ canonicalIndex: i, messageIndex: i, kind, rule: 'delivery-study:design', scope: 'decision' }));
  const { conversation } = applyForm({ messages: messages as CanonicalMessage[], tools: LAYER_TOOLS }, LAYER_FORM[form], detections);
  const out = conversation.messages as ChatMessage[];
  return form === 'A2B1' ? withoutGuidance(out, kind) : out;
}

/** C2's note without its guidance sentence: the note is the only text that ends with it. */
function withoutGuidance(messages: ChatMessage[], kind: StudyKind): ChatMessage[] {
  const tail = `\n\n${GUIDANCE[kind]}`;
  return messages.map((m) => (m.role === 'user' && m.content.endsWith(tail) ? { ...m, content: m.content.slice(0, -tail.length) } : m));
}

/** The decision-step conversation of a stimulus in a form. */
export function stimulusConversation(stimulus: Stimulus, form: DeliveryForm): ChatMessage[] {
  if (stimulus.history) return deliver(stimulus.history.messages, [stimulus.history.failedIndex], stimulus.kind, form);
  return deliver(clientConversation(stimulus), [2], stimulus.kind, form);
}
