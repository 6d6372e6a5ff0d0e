/**
 * The failures every framework's tests inject, each as a thrown error object and the prompt that makes the sim's
 * generic policy call the tool (it reads `key=value` pairs from the user message).
 */
export interface FailureCase {
  id: '503' | 'type-error' | '403' | 'schema';
  /** The tool's name and the prompt. */
  tool: string;
  prompt: string;
  /** Throws on the first call (`schema`: never called, the framework's own check fails first). */
  error?: () => Error;
  /** The tool answers this after its first failure. */
  answer: string;
}

function withStatus(message: string, status: number): Error {
  return Object.assign(new Error(message), { status });
}

export const FAILURES: readonly FailureCase[] = [
  { id: '503', tool: 'fetch_page', prompt: 'Fetch the page url=https://example.com/status', error: () => withStatus('HTTP 503 Service Unavailable', 503), answer: 'status: all systems normal' },
  { id: 'type-error', tool: 'fetch_page', prompt: 'Fetch the page url=https://example.com/status', error: () => new TypeError("fetch_page() got an unexpected keyword argument 'timeout'"), answer: 'status: all systems normal' },
  { id: '403', tool: 'fetch_page', prompt: 'Fetch the page url=https://example.com/status', error: () => withStatus('403 Forbidden: token lacks scope repo:write', 403), answer: 'status: all systems normal' },
  { id: 'schema', tool: 'list_items', prompt: 'List the items count=0', answer: 'items: a, b' },
];

/** A tool body that fails the first time with the case's error, then answers. */
export function failOnce(failure: FailureCase): () => Promise<string> {
  let calls = 0;
  return async () => {
    if (calls++ === 0 && failure.error) throw failure.error();
    return failure.answer;
  };
}
