import { decide } from './decide.ts';
import { perceiveFailure } from './perceive.ts';
import type { SimProfile } from './profiles.ts';
import { genericTurn, scriptedTurn } from './progress.ts';
import { uniformFrom } from './random.ts';
import { messageText, visibleKey, type ChatRequest } from './request.ts';
import type { ScriptRegistry } from './scripts.ts';
import type { SimTurn } from './types.ts';

export interface SimulateOptions {
  profile: SimProfile;
  seed: number;
  /** The share of decisions drawn anew (the `weightsDiffer` quirk); 0 or absent: the shared draw. */
  redrawShare?: number;
  scripts?: ScriptRegistry;
}

/**
 * The decision's uniform number. It hashes only what a model sees (`visibleKey`: messages without call ids,
 * tools, tool_choice), so that streaming or not, the served name, sampling fields pinned by the proxy, or call
 * ids that differ because an engine answered a different body never change a decision, as with greedy decoding.
 */
export function decisionUniform(seed: number, request: ChatRequest, redrawShare = 0): number {
  const seen = visibleKey(request);
  if (redrawShare > 0 && uniformFrom('redraw', seed, seen) < redrawShare) return uniformFrom('decision-redrawn', seed, seen);
  return uniformFrom('decision', seed, seen);
}

/** One assistant turn: the decision rule at a perceived failure, else the scripted or generic policy. */
export function simulateTurn(request: ChatRequest, options: SimulateOptions): SimTurn {
  const { profile, seed, scripts } = options;
  const failure = perceiveFailure(request.messages, profile.unknownKind.kind);
  if (failure) return decide(failure, profile, decisionUniform(seed, request, options.redrawShare), request.tools ?? []);
  const firstUser = request.messages.find((m) => m.role === 'user');
  const script = firstUser ? scripts?.match(messageText(firstUser)) : undefined;
  if (!script) return genericTurn(request);
  return scriptedTurn(script, request.messages, (step) => sendsTogether(profile, seed, request, `${script.id}\n${step}`));
}

/**
 * Whether the model sends a script's group of calls in one message: with the profile's `parallelCalls` share, drawn
 * once per group (the same group of the same script always goes the same way), never when the client sent
 * `parallel_tool_calls: false`.
 */
function sendsTogether(profile: SimProfile, seed: number, request: ChatRequest, group: string): boolean {
  if (request.parallel_tool_calls === false) return false;
  const share = profile.parallelCalls?.p ?? 1;
  return share >= 1 || uniformFrom('parallel-calls', seed, group) < share;
}
