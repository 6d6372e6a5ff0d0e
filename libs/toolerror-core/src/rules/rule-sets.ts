import type { ActionableKind, Kind, RuleSetName } from '../types.ts';
import { quoteWithoutNoise } from './quote.ts';
import { EXTENDED_AGENT_RULES, EXTENDED_EXPLICIT_RULES, EXTENDED_GENERIC_RULES, messageEnvelopeRule } from './extended-rules.ts';
import { extendedDetectedKind, extendedFallbackKind, extendedFirstKind } from './extended-texts.ts';
import { EXTENDED_COMMON_WORDS, EXTENDED_DROPPED_WORDS, EXTENDED_WIDE_WORDS } from './extended-words.ts';
import { AGENT_IDS, PAPER_AGENT_RULES, PAPER_EXPLICIT_RULES, PAPER_GENERIC_RULES, type AgentId, type Family, type TextRule } from './paper-rules.ts';
import { COMMON_WORDS, mergeWordLists, WIDE_WORDS, withoutWords, type WordLists } from './words.ts';

export interface RuleSet {
  name: RuleSetName;
  /** Text flags read for every client, after `client-kind` and `is_error`. */
  explicit: readonly TextRule[];
  agents: Readonly<Record<AgentId, readonly TextRule[]>>;
  /** For any other client. */
  generic: readonly TextRule[];
  /** The word lists that classify a message flagged `is_error`. */
  isError: Family;
  /** Before the words: a kind from the text's structure (a spent quota, a status line), given the rule's words. */
  structureFirst?(text: string, words: WordLists): Kind | undefined;
  /** When no word decides, for the wide family: a kind from the text's structure (the status a body or a page states). */
  structureFallback?(text: string): Kind | undefined;
  words: Readonly<Record<Family, WordLists>>;
  /**
   * The last word on a detected failure's kind, once the rule that detected it is known (`is_error` for a flagged
   * message); `undefined` keeps the kind.
   */
  detectedKind?(kind: Kind, text: string, rule: string): Kind | undefined;
  /**
   * The failure's text as a note quotes it (and as c1 keeps it before the guidance); default the text itself. The
   * paper's forms quote the result byte for byte.
   */
  quote?(text: string, kind: ActionableKind): string;
}

const PAPER: RuleSet = {
  name: 'paper',
  explicit: PAPER_EXPLICIT_RULES,
  agents: PAPER_AGENT_RULES,
  generic: PAPER_GENERIC_RULES,
  isError: 'common',
  words: { common: COMMON_WORDS, wide: mergeWordLists(COMMON_WORDS, WIDE_WORDS) },
};

const EXTENDED_WORDS: Readonly<Record<Family, WordLists>> = {
  common: mergeWordLists(COMMON_WORDS, EXTENDED_COMMON_WORDS),
  wide: withoutWords(mergeWordLists(COMMON_WORDS, WIDE_WORDS, EXTENDED_COMMON_WORDS, EXTENDED_WIDE_WORDS), EXTENDED_DROPPED_WORDS),
};

const EXTENDED: RuleSet = {
  name: 'extended',
  explicit: [...PAPER_EXPLICIT_RULES, ...EXTENDED_EXPLICIT_RULES],
  // Each agent's extended rules come after its paper rules, so a paper rule's answer always stands.
  agents: Object.fromEntries(AGENT_IDS.map((id): [AgentId, readonly TextRule[]] => [id, [...PAPER_AGENT_RULES[id], ...EXTENDED_AGENT_RULES[id]]])) as Record<AgentId, readonly TextRule[]>,
  generic: [...PAPER_GENERIC_RULES, ...EXTENDED_GENERIC_RULES, messageEnvelopeRule(EXTENDED_WORDS.wide)],
  // A flagged message holds the tool's own error text, like an MCP result with isError (which the paper already
  // reads with the wide lists), so the wide words apply to it too.
  isError: 'wide',
  structureFirst: extendedFirstKind,
  structureFallback: extendedFallbackKind,
  detectedKind: extendedDetectedKind,
  words: EXTENDED_WORDS,
  quote: quoteWithoutNoise,
};

export const RULE_SET_REGISTRY: Readonly<Record<RuleSetName, RuleSet>> = { paper: PAPER, extended: EXTENDED };

export function ruleSet(name: RuleSetName): RuleSet {
  return RULE_SET_REGISTRY[name];
}

/** Every rule name a rule set can report, in precedence order. */
export function ruleNames(name: RuleSetName): string[] {
  const set = ruleSet(name);
  return [
    'client-kind',
    'is_error',
    ...set.explicit.map((r) => r.name),
    ...AGENT_IDS.flatMap((id) => set.agents[id].map((r) => r.name)),
    ...set.generic.map((r) => r.name),
  ];
}
