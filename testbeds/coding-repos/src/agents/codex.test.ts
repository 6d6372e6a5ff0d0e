import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readCodexEvents } from './codex.ts';

// The last complete events of a recorded `codex exec --json` of Codex CLI 0.169.0 against the sim engine (grade_book,
// flaky, layer on): the solution's commands, the final agent message, the turn's end.
const RECORDED = readFileSync(new URL('../testdata/codex-0.169.0-tail.jsonl', import.meta.url), 'utf8');

describe('reading Codex CLI events', () => {
  it('takes the last agent message and counts commands and turns', () => {
    const read = readCodexEvents(RECORDED);
    expect(read.finalMessage).toBe('Done: grades.csv is written from the fetched data. The tests were run.');
    expect(read.turns).toBe(1);
    expect(read.toolCalls).toBeGreaterThanOrEqual(2);
    expect(read.apiErrors).toBe(0);
  });

  it('counts failed turns and reads no output as no message', () => {
    expect(readCodexEvents('{"type":"turn.failed","error":{"message":"stream disconnected"}}\n')).toEqual({ finalMessage: '', turns: 0, toolCalls: 0, apiErrors: 1 });
    expect(readCodexEvents('')).toEqual({ finalMessage: '', turns: null, toolCalls: null, apiErrors: 0 });
  });
});
