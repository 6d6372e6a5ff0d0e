/**
 * What serving Anthropic Messages and Responses costs beyond the Chat Completions path, in this process: one
 * 20-message conversation (the same turns in each API's shape, a failed tool result at the decision step, layer
 * c3) taken from its request text to the body sent upstream, and the engine's answer written back in the
 * client's shape. The Chat path is timed in the same rounds, interleaved, as the baseline.
 *
 *   npx tsx libs/proxy/src/perf/surfaces-bench.ts [--rounds N]     (or: npm run bench:surfaces -w @recovery-bench/proxy)
 */
import { performance } from 'node:perf_hooks';
import { parseProxyOptions } from '../config.ts';
import { ENGINE_KINDS } from '../engine-kinds.ts';
import { prepareCall } from '../prepare.ts';
import type { ProxySurface } from '../surfaces/surface.ts';
import { SURFACES } from '../surfaces/table.ts';

const MESSAGES = 20;
const argRounds = process.argv.indexOf('--rounds');
const ROUNDS = argRounds > 0 ? Number(process.argv[argRounds + 1]) : 20_000;

interface Turn {
  call: { id: string; name: string; args: Record<string, unknown> };
  result: string;
}

/** The system prompt, the task, then 9 (assistant call, tool result) pairs: 20 messages; the last result failed. */
const PAIRS = (MESSAGES - 2) / 2;
function turns(): Turn[] {
  const out: Turn[] = [];
  for (let i = 0; i < PAIRS; i++) {
    const last = i === PAIRS - 1;
    out.push({
      call: { id: `call_${i}`, name: i % 2 === 0 ? 'read_file' : 'run_shell_command', args: i % 2 === 0 ? { path: `/repo/src/module_${i}.py` } : { command: `pytest -q tests/test_${i}.py` } },
      result: last ? 'Error: 503 Service Unavailable while fetching the package index' : `def f_${i}():\n    return ${i}\n`.repeat(4),
    });
  }
  return out;
}

const SYSTEM = 'You are an interactive CLI agent specializing in software engineering tasks. '.repeat(8);
const TASK = 'Fix the failing test in tests/test_parser.py and run the suite.';
const schema = { type: 'object', properties: { path: { type: 'string' }, command: { type: 'string' } } };
const NAMES = ['read_file', 'run_shell_command', 'write_file', 'grep_search'];

function chatBody(): string {
  const messages: unknown[] = [{ role: 'system', content: SYSTEM }, { role: 'user', content: TASK }];
  for (const t of turns()) {
    messages.push({ role: 'assistant', content: null, tool_calls: [{ id: t.call.id, type: 'function', function: { name: t.call.name, arguments: JSON.stringify(t.call.args) } }] });
    messages.push({ role: 'tool', tool_call_id: t.call.id, content: t.result });
  }
  return JSON.stringify({ model: 'm', max_tokens: 4096, messages, tools: NAMES.map((name) => ({ type: 'function', function: { name, parameters: schema } })) });
}

function anthropicBody(): string {
  const messages: unknown[] = [{ role: 'user', content: TASK }];
  for (const t of turns()) {
    messages.push({ role: 'assistant', content: [{ type: 'tool_use', id: t.call.id, name: t.call.name, input: t.call.args }] });
    messages.push({ role: 'user', content: [{ type: 'tool_result', tool_use_id: t.call.id, content: t.result }] });
  }
  return JSON.stringify({ model: 'm', max_tokens: 4096, system: SYSTEM, messages, tools: NAMES.map((name) => ({ name, input_schema: schema })) });
}

function responsesBody(): string {
  const input: unknown[] = [{ role: 'user', content: TASK }];
  for (const t of turns()) {
    input.push({ type: 'function_call', call_id: t.call.id, name: t.call.name, arguments: JSON.stringify(t.call.args) });
    input.push({ type: 'function_call_output', call_id: t.call.id, output: t.result });
  }
  return JSON.stringify({ model: 'm', max_output_tokens: 4096, instructions: SYSTEM, input, tools: NAMES.map((name) => ({ type: 'function', name, parameters: schema })) });
}

const ANSWER = JSON.stringify({
  id: 'chatcmpl-1', object: 'chat.completion', created: 1, model: 'm',
  choices: [{ index: 0, message: { role: 'assistant', content: null, tool_calls: [{ id: 'call_x', type: 'function', function: { name: 'run_shell_command', arguments: '{"command":"pytest -q"}' } }] }, finish_reason: 'tool_calls' }],
  usage: { prompt_tokens: 1200, completion_tokens: 20, total_tokens: 1220 },
});

const config = parseProxyOptions({ upstream: { url: 'http://127.0.0.1:1' }, layer: { form: 'c3' } });
const ctx = { config, kind: ENGINE_KINDS.generic, userAgent: undefined };
const echo = { id: '0123456789abcdef0123456789abcdef', model: 'm', createdAt: 0, request: {} };

/** Request text → the body sent upstream, and the engine's answer text → the bytes sent to the client. */
type Path = () => void;
const chatText = chatBody();
const anthropicText = anthropicBody();
const responsesText = responsesBody();
const prepare = (surface: ProxySurface, text: string) => prepareCall(JSON.parse(text), surface, surface.routes[0]!, ctx);
const paths: Record<string, Path> = {
  chat: () => {
    JSON.stringify(prepare(SURFACES.chat, chatText).forwarded);
    // The Chat path relays the engine's bytes; it parses them once to classify.
    JSON.parse(ANSWER);
  },
  anthropic: surfacePath(SURFACES.anthropic, anthropicText),
  responses: surfacePath(SURFACES.responses, responsesText),
};

function surfacePath(surface: ProxySurface, text: string): Path {
  return () => {
    JSON.stringify(prepare(surface, text).forwarded);
    JSON.stringify(surface.writer!.answer(JSON.parse(ANSWER), echo));
  };
}

function check(): void {
  for (const [name, text, surface] of [['anthropic', anthropicText, SURFACES.anthropic], ['responses', responsesText, SURFACES.responses]] as const) {
    const prepared = prepare(surface, text);
    const count = (prepared.forwarded.messages as unknown[]).length;
    if (!prepared.layer.changed) throw new Error(`${name}: the layer did not rewrite the benchmark conversation`);
    process.stdout.write(`${name}: ${text.length} bytes in, ${count} Chat messages out (c3 note added)\n`);
  }
  process.stdout.write(`chat: ${chatText.length} bytes in, ${(prepare(SURFACES.chat, chatText).forwarded.messages as unknown[]).length} messages out\n`);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function main(): void {
  check();
  const names = Object.keys(paths);
  const times: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
  for (let i = 0; i < 2_000; i++) for (const name of names) paths[name]!();
  for (let round = 0; round < ROUNDS; round++) {
    for (const name of names) {
      const start = performance.now();
      paths[name]!();
      times[name]!.push((performance.now() - start) * 1000);
    }
  }
  const chat = median(times.chat!);
  process.stdout.write(`\n${ROUNDS} rounds, ${MESSAGES}-message request, layer c3, Node ${process.versions.node}\n`);
  process.stdout.write(`path        median µs   p90 µs   added to Chat (median)\n`);
  for (const name of names) {
    const sorted = [...times[name]!].sort((a, b) => a - b);
    const p90 = sorted[Math.floor(sorted.length * 0.9)]!;
    const m = median(times[name]!);
    process.stdout.write(`${name.padEnd(10)} ${m.toFixed(1).padStart(10)} ${p90.toFixed(1).padStart(8)}   ${name === 'chat' ? '(baseline)' : `${(m - chat).toFixed(1)} µs`}\n`);
  }
}

main();
