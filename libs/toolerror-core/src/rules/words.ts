/**
 * Classification words (paper, Appendix A "Kinds" and B.2), kept exactly as written there: case-sensitive
 * substrings, some missing their first letter on purpose so that both capitalisations match.
 */
export interface WordLists {
  unrecoverable: readonly string[];
  /** A command's own timeout: stays ambiguous, checked after unrecoverable and before transient words. */
  commandTimeout: readonly string[];
  transient: readonly string[];
  fixable: readonly string[];
}

/** Every rule. */
export const COMMON_WORDS: WordLists = {
  unrecoverable: ['EACCES', 'EPERM', 'ermission denied', 'Access is denied', 'ead-only', 'Unable to write', 'Forbidden'],
  commandTimeout: [],
  transient: [
    'ECONNRESET', 'ECONNREFUSED', 'ETIMEDOUT', 'EAI_AGAIN', 'Too Many Requests', 'ate limit',
    'Service Unavailable', 'Gateway Timeout', 'emporarily unavailable',
  ],
  fixable: [
    'must not be empty', 'cannot be empty', 'has not been read', 'No replacement performed', 'Invalid insert_line',
    'was omitted', 'did not match', 'not unique', 'verification failed', 'Invalid arguments', 'Invalid parameters',
  ],
};

/** Added for the generic rule (15) and MCP results (14) only. */
export const WIDE_WORDS: WordLists = {
  unrecoverable: [
    'Unauthorized', 'PERMISSION_DENIED', 'UNAUTHENTICATED', 'ccess denied', 'ot authorized to', 'ncorrect API key',
    'nvalid API key',
  ],
  commandTimeout: ['ommand timed out', 'ommand timeout', 'xecution timed out'],
  transient: [
    'timed out', 'TimeoutError', 'ReadTimeout', 'ConnectTimeout', 'WriteTimeout', 'PoolTimeout', 'socket.timeout',
    'Request Timeout', 'DEADLINE_EXCEEDED', 'UNAVAILABLE', 'RESOURCE_EXHAUSTED', 'onnection reset',
    'onnection refused', 'onnection aborted', 'Bad Gateway', 'Internal Server Error', 'socket hang up',
    'fetch failed', 'Max retries exceeded',
  ],
  fixable: [
    'unexpected keyword argument', 'required positional argument', 'positional arguments but', 'nvalid params',
    'INVALID_ARGUMENT', 'Bad Request', 'Unprocessable', 'validation error', 'is a required property',
    'is not of type', 'dditional properties are not allowed', 'is not a valid tool', 'nknown tool',
    'ethod not found', '-32601', '-32602',
  ],
};

export function mergeWordLists(...lists: WordLists[]): WordLists {
  return {
    unrecoverable: lists.flatMap((l) => l.unrecoverable),
    commandTimeout: lists.flatMap((l) => l.commandTimeout),
    transient: lists.flatMap((l) => l.transient),
    fixable: lists.flatMap((l) => l.fixable),
  };
}

/** `lists` without the words of `dropped`, kind by kind. */
export function withoutWords(lists: WordLists, dropped: WordLists): WordLists {
  const keep = (kind: keyof WordLists) => lists[kind].filter((w) => !dropped[kind].includes(w));
  return { unrecoverable: keep('unrecoverable'), commandTimeout: keep('commandTimeout'), transient: keep('transient'), fixable: keep('fixable') };
}
