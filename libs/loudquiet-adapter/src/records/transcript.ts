import type { Transcript, TranscriptEvent } from '@recovery-bench/harness';
import type { TrialRun } from '../loop/agent-loop.ts';

/** The runner's transcript of a trial, carrying the trajectory record line that scoring reads. */
export interface LoudquietTranscript extends Transcript {
  loudquiet: {
    /** `json.dumps(record)`, exactly the line the harness would append to its trajectory file. */
    record: string;
  };
}

export function isLoudquietTranscript(t: Transcript): t is LoudquietTranscript {
  const lq = (t as Partial<LoudquietTranscript>).loudquiet;
  return typeof lq === 'object' && lq !== null && typeof lq.record === 'string';
}

/**
 * The harness view of a trial (model turns and tool results as events, for the report's rerun check and for
 * readers of samples.jsonl) plus the record. A failed trial ends as `model-error`, a spent budget as `limit`.
 */
export function toTranscript(run: TrialRun, recordLine: string): LoudquietTranscript {
  const events: TranscriptEvent[] = [];
  let round = 0;
  let turnOfLast = 0;
  for (const m of run.messages) {
    if (m.role === 'assistant') {
      round++;
      events.push({ type: 'model', t: 0, round, durationMs: 0, content: m.content, toolCalls: m.tool_calls ?? [], finishReason: m.tool_calls ? 'tool_calls' : 'stop', usage: { promptTokens: 0, completionTokens: 0 } });
    }
  }
  for (const e of run.events) {
    if (e.type !== 'tool_result') continue;
    turnOfLast = e.turn;
    events.push({
      type: 'tool', t: 0, round: e.step, callId: `step-${e.step}`, name: e.tool, arguments: {}, content: e.result, isError: !e.ok, durationMs: 0, attempt: 1,
      injected: e.faulted, meta: { step: e.step, turn: turnOfLast, args: e.args_json },
    });
  }
  const lastAssistant = run.messages.findLast((m) => m.role === 'assistant');
  const end = run.status === 'failed' ? 'model-error' : run.finishReason === 'step_budget' ? 'limit' : 'answer';
  if (run.status === 'failed') events.push({ type: 'error', t: 0, round, code: 'model:http', message: run.error ?? 'the model call failed', retrying: false });
  if (end === 'limit') events.push({ type: 'limit', t: 0, limit: 'rounds', value: run.nSteps });
  return {
    messages: run.messages,
    events,
    finalAnswer: end === 'answer' && lastAssistant?.role === 'assistant' ? (lastAssistant.content ?? '') : null,
    end,
    usage: run.usage,
    loudquiet: { record: recordLine },
  };
}
