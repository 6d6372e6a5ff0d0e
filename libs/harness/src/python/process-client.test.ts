import { afterEach, describe, expect, it } from 'vitest';
import { PythonProcessClient, type JsonLinesProtocol, type ProcessFailure, type PythonProcessOptions } from './process-client.ts';
import { ProcessPool } from './process-pool.ts';

/** A stand-in bridge: `echo` answers, `fail` is a bridge error, `sleep` waits, `crash` exits, `shutdown` ends it. */
const BRIDGE = `
import json, sys, time, os
for line in sys.stdin:
    r = json.loads(line)
    op = r["op"]
    if op == "crash":
        print("about to crash", file=sys.stderr, flush=True)
        sys.exit(3)
    if op == "sleep":
        time.sleep(r["seconds"])
    if op == "noise":
        print("not a reply", flush=True)
    reply = {"id": r["id"], "ok": op != "fail", "op": op, "pid": os.getpid()}
    if op == "fail":
        reply["error"] = "asked to fail"
    print(json.dumps(reply), flush=True)
    if op == "shutdown":
        break
`;

const protocol: JsonLinesProtocol = {
  encode: (request) => JSON.stringify(request),
  decode(line) {
    try {
      const value: unknown = JSON.parse(line);
      return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
    } catch {
      return undefined;
    }
  },
  settle: (reply, op) => (reply.ok === true ? { value: reply } : { error: new Error(`${op}: ${String(reply.error)}`) }),
  failure: (f: ProcessFailure, stderr) => new Error(`${failureText(f)}${stderr.length > 0 ? ` [${stderr.at(-1)}]` : ''}`),
};

function failureText(f: ProcessFailure): string {
  if (f.kind === 'exit') return `exited (${f.signal ?? `code ${f.code}`})`;
  if (f.kind === 'timeout') return `${f.op} timed out after ${f.timeoutMs} ms`;
  if (f.kind === 'spawn') return `cannot start ${f.command}: ${f.error.code}`;
  return f.kind;
}

const clients: PythonProcessClient[] = [];
function client(overrides: Partial<PythonProcessOptions> = {}): PythonProcessClient {
  const c = new PythonProcessClient({ command: 'python3', args: ['-u', '-c', BRIDGE], protocol, hello: { op: 'hello' }, timeoutMs: 5000, afterCrash: 'restart', ...overrides });
  clients.push(c);
  return c;
}
afterEach(() => {
  for (const c of clients.splice(0)) c.kill();
});

describe('PythonProcessClient', () => {
  it('starts on first use with the handshake, then answers requests by id', async () => {
    const c = client();
    expect(c.running).toBe(false);
    const replies = await Promise.all([c.request({ op: 'echo', n: 1 }), c.request({ op: 'echo', n: 2 })]);
    expect(replies.map((r) => r.op)).toEqual(['echo', 'echo']);
    expect((await c.hello()).op).toBe('hello');
    await expect(c.request({ op: 'fail' })).rejects.toThrow('fail: asked to fail');
    expect(c.running).toBe(true);
  });

  it('reports a crash to the pending request with the stderr tail, then restarts on the next request', async () => {
    const c = client();
    const first = (await c.request({ op: 'echo' })).pid;
    await expect(c.request({ op: 'crash' })).rejects.toThrow('exited (code 3) [about to crash]');
    expect(c.running).toBe(false);
    expect(c.alive).toBe(true);
    expect((await c.request({ op: 'echo' })).pid).not.toBe(first);
  });

  it('stays dead after a crash when told to, reporting the first failure to every later request', async () => {
    const c = client({ afterCrash: 'stay-dead' });
    await c.hello();
    const crash = c.request({ op: 'crash' });
    const queued = c.request({ op: 'echo' });
    await expect(crash).rejects.toThrow('exited (code 3)');
    await expect(queued).rejects.toThrow('exited (code 3)');
    expect(c.alive).toBe(false);
    await expect(c.request({ op: 'echo' })).rejects.toThrow('exited (code 3) [about to crash]');
  });

  it("bounds the handshake (the interpreter's start) apart from the requests: a short request limit does not stop a slow start", async () => {
    // An interpreter that takes 600 ms to come up, as on a busy machine, under a 300 ms request limit.
    const slowStart = ['-u', '-c', `import time\ntime.sleep(0.6)\n${BRIDGE}`];
    const c = client({ args: slowStart, timeoutMs: 300 });
    expect((await c.hello()).op).toBe('hello');
    await expect(c.request({ op: 'sleep', seconds: 5 })).rejects.toThrow('sleep timed out after 300 ms');
    // Its own limit, when given, still holds.
    await expect(client({ args: slowStart, timeoutMs: 300, startTimeoutMs: 100 }).hello()).rejects.toThrow('hello timed out after 100 ms');
  });

  it('stops a request that takes too long, keeps stdout noise as stderr, and reports a missing interpreter', async () => {
    const c = client({ timeoutMs: 3000 });
    await c.request({ op: 'noise' });
    expect(c.stderrTail).toContain('[stdout, not protocol] not a reply');
    await expect(c.request({ op: 'sleep', seconds: 10 })).rejects.toThrow('sleep timed out after 3000 ms');
    expect((await c.request({ op: 'echo' })).op).toBe('echo');
    await expect(client({ command: 'python3-not-here' }).hello()).rejects.toThrow('cannot start python3-not-here: ENOENT');
    await expect(client({ preflight: () => { throw new Error('no checkout'); } }).hello()).rejects.toThrow('no checkout');
  });

  it('closes politely with the shutdown request, or at once without one', async () => {
    const polite = client({ shutdown: { op: 'shutdown' }, afterCrash: 'stay-dead' });
    await polite.hello();
    await polite.close();
    expect(polite.running).toBe(false);
    await expect(polite.request({ op: 'echo' })).rejects.toThrow(/exited \(code 0\)/);
    const quick = client();
    const pending = quick.request({ op: 'sleep', seconds: 5 });
    await new Promise((r) => setTimeout(r, 300));
    quick.kill();
    await expect(pending).rejects.toThrow('closed');
  });
});

describe('ProcessPool', () => {
  it('gives concurrent users their own process, reuses idle ones, drops dead ones and closes all', async () => {
    const pool = new ProcessPool<string, PythonProcessClient>({ key: (launch) => launch, create: (launch) => client({ args: ['-u', '-c', BRIDGE, launch], afterCrash: 'stay-dead' }) });
    const [a, b] = await Promise.all([pool.acquire('x'), pool.acquire('x')]);
    expect(a).not.toBe(b);
    pool.release(a);
    expect(await pool.acquire('x')).toBe(a);
    expect(await pool.acquire('y')).not.toBe(a);
    await expect(a.request({ op: 'crash' })).rejects.toThrow();
    pool.release(a);
    pool.release(b);
    expect(await pool.with('x', async (c) => c)).toBe(b);
    await pool.closeAll();
    expect(b.alive).toBe(false);
  });
});
