import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, exited, firstLine, REPO_ROOT } from '../testing/run-cli.ts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runProxyCommand } from './proxy.ts';

const ROOT = REPO_ROOT;

/** A minimal engine that answers every chat request and echoes what it received. */
let engine: Server;
let engineUrl: string;
const received: Record<string, unknown>[] = [];
beforeEach(async () => {
  received.length = 0;
  engine = createServer((req, res) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString()));
    req.on('end', () => {
      // An engine without a model list: the proxy then answers /v1/models from its configuration.
      if (req.method !== 'POST') return void res.writeHead(404).end();
      received.push(JSON.parse(text) as Record<string, unknown>);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id: 'x', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content: 'hi' }, finish_reason: 'stop' }] }));
    });
  });
  await new Promise<void>((r) => engine.listen(0, '127.0.0.1', r));
  engineUrl = `http://127.0.0.1:${(engine.address() as AddressInfo).port}`;
});

let child: ChildProcessWithoutNullStreams | undefined;
const dirs: string[] = [];
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'proxy-cli-'));
  dirs.push(dir);
  return dir;
}
afterEach(async () => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  child = undefined;
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
  engine.closeAllConnections();
  await new Promise((r) => engine.close(r));
});

const chat = (url: string, body: unknown) => fetch(`${url}/v1/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('recovery-bench proxy (in process)', () => {
  it('maps its flags onto the proxy and stops when told', async () => {
    const dir = await tempDir();
    const records = join(dir, 'calls.jsonl');
    const lines: string[] = [];
    let stop!: () => void;
    const stopped = new Promise<void>((r) => (stop = r));
    let listening!: (url: string) => void;
    const url = new Promise<string>((r) => (listening = r));
    const exit = runProxyCommand(
      ['--upstream', engineUrl, '--port', '0', '--form', 'c3', '--rules', 'extended', '--engine', 'vllm', '--served-model', 'qwen3-8b', '--clamp', 'off', '--records', records],
      { out: (line) => { lines.push(line); const m = /listening on (\S+)/.exec(line); if (m) listening(m[1]!); }, stopped },
    );
    const base = await url;
    expect(lines[0]).toBe(`proxy listening on ${base} → ${engineUrl} (form c3)`);
    expect(((await (await fetch(`${base}/v1/models`)).json()) as { data: { id: string }[] }).data[0]!.id).toBe('qwen3-8b');
    const answer = await chat(base, { model: 'x', messages: [{ role: 'user', content: 'hi' }], temperature: 1 });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-geulpu-tool-errors')).toBe('form=c3; rules=extended; changed=false; failures=none');
    expect(received[0]).toMatchObject({ model: 'qwen3-8b', temperature: 0, top_k: -1 });
    stop();
    expect(await exit).toBe(0);
    const record = JSON.parse((await readFile(records, 'utf8')).trim()) as { format: string; code: string };
    expect(record).toMatchObject({ format: 'recovery-bench/calls@1', code: 'ok' });
    expect(lines.at(-1)).toBe('proxy stopped after 1 requests');
  });
});

describe('recovery-bench proxy as a real process', () => {
  it('prints where it listens, forwards, records, and stops on SIGTERM', async () => {
    const dir = await tempDir();
    child = spawn(process.execPath, [BIN, 'proxy', '--upstream', engineUrl, '--port', '0', '--engine-layer', '--engine', 'geulpu', '--form', 'c2'], { cwd: dir, stdio: 'pipe' });
    const line = await firstLine(child);
    const match = /^proxy listening on (http:\/\/127\.0\.0\.1:\d+) → (\S+) \(form engine layer, c2\)$/.exec(line);
    expect(match, line).not.toBeNull();
    expect(match![2]).toBe(engineUrl);
    expect((await chat(match![1]!, { messages: [{ role: 'user', content: 'hi' }] })).status).toBe(200);
    expect(received[0]).toMatchObject({ geulpu_tool_errors: 'c2' });
    const done = exited(child);
    child.kill('SIGTERM');
    expect((await done).code).toBe(0);
    expect((await readFile(join(dir, 'calls.jsonl'), 'utf8')).trim().split('\n')).toHaveLength(1);
  }, 30_000);

  it.each([
    [[], /--upstream URL is required/],
    [['--upstream', 'http://127.0.0.1:1'], /--port N is required/],
    [['--upstream', 'http://127.0.0.1:1', '--port', '70000'], /--port must be an integer from 0 to 65535/],
    [['--upstream', 'http://127.0.0.1:1', '--port', '0', '--form', 'c5'], /--form must be one of off, c1, c2, c3, c4/],
    [['--upstream', 'http://127.0.0.1:1', '--port', '0', '--engine', 'ollama'], /--engine must be one of llama\.cpp, vllm, sglang, geulpu, generic/],
    [['--upstream', 'not-a-url', '--port', '0'], /invalid proxy options.*upstream\.url/],
    [['--upstream', 'http://127.0.0.1:1', '--port', '0', '--bogus'], /Unknown option '--bogus'/],
  ])('%j is a user mistake: one line on stderr, exit 2', async (args, message) => {
    child = spawn(process.execPath, [BIN, 'proxy', ...args], { cwd: ROOT, stdio: 'pipe' });
    const { code, stderr } = await exited(child);
    expect(code).toBe(2);
    expect(stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(message);
  }, 30_000);
});
