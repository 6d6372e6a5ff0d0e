import { ScriptedModel } from '@recovery-bench/harness';
import { describe, expect, it } from 'vitest';
import { readAction, judgeAction } from './action.ts';
import { runEpisode } from './episode.ts';
import { stimulusConversation } from './forms.ts';
import { failurePoints, realStimuli } from './real-histories.ts';
import { decisionScorer } from './scorers.ts';
import { writeAgentSessions } from './testing/agent-sessions.ts';

describe('real histories (H2.2)', () => {
  const dir = writeAgentSessions();

  it('takes the failure points of the agent\'s sessions: file reads, shell commands and listings with a result, clustered by message', () => {
    const points = failurePoints([dir]);
    expect(points.map((p) => [p.call.name, Object.values(p.call.arguments)[0]])).toEqual([
      ['read_file', '/w/tally/sum.py'], ['read_file', '/w/tally/test_sum.py'], ['run_shell_command', 'python3 -m pytest -q'], ['list_directory', '/w/reports'],
    ]);
    // The two reads share their assistant message; the write and the other client are no points.
    expect(new Set(points.map((p) => p.cluster)).size).toBe(3);
    expect(points[0]!.cluster).toBe(points[1]!.cluster);
    expect(points[2]!.messages.at(-1)).toMatchObject({ role: 'tool', tool_call_id: 'a3' });
    expect(() => failurePoints(['/no/such/run'])).toThrow(/no such run directory or calls\.jsonl/);
  });

  it('injects each kind in the agent\'s own format, with the correct next action', () => {
    const stimuli = realStimuli(failurePoints([dir]));
    expect(stimuli).toHaveLength(12);
    const at = (id: string) => stimuli.find((s) => s.id === id)!;
    expect(at('R03-transient').error).toMatch(/^Command: python3 -m pytest -q\nDirectory: \(root\)\nOutput: \(empty\)\nError: spawn EAGAIN/);
    expect(at('R03-fixable').expected).toEqual({ command: 'python3.11 -m pytest -q' });
    expect(at('R03-fixable').error).toContain("Use 'python3.11 -m pytest -q' instead.");
    expect(at('R01-fixable').expected).toEqual({ file_path: '/w/tally/archive/sum.py' });
    expect(at('R01-unrecoverable')).toMatchObject({ expected: null, error: expect.stringMatching(/^Error: EPERM: operation not permitted/) });
    // The point's result is replaced; its sibling's stays as recorded.
    const c0 = stimulusConversation(at('R01-transient'), 'C0');
    expect(c0.filter((m) => m.role === 'tool').map((m) => String(m.content).slice(0, 12))).toEqual(['Error: EBUSY', 'from sum imp']);
    // C2 removes the failed call and its result, and closes the request with the note; C3 keeps them.
    const c2 = stimulusConversation(at('R01-transient'), 'C2');
    expect(c2.some((m) => m.role === 'tool' && String(m.content).startsWith('Error: EBUSY'))).toBe(false);
    expect(String(c2.at(-1)!.content)).toContain('Note from the tool runtime: the last attempt called read_file');
    expect(stimulusConversation(at('R01-transient'), 'C3').map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool', 'tool', 'user']);
  });

  it('scores a response as correct if any of its calls is the action, and counts the stricter rule apart', async () => {
    const st = realStimuli(failurePoints([dir])).find((s) => s.id === 'R03-fixable')!;
    const both = { content: null, toolCalls: [{ id: 'x', type: 'function' as const, function: { name: 'read_file', arguments: '{"file_path":"/w/tally/sum.py"}' } }, { id: 'y', type: 'function' as const, function: { name: 'run_shell_command', arguments: '{"command":"python3.11 -m pytest -q"}' } }] };
    expect(judgeAction(st, readAction(both)).correct).toBe(true);
    const model = new ScriptedModel([{ calls: [{ name: 'read_file', arguments: { file_path: '/w/tally/sum.py' } }, { name: 'run_shell_command', arguments: { command: 'python3.11 -m pytest -q' } }] }]);
    const transcript = await runEpisode({ stimulus: st, form: 'C3', model, mode: 'decision' });
    // The agent's own tools go with the request.
    expect(model.requests[0]!.tools!.map((t) => t.function.name)).toEqual(['read_file', 'run_shell_command', 'list_directory', 'write_file']);
    const score = decisionScorer.score({ id: `${st.id}-C3`, unit: st.scenario, condition: 'C3', stimulus: st, mode: 'decision' }, transcript) as { value: number; details: Record<string, unknown> };
    expect(score.value).toBe(1);
    expect(score.details).toMatchObject({ real: true, strict: false, item: 'R03-fixable', cluster: st.scenario });
  });
});
