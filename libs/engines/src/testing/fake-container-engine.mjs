// A stand-in for an inference engine inside a test container (run by the host's node through a read-only /usr
// mount). It behaves as the engine table says engines do while loading and serving, driven by environment
// variables, so the Docker lifecycle can be tested without a GPU or an image registry.
//   PORT, HOST (127.0.0.1)            where to listen
//   FAKE_READY_AFTER_MS (0)           /health answers 503 "Loading model" until then
//   FAKE_EXIT_AFTER_MS, FAKE_EXIT_CODE  print a fatal error and exit, as a failed model load does
//   FAKE_MODEL (model)                served name
import { appendFileSync } from 'node:fs';
import { createServer } from 'node:http';

const port = Number(process.env.PORT);
const host = process.env.HOST ?? '127.0.0.1';
const model = process.env.FAKE_MODEL ?? 'model';
const started = Date.now();
const readyAfter = Number(process.env.FAKE_READY_AFTER_MS ?? 0);
const seen = [];

console.log(`fake-engine: loading model ${process.argv[2] ?? '(none)'} as ${model}`);
console.error('fake-engine: a line on stderr');

if (process.env.FAKE_EXIT_AFTER_MS !== undefined) {
  setTimeout(() => {
    console.error('fake-engine: fatal: cannot allocate 17179869184 bytes for the KV cache');
    process.exit(Number(process.env.FAKE_EXIT_CODE ?? 1));
  }, Number(process.env.FAKE_EXIT_AFTER_MS));
}

const json = (res, status, body, headers = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};

const server = createServer((req, res) => {
  let text = '';
  req.on('data', (c) => (text += c));
  req.on('end', () => {
    if (req.url === '/health') {
      if (Date.now() - started < readyAfter) return json(res, 503, { error: { code: 503, message: 'Loading model', type: 'unavailable_error' } });
      return json(res, 200, { status: 'ok' });
    }
    if (req.url === '/v1/models') return json(res, 200, { object: 'list', data: [{ id: model, object: 'model', owned_by: 'fake' }] });
    if (req.url === '/probe/model-writable') {
      try {
        appendFileSync(process.argv[2], '');
        return json(res, 200, { writable: true });
      } catch (error) {
        return json(res, 200, { writable: false, code: error.code });
      }
    }
    if (req.url === '/probe/seen') return json(res, 200, seen);
    if (req.url === '/v1/chat/completions') {
      const body = JSON.parse(text || '{}');
      seen.push({ model: body.model, geulpu_tool_errors: body.geulpu_tool_errors ?? null });
      const form = body.geulpu_tool_errors ?? 'off';
      return json(res, 200, {
        id: 'chatcmpl-fake', object: 'chat.completion', created: 0, model,
        choices: [{ index: 0, message: { role: 'assistant', content: `served by fake-engine (tool errors ${form})` }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
      }, { 'x-geulpu-tool-errors': `form=${form}` });
    }
    json(res, 404, { error: { code: 404, message: `no route ${req.url}`, type: 'not_found_error' } });
  });
});

server.listen(port, host, () => console.log(`fake-engine: listening on http://${host}:${port}`));
// As PID 1 in a container a process gets no default signal handling: without this, `docker stop` waits its full timeout.
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    console.log(`fake-engine: ${signal}, stopping`);
    server.close();
    process.exit(0);
  });
}
