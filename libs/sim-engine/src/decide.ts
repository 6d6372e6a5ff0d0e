import { findFix } from './fix.ts';
import { causeLine } from './kind.ts';
import type { PerceivedFailure } from './perceive.ts';
import type { SimProfile } from './profiles.ts';
import type { ChatTool } from './request.ts';
import type { SimAction, SimTurn } from './types.ts';

/**
 * The decision rule: p = profile.rates[kind][situation].p (or the profile's `repeated` rate when the model has seen
 * this call fail before), correct iff u < p.
 * Correct: transient → repeat the call; fixable → the same tool with the corrected value; unrecoverable →
 * a text answer that reports the failure and its cause. Incorrect: transient or fixable → a text answer
 * that gives up; unrecoverable → repeat the call.
 */
export function decide(failure: PerceivedFailure, profile: SimProfile, u: number, tools: readonly ChatTool[]): SimTurn {
  const { kind, situation, kindSource, call } = failure;
  const again = failure.repeated ? profile.repeated?.[kind]?.[situation] : undefined;
  const p = (again ?? profile.rates[kind][situation]).p;
  const correct = u < p;
  const base = { policy: 'decision' as const, situation, kind, kindSource, p, u, correct, ...(again ? { repeated: true as const } : {}) };
  const repeat: SimAction = { type: 'tool_calls', calls: [{ name: call.name, arguments: call.arguments }] };
  if (kind === 'unrecoverable') {
    return correct
      ? { action: { type: 'text', content: reportText(failure) }, trace: { ...base, outcome: 'report' } }
      : { action: repeat, trace: { ...base, outcome: 'repeat' } };
  }
  if (!correct) return { action: { type: 'text', content: giveUpText(failure) }, trace: { ...base, outcome: 'give-up' } };
  if (kind === 'transient') return { action: repeat, trace: { ...base, outcome: 'repeat' } };
  const fix = findFix(failure.error, call, tools.find((t) => t.function.name === call.name));
  if (!fix) return { action: { type: 'text', content: noFixText(failure) }, trace: { ...base, outcome: 'no-fix-found' } };
  return { action: { type: 'tool_calls', calls: [{ name: call.name, arguments: fix.arguments }] }, trace: { ...base, outcome: 'fix' } };
}

/** The error's cause as the answer quotes it (see `causeLine`), cut at 200 characters. */
function quotedCause(failure: PerceivedFailure): string {
  const line = causeLine(failure.error, failure.kind);
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}

function reportText(failure: PerceivedFailure): string {
  return `I could not complete this. The ${failure.call.name} tool failed with: ${quotedCause(failure)}. Retrying or changing the arguments will not fix this, so the cause has to be resolved first.`;
}

function giveUpText(failure: PerceivedFailure): string {
  return `I'm sorry, I could not complete this because the ${failure.call.name} tool returned an error.`;
}

function noFixText(failure: PerceivedFailure): string {
  return `The ${failure.call.name} call was rejected (${quotedCause(failure)}), and the error does not say which value to use instead.`;
}
