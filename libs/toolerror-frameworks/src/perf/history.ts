/**
 * The benchmark's conversation: a 20-message agent history (system, user, nine tool exchanges of a coding agent)
 * whose last tool result failed, so that c3 has a note to write at the decision step. Written once as data; each
 * framework's benchmark turns it into its own message list.
 */
export interface Exchange {
  id: string;
  name: string;
  args: Record<string, unknown>;
  result: string;
  failed: boolean;
}

export const SYSTEM = 'You are a coding agent. Use the tools to inspect and change the repository. '.repeat(6);
export const USER = 'The tests in tests/test_parser.py fail. Find out why and fix the parser.';

export const EXCHANGES: readonly Exchange[] = Array.from({ length: 9 }, (_, i): Exchange => {
  const last = i === 8;
  return {
    id: `call_${i + 1}`,
    name: i % 3 === 0 ? 'read_file' : i % 3 === 1 ? 'grep_search' : 'run_shell_command',
    args: i % 3 === 0 ? { path: `/repo/src/parser_${i}.py` } : i % 3 === 1 ? { pattern: `def parse_${i}` } : { command: 'pytest -q tests/test_parser.py' },
    result: last ? 'Error: HTTP 503 Service Unavailable: the package index is overloaded, try again later' : `line ${i}: def parse_${i}(text):\n    return evaluate(tokens(text))\n`.repeat(4),
    failed: last,
  };
});
// system + user + 9 × (assistant call + tool result) = 20 messages.
