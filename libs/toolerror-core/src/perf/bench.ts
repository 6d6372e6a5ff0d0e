/**
 * `npm run bench:perf -w @recovery-bench/toolerror-core`: the cost of processRequest with form c3.
 * Each row is a Chat Completions request whose last tool result failed. The baseline, measured in the same
 * run, is one JSON.parse + JSON.stringify of the same body: the least any proxy pays per request. A second table
 * compares the rule sets (`paper`, `extended`) on 20-message agent histories.
 */
import { processRequest } from '../process.ts';
import type { RuleSetName } from '../types.ts';

interface Row {
  label: string;
  messages: number;
  bytes: number;
  layerUs: number;
  stringUs: number;
  baselineUs: number;
}

function conversation(messages: number, toolResultBytes = 0): Record<string, unknown> {
  const out: Record<string, unknown>[] = [{ role: 'system', content: 'You are a helpful assistant with tools.' }, { role: 'user', content: 'Find the order status for order 1234 and the parcel for it.' }];
  let call = 0;
  while (out.length < messages - 2) {
    const id = `call_${call++}`;
    out.push({ role: 'assistant', content: null, tool_calls: [{ id, type: 'function', function: { name: 'get_order', arguments: `{"order_id":"${1000 + call}","verbose":true}` } }] });
    out.push({ role: 'tool', tool_call_id: id, content: `{"order_id":"${1000 + call}","status":"shipped","items":3}` });
  }
  const id = `call_${call}`;
  out.push({ role: 'assistant', content: null, tool_calls: [{ id, type: 'function', function: { name: 'get_parcel', arguments: '{"parcel_id":"P-77"}' } }] });
  const error = 'HTTPError: 503 Service Unavailable: the parcel service is temporarily unavailable';
  out.push({ role: 'tool', tool_call_id: id, content: toolResultBytes > 0 ? error + ' '.repeat(0) + 'x'.repeat(toolResultBytes - error.length) : error });
  return { model: 'bench', messages: out.slice(0, Math.max(messages, 4)) };
}

/** Median time per call in microseconds, over batches sized to last about 5 ms each. */
function timeIt(fn: () => unknown, budgetMs = 300): number {
  for (let i = 0; i < 20; i++) fn();
  let batch = 1;
  for (;;) {
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < batch; i++) fn();
    if (Number(process.hrtime.bigint() - t0) / 1e6 > 5) break;
    batch *= 2;
  }
  const samples: number[] = [];
  const end = Date.now() + budgetMs;
  while (Date.now() < end || samples.length < 5) {
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < batch; i++) fn();
    samples.push(Number(process.hrtime.bigint() - t0) / 1e3 / batch);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)]!;
}

function measure(label: string, body: Record<string, unknown>): Row {
  const text = JSON.stringify(body);
  const result = processRequest(body, { form: 'c3' });
  if (!result.changed) throw new Error(`${label}: the benchmark request must have a failure at its decision step`);
  return {
    label,
    messages: (body.messages as unknown[]).length,
    bytes: text.length,
    layerUs: timeIt(() => processRequest(body, { form: 'c3' })),
    stringUs: timeIt(() => processRequest(text, { form: 'c3' })),
    baselineUs: timeIt(() => JSON.stringify(JSON.parse(text))),
  };
}

/** A 20-message history of an agent whose tool results are shell outputs; the last one is `last`. */
function agentHistory(last: string): Record<string, unknown> {
  const body = conversation(20);
  const messages = body.messages as Record<string, unknown>[];
  const shell = (output: string) => `Command: python3 scripts/check.py\nDirectory: (root)\nOutput: ${output}\nError: (none)\nExit Code: 0\nSignal: (none)\nProcess Group PGID: (none)`;
  for (const m of messages) if (m.role === 'tool') m.content = shell('ok: 3 items, 0 errors');
  messages[messages.length - 1]!.content = last;
  return body;
}

