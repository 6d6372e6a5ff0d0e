/** The three kinds of tool failure the sim can act on. */
export const SIM_ERROR_KINDS = ['transient', 'fixable', 'unrecoverable'] as const;
export type SimErrorKind = (typeof SIM_ERROR_KINDS)[number];

/**
 * Delivery situations as the sim perceives them: C0 = A1B1 (error in the tool message), C1 = A1B2 (plus
 * guidance), note-no-guidance = A2B1, C2 = A2B2, C3 (exchange kept, note in a later user turn), C4
 * (exchange removed, note in its own new user turn).
 */
export const SIM_SITUATIONS = ['C0', 'C1', 'note-no-guidance', 'C2', 'C3', 'C4'] as const;
export type SimSituation = (typeof SIM_SITUATIONS)[number];

/** A tool call the sim emits; `arguments` is the exact string sent on the wire. */
export interface SimToolCall {
  name: string;
  arguments: string;
}

export type SimAction =
  | { type: 'tool_calls'; calls: SimToolCall[] }
  | { type: 'text'; content: string };

/** Why the sim did what it did; sent in the `x-sim-trace` header and returned by `simulateTurn`. */
export type SimTrace =
  | { policy: 'scripted'; scriptId: string; step: number }
  | { policy: 'generic'; step: number }
  | {
      policy: 'decision';
      situation: SimSituation;
      kind: SimErrorKind;
      kindSource: 'guidance' | 'keywords' | 'unknown-kind';
      p: number;
      u: number;
      correct: boolean;
      /** The rate was the profile's for a failure seen before. */
      repeated?: true;
      outcome: 'repeat' | 'fix' | 'report' | 'give-up' | 'no-fix-found';
    };

export interface SimTurn {
  action: SimAction;
  trace: SimTrace;
}
