import { decide } from './decide.ts';
import { perceiveFailure } from './perceive.ts';
import type { SimProfile } from './profiles.ts';
import { genericTurn, scriptedTurn } from './progress.ts';
import { canonicalJson, uniformFrom } from './random.ts';
import { messageText, type ChatRequest } from './request.ts';
import type { ScriptRegistry } from './scripts.ts';
import type { SimTurn } from './types.ts';

export interface SimulateOptions {
  profile: SimProfile;
  seed: number;
  scripts?: ScriptRegistry;
}

/**
 * The decision's uniform number. It hashes only what a model sees (messages, tools, tool_choice), so that
 * streaming or not, the served name, or sampling fields pinned by the proxy never change a decision, as
 * with greedy decoding in a real engine.
 */
export function decisionUniform(seed: number, request: ChatRequest): number {
  return uniformFrom('decision', seed, canonicalJson({ messages: request.messages, tools: request.tools ?? [], tool_choice: request.tool_choice ?? null }));
}

/** One assistant turn: the decision rule at a perceived failure, else the scripted or generic policy. */
export function simulateTurn(request: ChatRequest, options: SimulateOptions): SimTurn {
  const { profile, seed, scripts } = options;
  const failure = perceiveFailure(request.messages, profile.unknownKind.kind);
  if (failure) return decide(failure, profile, decisionUniform(seed, request), request.tools ?? []);
  const firstUser = request.messages.find((m) => m.role === 'user');
  const script = firstUser ? scripts?.match(messageText(firstUser)) : undefined;
  return script ? scriptedTurn(script, request.messages) : genericTurn(request);
}