const TRACEBACK_503 = 'Command: python3 scripts/sync.py\nDirectory: (root)\nOutput: Traceback (most recent call last):\n  File "/srv/app/scripts/sync.py", line 9, in <module>\n    urllib.request.urlopen(url, timeout=5)\n  File "/usr/lib/python3.11/urllib/request.py", line 643, in http_error_default\n    raise HTTPError(req.full_url, code, msg, hdrs, fp)\nurllib.error.HTTPError: HTTP Error 503: Service Unavailable\nError: (none)\nExit Code: 1\nSignal: (none)\nProcess Group PGID: (none)';
const REFUSED = 'Command: curl -sS http://127.0.0.1:8201/health\nDirectory: (root)\nOutput: curl: (7) Failed to connect to 127.0.0.1 port 8201 after 0 ms: Couldn\'t connect to server\nError: (none)\nExit Code: 7\nSignal: (none)\nProcess Group PGID: (none)';
const QWEN = 'QwenCode/0.24.4 (linux; x64)';

/** Median cost per request of each rule set on the same body, against its JSON round trip. */
function ruleSetRows(): string[] {
  const cases: [string, Record<string, unknown>, string | undefined][] = [
    ['generic: HTTP 503 text', conversation(20), undefined],
    ['Qwen Code: traceback ending in a 503', agentHistory(TRACEBACK_503), QWEN],
    ['Qwen Code: curl refused on a local port', agentHistory(REFUSED), QWEN],
    ['Qwen Code: no failure', agentHistory('Command: ls\nDirectory: (root)\nOutput: a.txt\nError: (none)\nExit Code: 0\nSignal: (none)\nProcess Group PGID: (none)'), QWEN],
  ];
  return cases.map(([label, body, userAgent]) => {
    const text = JSON.stringify(body);
    const baseline = timeIt(() => JSON.stringify(JSON.parse(text)));
    const run = (rules: RuleSetName) => timeIt(() => processRequest(body, { form: 'c3', rules, userAgent }));
    const paper = run('paper');
    const extended = run('extended');
    return `| ${label} | ${fmt(paper)} | ${fmt(extended)} | ${fmt(Math.max(0, extended - paper))} | ${fmt(baseline)} | ${(extended / baseline).toFixed(2)} |`;
  });
}

const fmt = (us: number) => (us >= 1000 ? `${(us / 1000).toFixed(2)} ms` : `${us.toFixed(1)} µs`);

function main(): void {
  const sizes = [10, 20, 100, 1_000, 2_000, 10_000];
  const rows = sizes.map((n) => measure(`${n} messages`, conversation(n)));
  rows.push(measure('1 MB tool result', conversation(6, 1 << 20)));
  console.log('processRequest, form c3, Chat Completions (median per call)\n');
  console.log('| request | bytes | object in | per doubling | string in (parse + stringify) | JSON round trip (baseline) | object in / baseline |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  rows.forEach((r, i) => {
    const prev = rows[i - 1];
    const doubling = prev && i < sizes.length ? Math.pow(r.layerUs / prev.layerUs, 1 / Math.log2(r.messages / prev.messages)) : undefined;
    console.log(`| ${r.label} | ${r.bytes.toLocaleString('en')} | ${fmt(r.layerUs)} | ${doubling ? `×${doubling.toFixed(2)}` : '–'} | ${fmt(r.stringUs)} | ${fmt(r.baselineUs)} | ${(r.layerUs / r.baselineUs).toFixed(2)} |`);
  });
  const at20 = rows.find((r) => r.messages === 20)!;
  const at1000 = rows.find((r) => r.messages === 1000)!;
  console.log(`\ntargets: 20 messages ≤ 50 µs: ${fmt(at20.layerUs)} ${at20.layerUs <= 50 ? 'met' : 'MISSED'}; 1,000 messages ≤ 5 ms: ${fmt(at1000.layerUs)} ${at1000.layerUs <= 5000 ? 'met' : 'MISSED'}`);
  console.log('linear cost shows as a per-doubling ratio near ×2.00');
  console.log('\nRule sets on 20-message requests, form c3 (median per call, object in)\n');
  console.log('| last tool result | paper | extended | added by extended | JSON round trip | extended / round trip |');
  console.log('|---|---:|---:|---:|---:|---:|');
  const ruleRows = ruleSetRows();
  ruleRows.forEach((row) => console.log(row));
  const worst = Math.max(...ruleRows.map((row) => Number(row.split('|').at(-2))));
  console.log(`\ntarget: extended within 2× the JSON round trip: worst ${worst.toFixed(2)}× ${worst <= 2 ? 'met' : 'MISSED'}`);
}

main();
