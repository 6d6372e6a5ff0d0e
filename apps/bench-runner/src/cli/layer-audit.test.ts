import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../testing/run-cli.ts';

function corpusDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'rb-audit-labels-'));
  const records = [
    { id: 'py/refused#str', source: 'python', message: { role: 'tool', content: '[Errno 111] Connection refused' }, truth: 'transient', reason: 'refused', split: 'test' },
    { id: 'py/refused#named', source: 'python', message: { role: 'tool', content: 'ConnectionRefusedError: [Errno 111] Connection refused' }, truth: 'transient', reason: 'refused', split: 'test' },
    { id: 'py/bare-400#str', source: 'python', message: { role: 'tool', content: 'HTTP Error 400: Bad Request' }, truth: 'ambiguous', reason: 'bare 400', split: 'test' },
    { id: 'node/ok#body', source: 'node', message: { role: 'tool', content: '{"status":"ok"}' }, truth: 'none', reason: 'a 200 body', split: 'test' },
    { id: 'node/eacces#message', source: 'node', message: { role: 'tool', content: "EACCES: permission denied, open '/etc/shadow'" }, truth: 'unrecoverable', reason: 'permission', split: 'dev' },
  ];
  writeFileSync(join(dir, 'a.jsonl'), `${records.slice(0, 3).map((r) => JSON.stringify(r)).join('\n')}\n`);
  writeFileSync(join(dir, 'b.jsonl'), `${records.slice(3).map((r) => JSON.stringify(r)).join('\n')}\n`);
  writeFileSync(join(dir, 'notes.md'), 'not a corpus file');
  return dir;
}

describe('recovery-bench layer audit --labels', () => {
  it('reads a directory of labelled JSONL, keeps one split and reports per rule set and source', async () => {
    const dir = corpusDir();
    const r = await runCli(['layer', 'audit', '--labels', dir, '--split', 'test', '--json']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { split: string; records: number; rows: { rules: string; source: string; [k: string]: unknown }[]; worst: { rules: string; problem: string; id: string }[] };
    expect(out).toMatchObject({ split: 'test', records: 4 });
    const row = (rules: string, source: string) => out.rows.find((x) => x.rules === rules && x.source === source)!;
    expect(row('paper', 'all')).toMatchObject({ actionable: 2, right: 1, missed: 1, wrong: 1, failures: 3, successes: 1, falsePositive: 0 });
    expect(row('extended', 'all')).toMatchObject({ actionable: 2, right: 2, missed: 0, wrong: 0, silentOnAmbiguous: 1 });
    expect(row('paper', 'all').confusion).toMatchObject({ ambiguous: { fixable: 1 }, transient: { transient: 1, undetected: 1 } });
    expect(out.rows.map((x) => x.source)).not.toContain('unknown');
    expect(out.worst.filter((c) => c.rules === 'paper').map((c) => [c.problem, c.id])).toEqual([['wrong', 'py/bare-400#str'], ['missed', 'py/refused#str']]);
  });

  it('prints the table, the confusion table and the worst cases', async () => {
    const dir = corpusDir();
    const r = await runCli(['layer', 'audit', '--labels', join(dir, 'a.jsonl'), join(dir, 'b.jsonl')]);
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toMatch(/^rules\s+source\s+records\s+detected\s+right\s+wrong\s+missed\s+silent\s+false\+$/);
    expect(r.stdout).toMatch(/^paper\s+all\s+5\s+2\s+1\/3 \(33\.3%\)\s+1\/4 \(25\.0%\)\s+2\s+0\/1\s+0\/1$/m);
    expect(r.stdout).toMatch(/^extended\s+all\s+5\s+4\s+3\/3 \(100\.0%\)\s+0\/4 \(0\.0%\)\s+0\s+1\/1\s+0\/1$/m);
    expect(r.stdout).toContain('paper: truth × what the layer did (all sources)');
    expect(r.stdout).toMatch(/^ambiguous\s+0\s+1\s+0\s+0\s+0$/m);
    expect(r.stdout).toContain('  wrong          py/bare-400#str  truth ambiguous, layer fixable (generic)');
  });

  it('rejects an unknown split with one line', async () => {
    const r = await runCli(['layer', 'audit', '--labels', corpusDir(), '--split', 'train']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('recovery-bench layer audit: --split must be one of dev, test, all; got "train"\n');
  });
});
