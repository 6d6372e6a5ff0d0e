import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readQwenOutput } from './qwen-code.ts';

// A recorded `qwen -p … --output-format json` of Qwen Code 0.24.4 against the sim engine (one run of
// sales_by_region in ok mode; the temporary folder's name replaced).
const RECORDED = readFileSync(new URL('../testdata/qwen-code-0.24.4-ok.json', import.meta.url), 'utf8');

describe('reading Qwen Code output', () => {
  it('takes the final message, turns, tool calls and API errors from the result event', () => {
    expect(readQwenOutput(RECORDED)).toEqual({ finalMessage: 'Done: result.json is written from the fetched data. The tests were run.', turns: 5, toolCalls: 4, apiErrors: 0 });
  });

  it('counts tool uses and takes the last assistant text when the result event is missing', () => {
    const events = (JSON.parse(RECORDED) as { type: string }[]).filter((e) => e.type !== 'result');
    events.push({ type: 'assistant', message: { content: [{ type: 'text', text: 'Stopped: HTTP Error 403.' }] } } as never);
    expect(readQwenOutput(JSON.stringify(events))).toEqual({ finalMessage: 'Stopped: HTTP Error 403.', turns: null, toolCalls: 4, apiErrors: 0 });
  });

  it('reads a cut-off or empty output as no message', () => {
    expect(readQwenOutput(RECORDED.slice(0, 500))).toEqual({ finalMessage: '', turns: null, toolCalls: null, apiErrors: 0 });
    expect(readQwenOutput('')).toEqual({ finalMessage: '', turns: null, toolCalls: null, apiErrors: 0 });
  });
});
