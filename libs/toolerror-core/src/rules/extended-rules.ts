import { parseJsonObject, skipLeadingWhiteSpace, type TextRule } from './paper-rules.ts';
import type { WordLists } from './words.ts';

/**
 * Sources the paper's rules miss. Each rule names its source; each has its own test. The `paper` set never
 * sees these.
 */
export const EXTENDED_EXPLICIT_RULES: readonly TextRule[] = [
  {
    name: 'adk-reflect-retry',
    source: "Google ADK ReflectAndRetryToolPlugin: a JSON result with response_type 'ERROR_HANDLED_BY_REFLECT_AND_RETRY_PLUGIN'",
    family: 'wide',
    matches: (text) => {
      if (!text.includes('ERROR_HANDLED_BY_REFLECT_AND_RETRY_PLUGIN')) return false;
      const trimmed = text.trim();
      return trimmed.startsWith('{') && parseJsonObject(trimmed)?.response_type === 'ERROR_HANDLED_BY_REFLECT_AND_RETRY_PLUGIN';
    },
  },
];

/** Checked after the paper's generic rule, for clients that are not one of the four agents. */
export const EXTENDED_GENERIC_RULES: readonly TextRule[] = [
  {
    name: 'py-exception-group',
    source: 'CPython Lib/traceback.py: exception groups print "  + Exception Group Traceback (most recent call last):"',
    family: 'wide',
    matches: (text) => skipLeadingWhiteSpace(text).startsWith('+ Exception Group Traceback (most recent call last):'),
  },
  {
    name: 'langchain-invoke',
    source: 'LangChain ToolNode: invalid tool arguments are returned as "Error invoking tool …"',
    family: 'wide',
    matches: (text) => skipLeadingWhiteSpace(text).startsWith('Error invoking tool'),
  },
  {
    name: 'langchain-retry',
    source: "LangChain ToolRetryMiddleware: \"Tool '<name>' failed after <n> attempts …\"",
    family: 'wide',
    matches: (text) => /^Tool '[^'\n]*' failed after/.test(skipLeadingWhiteSpace(text)),
  },
];

/** Words added to the wide lists by the extended set. */
export const EXTENDED_WIDE_WORDS: WordLists = {
  unrecoverable: [],
  commandTimeout: [],
  transient: [],
  fixable: [],
};
