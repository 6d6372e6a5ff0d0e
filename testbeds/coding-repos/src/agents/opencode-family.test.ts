import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readOpenCodeEvents } from './opencode-family.ts';

// A recorded `opencode run … --format json` of OpenCode 1.18.33 against the sim engine: one `read`, then a text.
const RECORDED = readFileSync(new URL('../testdata/opencode-1.18.33-read.jsonl', import.meta.url), 'utf8');

describe('reading OpenCode and Kilo Code events', () => {
  it('takes the last text as the final message and counts steps and tool uses', () => {
    expect(readOpenCodeEvents(RECORDED)).toEqual({ finalMessage: 'All done here.', turns: 2, toolCalls: 1, apiErrors: 0 });
  });

  it('counts API errors and reads no output as no message', () => {
    const error = JSON.stringify({ type: 'error', error: { name: 'APIError', data: { message: 'Cannot connect to API' } } });
    expect(readOpenCodeEvents(`${error}\n`)).toEqual({ finalMessage: '', turns: 0, toolCalls: 0, apiErrors: 1 });
    expect(readOpenCodeEvents('')).toEqual({ finalMessage: '', turns: null, toolCalls: null, apiErrors: 0 });
  });
});
