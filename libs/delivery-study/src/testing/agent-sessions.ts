import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A self-authored calls.jsonl in the shape the proxy records for Qwen Code (its User-Agent, its tool names and shell
 * result format): two sessions and a request of another client. Session A reads two files in one message (one
 * cluster, two points), runs the tests, and ends on a call without a result; session B lists a folder.
 */
export function writeAgentSessions(): string {
  const dir = mkdtempSync(join(tmpdir(), 'rb-agent-sessions-'));
  const shell = (command: string, output: string) => `Command: ${command}\nDirectory: (root)\nOutput: ${output}\nError: (none)\nExit Code: 0\nSignal: (none)\nBackground PIDs: (none)\nProcess Group PGID: (none)`;
  const call = (id: string, name: string, args: unknown) => ({ id, type: 'function', function: { name, arguments: JSON.stringify(args) } });
  const tools = ['read_file', 'run_shell_command', 'list_directory', 'write_file'].map((name) => ({ type: 'function', function: { name, description: `${name} (fixture)`, parameters: { type: 'object', properties: {} } } }));
  const system = { role: 'system', content: 'You are a coding agent (fixture system prompt).' };
  const a = [
    system,
    { role: 'user', content: 'Fix the failing test in tally/.' },
    { role: 'assistant', content: null, tool_calls: [call('a1', 'read_file', { file_path: '/w/tally/sum.py' }), call('a2', 'read_file', { file_path: '/w/tally/test_sum.py' })] },
    { role: 'tool', tool_call_id: 'a1', content: 'def total(xs):\n    return sum(xs) + 1\n' },
    { role: 'tool', tool_call_id: 'a2', content: 'from sum import total\n\ndef test_total():\n    assert total([1, 2]) == 3\n' },
    { role: 'assistant', content: null, tool_calls: [call('a3', 'run_shell_command', { command: 'python3 -m pytest -q' })] },
    { role: 'tool', tool_call_id: 'a3', content: shell('python3 -m pytest -q', '1 failed in 0.02s') },
    { role: 'assistant', content: null, tool_calls: [call('a4', 'write_file', { file_path: '/w/tally/sum.py', content: 'def total(xs):\n    return sum(xs)\n' })] },
  ];
  const b = [
    system,
    { role: 'user', content: 'What is in the reports folder?' },
    { role: 'assistant', content: null, tool_calls: [call('b1', 'list_directory', { path: '/w/reports' })] },
    { role: 'tool', tool_call_id: 'b1', content: 'Directory listing for /w/reports:\nq1.csv\nq2.csv' },
  ];
  const record = (messages: unknown[], userAgent = 'QwenCode/0.24.4 (linux; x64)') => JSON.stringify({ format: 'recovery-bench/call@1', userAgent, request: { model: 'm', messages, tools } });
  const lines = [record(a.slice(0, 3)), record(a.slice(0, 6)), record(a), record(b), record(b, 'curl/8.5')];
  writeFileSync(join(dir, 'calls.jsonl'), `${lines.join('\n')}\n`);
  return dir;
}
