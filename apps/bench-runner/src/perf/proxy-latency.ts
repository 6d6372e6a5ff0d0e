/**
 * `npm run bench:proxy-latency`: what the proxy adds to a request's latency on each API surface, against the same
 * work sent straight to the sim engine, in one run. The sim engine and the proxy (layer c3, records on) run as the
 * built bin runs them, each in its own process; this process is the client (undici, keep-alive, one request at a
 * time). The workload is each surface's recorded agent turn with its failed tool result (Qwen Code on Chat
 * Completions, Claude Code on Anthropic Messages, Codex CLI on Responses, as their users run them); the baseline is
 * the Chat Completions body the proxy forwards for it, sent to the sim directly. Requests are interleaved, so that
 * both sides see the same machine.
 *   --requests N   per surface and side (default 2000)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { loadAgentShapes, parseCallRecords, type AgentShape } from '@recovery-bench/proxy';
import { Pool } from 'undici';
import { BIN, REPO_ROOT } from '../testing/run-cli.ts';

const { values } = parseArgs({ options: { requests: { type: 'string', default: '2000' } } });
const REQUESTS = Number(values.requests);

/** Starts a long-running command of the bin and resolves with the URL its first line names. */
async function serve(args: string[]): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [BIN, ...args], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.once('exit', (code) => reject(new Error(`${args[0]} exited (${code}) before listening`)));
  });
  return { child, url };
}

const quantile = (sorted: readonly number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

/**
 * One request's time to the whole answer. A socket the server closed while idle (its keep-alive ran out on a loaded
 * machine) fails before anything is sent: that attempt is not timed, and the request goes again on a new one.
 */
async function timed(pool: Pool, path: string, body: string, headers: Record<string, string>, retried = false): Promise<number> {
  const t0 = performance.now();
  let answer;
  try {
    answer = await pool.request({ method: 'POST', path, body, headers: { 'content-type': 'application/json', ...headers } });
  } catch (error) {
    if (!retried && (error as { code?: string }).code === 'UND_ERR_SOCKET') return timed(pool, path, body, headers, true);
    throw new Error(`${path}: ${(error as Error).message}`);
  }
  await answer.body.text();
  if (answer.statusCode !== 200) throw new Error(`${path} answered ${answer.statusCode}`);
  return performance.now() - t0;
}

const dir = mkdtempSync(join(tmpdir(), 'proxy-latency-'));
const records = join(dir, 'calls.jsonl');
const sim = await serve(['sim-engine', '--profile', 'ideal', '--port', '0']);
const proxy = await serve(['proxy', '--upstream', sim.url, '--port', '0', '--form', 'c3', '--records', records]);
// Below the servers' own keep-alive (Node's 5 s), so that the client never reuses a socket the server just closed.
const pool = (url: string) => new Pool(url, { connections: 1, keepAliveTimeout: 4_000, keepAliveMaxTimeout: 4_000 });
const toSim = pool(sim.url);
const toProxy = pool(proxy.url);

/** Each surface's workload: the plain-mode recorded turn with a failed tool result, sent without streaming. */
const AGENT_OF = { chat: 'qwen-code', anthropic: 'claude-code', responses: 'codex' } as const;
const shapes = loadAgentShapes();

try {
  console.log(`proxy latency: ${REQUESTS} requests per surface and side, one at a time; sim engine ${sim.url}, proxy ${proxy.url} (layer c3, records on)`);
  console.log('surface     workload                        direct p50  direct p99   proxy p50   proxy p99   added p50   added p99');
  for (const [surface, agent] of Object.entries(AGENT_OF)) {
    const shape = shapes.find((s): s is AgentShape => s.agent === agent && s.mode === 'plain')!;
    const turn = shape.requests.find((r) => r.failedTool)!;
    const request = JSON.stringify({ ...turn.body, stream: false, ...(surface === 'chat' ? { stream_options: undefined } : {}) });
    const headers = { 'user-agent': shape.userAgent };
    // Once through the proxy, to read the Chat Completions body it forwards: the same work, sent directly.
    await timed(toProxy, `/runs/probe-${surface}${turn.route}`, request, headers);
    const forwarded = await forwardedBody(`probe-${surface}`);
    const direct: number[] = [];
    const proxied: number[] = [];
    for (let i = 0; i < 50; i++) {
      await timed(toSim, '/v1/chat/completions', forwarded, headers);
      await timed(toProxy, turn.route, request, headers);
    }
    for (let i = 0; i < REQUESTS; i++) {
      direct.push(await timed(toSim, '/v1/chat/completions', forwarded, headers));
      proxied.push(await timed(toProxy, turn.route, request, headers));
    }
    direct.sort((a, b) => a - b);
    proxied.sort((a, b) => a - b);
    const cell = (v: number) => `${v.toFixed(2)} ms`.padStart(11);
    const [d50, d99, p50, p99] = [quantile(direct, 0.5), quantile(direct, 0.99), quantile(proxied, 0.5), quantile(proxied, 0.99)];
    console.log(`${surface.padEnd(11)} ${`${agent} ${shape.version} (plain)`.padEnd(30)}${cell(d50)} ${cell(d99)} ${cell(p50)} ${cell(p99)} ${cell(p50 - d50)} ${cell(p99 - d99)}`);
  }
} finally {
  await toSim.close();
  await toProxy.close();
  proxy.child.kill('SIGTERM');
  sim.child.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
}

async function forwardedBody(runId: string): Promise<string> {
  for (let wait = 0; wait < 50; wait++) {
    const record = parseCallRecords(readFileSync(records, 'utf8')).find((r) => r.runId === runId);
    if (record) return JSON.stringify(record.forwarded);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the proxy recorded no call of ${runId}`);
}
