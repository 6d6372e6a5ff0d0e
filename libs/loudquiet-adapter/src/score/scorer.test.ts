import { describe, expect, it } from 'vitest';
import type { TrialEvent, TrialRun } from '../loop/agent-loop.ts';
import { trajectoryLine, trajectoryRecord } from '../records/trajectory.ts';
import { toTranscript } from '../records/transcript.ts';
import { stateAgreementScorer } from './scorer.ts';

const refJson = '{"Mail": {"inbox": [], "sent": 2.0}}';

function transcriptOf(run: Partial<TrialRun>, summary: string, state: string, fault: 'missing_tool' | 'clean' = 'missing_tool') {
  const full: TrialRun = { status: 'ok', finishReason: 'completed', nSteps: 3, events: [], messages: [], usage: { promptTokens: 1, completionTokens: 1 }, latencyS: 0.1, ...run };
  const record = trajectoryRecord({
    identity: { model: 'm', modelId: 'm', reasoning: false, pair: null, fault, scaffolding: false, taskId: 'X1', domain: 'Mail', nTurns: 1, seed: 0 },
    run: full, summaryJson: summary, stateJson: state, timestamp: new Date(0),
  });
  return toTranscript(full, trajectoryLine(record));
}

const result = (step: number, tool: string): TrialEvent => ({ type: 'tool_result', turn: 0, step, tool, args_json: '{}', args_key_json: '{}', ok: false, faulted: step === 1, result: 'ToolError: x' });
const summary = (fired: boolean) => `{"task_id": "X1", "fault": "missing_tool", "position": "late", "target_step": 1, "fault_fired": ${fired}, "fault_step": ${fired ? 1 : 'null'}, "fault_tool": ${fired ? '"send"' : 'null'}, "n_steps": 3, "victim_tool": "send"}`;

describe('the state-agreement scorer', () => {
  it('scores the final state against the reference, with the missing-tool stop (H3.4)', async () => {
    const again = await stateAgreementScorer.score({ condition: 'missing_tool', referenceStateJson: refJson }, transcriptOf({ events: [result(1, 'send'), result(2, 'read'), result(3, 'send')] }, summary(true), '{"Mail": {"inbox": [], "sent": 2}}'));
    expect(again).toMatchObject({ value: 0.5, outcome: 'fail', stopped: false, details: { fault_fired: true, hidden_tool_called_again: 1 } });
    const stopped = await stateAgreementScorer.score({ condition: 'missing_tool', referenceStateJson: refJson }, transcriptOf({ events: [result(1, 'send'), result(2, 'read')] }, summary(true), refJson));
    expect(stopped).toMatchObject({ value: 1, outcome: 'pass', stopped: true });
    const unfired = await stateAgreementScorer.score({ condition: 'missing_tool', referenceStateJson: refJson }, transcriptOf({}, summary(false), refJson));
    expect(unfired.stopped).toBeUndefined();
    expect(unfired.details).toMatchObject({ fault_fired: false });
    expect(unfired.excluded).toBe('loudquiet:fault-not-fired');
    expect(again.excluded).toBeUndefined();
  });

  it('makes a failed trial and an empty reference errors, never fails', async () => {
    const failed = await stateAgreementScorer.score({ condition: 'clean', referenceStateJson: refJson }, transcriptOf({ status: 'failed', error: 'model:http: HTTP 500', finishReason: null }, summary(false), '{}', 'clean'));
    expect(failed).toMatchObject({ value: 0, outcome: 'error', reason: 'loudquiet:model-failed' });
    const empty = await stateAgreementScorer.score({ condition: 'clean', referenceStateJson: '{}' }, transcriptOf({}, summary(false), '{}', 'clean'));
    expect(empty).toMatchObject({ outcome: 'error', reason: 'loudquiet:empty-reference' });
  });
});
