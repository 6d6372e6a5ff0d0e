// The sim engine and the recorder between a client (an agent, the AI SDK) and the engine, shared by agents.mjs
// and ai-sdk.mjs: the engine runs one sim script per case; the recorder forwards every request to it and keeps
// the request under the case marker (`[case:…]`) of its first user message.
import { spawn } from 'node:child_process';
import { createServer, request } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = join(dirname(fileURLToPath(import.meta.url)), '../../../..');

const textOfContent = (content) => (typeof content === 'string' ? content : (Array.isArray(content) ? content : []).map((p) => p?.text ?? '').join('\n'));

/** The case marker of a request: in its first user message (Chat Completions, Anthropic Messages), or in the first
 * user message that holds one (Codex CLI's first is its environment context, its prompt comes after; Responses
 * `input`). */
function caseMarker(body) {
  const users = [...(body.messages ?? []), ...(Array.isArray(body.input) ? body.input : [])].filter((m) => m?.role === 'user');
  for (const m of users) {
    const key = /\[case:[^\]]+\]/.exec(textOfContent(m.content))?.[0];
    if (key) return key;
  }
  return undefined;
}

/** Starts the recorder in front of the engine on `simPort`. A request with a case marker whose body `keep`
 * accepts is pushed to `sessions` (a Map from the marker to `{ requests: [{ userAgent, body }] }`), and the
 * session's `onRequest`, where one is set, is called. */
export function startRecorder(simPort, sessions, keep = () => true) {
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      let body;
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        body = undefined;
      }
      const key = body && caseMarker(body);
      if (key && keep(body)) {
        const session = sessions.get(key) ?? { requests: [] };
        session.requests.push({ userAgent: req.headers['user-agent'], body });
        sessions.set(key, session);
        session.onRequest?.();
      }
      const upstream = request({ host: '127.0.0.1', port: simPort, method: req.method, path: req.url, headers: { ...req.headers, host: `127.0.0.1:${simPort}` } }, (r) => {
        res.writeHead(r.statusCode ?? 502, r.headers);
        r.pipe(res);
      });
      upstream.on('error', (e) => res.writeHead(502).end(String(e)));
      upstream.end(raw);
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** Runs `recovery-bench <args>`; resolves with the child and its port once it prints "listening on …". */
function startListening(name, args) {
  const child = spawn(process.execPath, [join(REPO, 'apps/bench-runner/bin/recovery-bench.mjs'), ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
      if (m) resolve({ child, port: Number(m[1]) });
    });
    child.on('exit', (code) => reject(new Error(`${name} exited ${code}: ${out}`)));
  });
}

/** Starts `recovery-bench sim-engine --profile ideal` on the scripts in `scriptsDir`. */
export function startSim(scriptsDir) {
  return startListening('sim-engine', ['sim-engine', '--port', '0', '--profile', 'ideal', '--scripts', scriptsDir]);
}

/** Starts `recovery-bench proxy --form off` in front of the engine on `simPort` (it converts the Anthropic and
 * Responses surfaces to the engine's Chat Completions). */
export function startProxy(simPort, records) {
  return startListening('proxy', ['proxy', '--upstream', `http://127.0.0.1:${simPort}`, '--port', '0', '--form', 'off', '--records', records]);
}
