/**
 * Every test file of this package: no request leaves 127.0.0.1. The frameworks under test and their providers fetch
 * through `globalThis.fetch` (LangChain's tiktoken data, Mastra's telemetry, a tracing exporter would); this guard
 * refuses anything else and fails the file that tried.
 */
import { afterAll, expect } from 'vitest';

const local = new Set(['127.0.0.1', 'localhost', '[::1]']);
const refused: string[] = [];
const realFetch = globalThis.fetch;

globalThis.fetch = async (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  if (!local.has(url.hostname)) {
    refused.push(url.href);
    throw new TypeError(`test guard: no network beyond 127.0.0.1 (${url.href})`);
  }
  return realFetch(input, init);
};

afterAll(() => {
  expect(refused, 'requests that tried to leave 127.0.0.1').toEqual([]);
});
