import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../testing/run-cli.ts';

const failed = (content: string) => ({
  model: 'm',
  messages: [
    { role: 'user', content: 'Book room 12 for tonight.' },
    { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'book_room', arguments: '{"room":12}' } }] },
    { role: 'tool', tool_call_id: 'call_1', content },
  ],
});

const NOTE = 'Note from the tool runtime: the last attempt called book_room with room=12 and it failed with: Error: 429 Too Many Requests\n\nThis is a temporary failure. Retrying the same call is expected to succeed.';

describe('recovery-bench layer', () => {
  it('prints the contract object with the c3 note in a new user turn', async () => {
    const r = await runCli(['layer', '--form', 'c3'], JSON.stringify(failed('Error: 429 Too Many Requests')));
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(Object.keys(out)).toEqual(['body', 'header', 'changed', 'detections']);
    expect(out.changed).toBe(true);
    expect(out.detections).toEqual([{ messageIndex: 2, kind: 'transient', rule: 'generic', scope: 'decision' }]);
    expect(out.header).toBe('form=c3; rules=paper; changed=true; failures=2:transient:generic:decision');
    expect(out.body.messages).toHaveLength(4);
    expect(out.body.messages[3]).toEqual({ role: 'user', content: NOTE });
    expect(r.stdout.endsWith('}\n')).toBe(true);
  });

  it('leaves a request without failures exactly as it came', async () => {
    const body = failed('{"room":12,"booked":true}');
    const r = await runCli(['layer', '--form', 'c2'], JSON.stringify(body));
    const out = JSON.parse(r.stdout);
    expect(out).toEqual({ body, header: 'form=c2; rules=paper; changed=false; failures=none', changed: false, detections: [] });
  });

  it('reads the User-Agent and the API surface from flags', async () => {
    const anthropic = {
      model: 'm',
      max_tokens: 100,
      messages: [
        { role: 'user', content: 'Read a.txt' },
        { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'read_file', input: { path: 'a.txt' } }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: 'File not found: a.txt' }] },
      ],
    };
    const r = await runCli(['layer', '--api', 'anthropic', '--user-agent', 'QwenCode/0.24.4 (linux; x64)'], JSON.stringify(anthropic));
    expect(JSON.parse(r.stdout).detections).toEqual([{ messageIndex: 2, kind: 'ambiguous', rule: 'qwen-notfound', scope: 'decision' }]);
  });

  it('processes a batch with --jsonl, one output line per input line, errors in place', async () => {
    const lines = [
      JSON.stringify({ body: failed('Error: 429 Too Many Requests') }),
      '{not json',
      JSON.stringify({ body: failed('Error: 429 Too Many Requests'), form: 'c1' }),
      JSON.stringify({ body: { messages: 'nope' } }),
      JSON.stringify({ body: failed('Error: 429 Too Many Requests'), form: 'c9' }),
    ];
    const r = await runCli(['layer', '--jsonl', '--form', 'c3'], `${lines.join('\n')}\n`);
    expect(r.code).toBe(0);
    const out = r.stdout.trimEnd().split('\n').map((l) => JSON.parse(l));
    expect(out).toHaveLength(5);
    expect(out[0].body.messages[3].content).toBe(NOTE);
    expect(out[1].error).toMatch(/not JSON/);
    expect(out[2].body.messages[2].content).toBe('Error: 429 Too Many Requests\nThis is a temporary failure. Retrying the same call is expected to succeed.');
    expect(out[3].error).toMatch(/"messages" array/);
    expect(out[4].error).toMatch(/"form" must be one of/);
  });

  it('exits 2 with one clear line and no stack trace on malformed input', async () => {
    for (const input of ['{"messages": [', '[]', '', '{"messages": 3}']) {
      const r = await runCli(['layer'], input);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(/^recovery-bench layer: /);
      expect(r.stderr).not.toMatch(/\bat .*\.ts:\d+/);
    }
  });

  it('exits 2 on a bad option value', async () => {
    const r = await runCli(['layer', '--form', 'c5'], '{}');
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('recovery-bench layer: --form must be one of off, c1, c2, c3, c4; got "c5"\n');
  });
});

describe('recovery-bench layer audit', () => {
  it('prints coverage per rule set and source against expected kinds', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rb-audit-'));
    const file = join(dir, 'records.jsonl');
    const records = [
      { source: 'python', content: 'ConnectionResetError(104, \'Connection reset by peer\')', expected: 'transient' },
      { source: 'python', content: 'PermissionError: [Errno 13] Permission denied: \'/etc/x\'', expected: 'unrecoverable' },
      { source: 'langchain', content: "Error invoking tool 'search' with kwargs {} with error:\n1 validation error for search\nq\n  Field required", expected: 'fixable' },
      { source: 'success', content: 'All 12 tests passed; no TypeError found', expected: 'none' },
    ];
    writeFileSync(file, records.map((r) => JSON.stringify(r)).join('\n'));
    const r = await runCli(['layer', 'audit', file, '--json']);
    expect(r.code).toBe(0);
    const rows = JSON.parse(r.stdout).rows as { rules: string; source: string; right: number; wrong: number; missed: number; silent: number }[];
    const row = (rules: string, source: string) => rows.find((x) => x.rules === rules && x.source === source)!;
    expect(row('paper', 'all')).toMatchObject({ right: 2, wrong: 0, missed: 1, silent: 1 });
    expect(row('paper', 'langchain')).toMatchObject({ right: 0, missed: 1 });
    expect(row('extended', 'langchain')).toMatchObject({ right: 1, missed: 0 });
    const table = await runCli(['layer', 'audit', file]);
    expect(table.stdout.split('\n')[0]).toMatch(/^rules\s+source\s+records\s+detected/);
  });

  it('names the file and line of a bad record', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rb-audit-'));
    const file = join(dir, 'bad.jsonl');
    writeFileSync(file, '{"content":"Error: x"}\n{"content": 1, "expected": "sometimes"}\n');
    const r = await runCli(['layer', 'audit', file]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/bad\.jsonl:2: "expected" must be one of/);
  });
});
