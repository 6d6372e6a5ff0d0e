/**
 * A Qwen Code-like turn of about 2 KB: system prompt, tools, and a failed tool result at the decision step,
 * so that form c3 has a note to write.
 */
export function benchBody(stream: boolean): string {
  const tool = (name: string, description: string) => ({
    type: 'function',
    function: { name, description, parameters: { type: 'object', properties: { path: { type: 'string', description: 'Absolute path' } }, required: ['path'] } },
  });
  return JSON.stringify({
    model: 'qwen3-coder',
    stream,
    ...(stream ? { stream_options: { include_usage: true } } : {}),
    max_tokens: 4096,
    temperature: 0.7,
    messages: [
      { role: 'system', content: 'You are an interactive CLI agent specializing in software engineering tasks. '.repeat(8) },
      { role: 'user', content: [{ type: 'text', text: 'Fix the failing test in tests/test_parser.py and run the suite.' }] },
      { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'read_file', arguments: '{"path":"/repo/tests/test_parser.py"}' } }] },
      { role: 'tool', tool_call_id: 'call_1', content: [{ type: 'text', text: 'def test_parse():\n    assert parse("1+2") == 3\n' }] },
      { role: 'assistant', content: null, tool_calls: [{ id: 'call_2', type: 'function', function: { name: 'run_shell_command', arguments: '{"command":"pytest -q"}' } }] },
      { role: 'tool', tool_call_id: 'call_2', content: [{ type: 'text', text: 'Command: pytest -q\nDirectory: (root)\nOutput: (empty)\nError: ECONNRESET while fetching the package index\nExit Code: 1\nSignal: (none)\nProcess Group PGID: 4242' }] },
    ],
    tools: [tool('read_file', 'Reads a file'), tool('write_file', 'Writes a file'), tool('run_shell_command', 'Runs a shell command'), tool('grep_search', 'Searches files')],
  });
}
