// The MCP TypeScript SDK: a real McpServer and Client over the SDK's in-memory transport, with servers of
// operations and business tools (configs, issues, orders, jobs, messages, SQL, tasks, contacts, invoices,
// deployments). The results are the CallToolResults the client gets (isError and text), the errors the SDK raises
// (unknown tools, invalid arguments, timeouts, missing resources, output schemas) and successes that only look
// like errors. The truth of each case is stated with it (../../LABELLING.md).
import { execFileSync } from 'node:child_process';
import { accessSync, constants, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createConnection } from 'node:net';
import { dirname } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { request as undiciRequest } from 'undici';
import { z } from 'zod';
import { add, asNobody, httpGet, MCP_VERSION, run, SCRATCH, thrown } from './common.mjs';
import { REPORT_ARGS } from './values.mjs';

const MCP_HOW = `@modelcontextprotocol/sdk ${MCP_VERSION} McpServer and Client over InMemoryTransport`;

/** A Client connected to `server` over the SDK's in-memory transport, and `call(name, args)` of a tool. */
export async function connectClient(server, name) {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name, version: '1.0.0' });
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  return { client, serverSide, call: (tool, args) => client.callTool({ name: tool, arguments: args }) };
}

/** MCP cases `[kase, call, truth, reason]`, `call` the pending callTool or a function that makes it: the result
 * as JSON, its text and, where the result is an error, that text flagged is_error. */
export async function addToolResults(source, cases) {
  const how = MCP_HOW;
  for (const [kase, call, truth, reason] of cases) {
    const result = await (typeof call === 'function' ? call() : call);
    const text = result.content[0].text;
    const isError = result.isError === true;
    if ((truth === 'none') === isError) throw new Error(`mcp ${kase}: isError is ${isError}`);
    add(source, kase, 'call-tool-result', JSON.stringify(result), truth, reason, `${how}: JSON.stringify(callTool result)`);
    add(source, kase, 'text', text, truth, reason, `${how}: the result's text`);
    if (isError) add(source, kase, 'text-is-error', text, truth, reason, `${how}: the result's text, flagged is_error by the client`, true);
  }
}

/** MCP client calls `[kase, action, truth, reason, what]` that throw: the error's `String(err)` and `message`. */
export async function addMcpThrown(source, cases) {
  const how = MCP_HOW;
  for (const [kase, action, truth, reason, what] of cases) {
    const e = await thrown(action);
    add(source, kase, 'string', String(e), truth, reason, `${how}: ${what}`);
    add(source, kase, 'message', e.message, truth, reason, `${how}: ${what}`);
  }
}

export async function mcp(env) {
  const source = 'mcp-sdk';
  const server = new McpServer({ name: 'corpus', version: '1.0.0' });
  server.registerTool('read_config', { inputSchema: { path: z.string() } }, async ({ path }) => ({ content: [{ type: 'text', text: await readFile(path, 'utf8') }] }));
  server.registerTool('fetch_page', { inputSchema: { url: z.string() } }, async ({ url }) => {
    const res = await fetch(url);
    if (!res.ok) throw new Error(`HTTP ${res.status} ${res.statusText}`);
    return { content: [{ type: 'text', text: await res.text() }] };
  });
  server.registerTool('run_script', { inputSchema: { path: z.string() } }, async ({ path }) => {
    accessSync(path, constants.X_OK);
    return { content: [{ type: 'text', text: 'started' }] };
  });
  server.registerTool('create_event', { inputSchema: { title: z.string().min(1), start: z.iso.datetime(), attendees: z.array(z.email()).max(5) } }, async ({ title }) => ({ content: [{ type: 'text', text: `created ${title}` }] }));
  server.registerTool('set_level', { inputSchema: { level: z.enum(['debug', 'info', 'warn']) } }, async ({ level }) => ({ content: [{ type: 'text', text: `level=${level}` }] }));
  server.registerTool('quota', {}, async () => ({ content: [{ type: 'text', text: 'Daily quota exhausted for this API key; it resets at 00:00 UTC.' }], isError: true }));
  server.registerTool('search', { inputSchema: { q: z.string() } }, async ({ q }) => ({ content: [{ type: 'text', text: `3 results for "${q}": "Fixing Error: ECONNRESET in Node", "Why 403 Forbidden?", "Timeouts explained"` }] }));
  server.registerTool('slow', {}, async (extra) => {
    await new Promise((resolve) => {
      extra.signal.addEventListener('abort', resolve);
      setTimeout(resolve, 2_000).unref();
    });
    return { content: [{ type: 'text', text: 'late' }] };
  });
  const { client, call } = await connectClient(server, 'corpus');
  const how = MCP_HOW;
  const cases = [
    ['enoent', call('read_config', { path: `${SCRATCH}/missing.json` }), 'ambiguous', 'missing file'],
    ['fetch-refused', call('fetch_page', { url: `http://127.0.0.1:${env.refusedPort}/` }), 'ambiguous', 'fetch failed without its cause: a refused or reset connection, a timeout and a host that does not resolve read the same (LABELLING.md: ambiguous)'],
    ['http-429', call('fetch_page', { url: `http://127.0.0.1:${env.statusPort}/status/429` }), 'transient', 'rate limited'],
    ['http-503', call('fetch_page', { url: `http://127.0.0.1:${env.statusPort}/status/503` }), 'transient', 'service unavailable'],
    ['http-401', call('fetch_page', { url: `http://127.0.0.1:${env.statusPort}/status/401` }), 'unrecoverable', 'credentials refused'],
    ['http-403', call('fetch_page', { url: `http://127.0.0.1:${env.statusPort}/status/403` }), 'unrecoverable', 'forbidden'],
    ['http-404', call('fetch_page', { url: `http://127.0.0.1:${env.statusPort}/status/404` }), 'ambiguous', 'missing resource'],
    ['http-500', call('fetch_page', { url: `http://127.0.0.1:${env.statusPort}/status/500` }), 'transient', 'server error'],
    ['eacces', call('run_script', { path: `${SCRATCH}/tool.sh` }), 'unrecoverable', 'permission denied'],
    ['unknown-tool', call('no_such_tool', {}), 'fixable', 'the tool name is the value to change'],
    ['invalid-enum', call('set_level', { level: 'verbose' }), 'fixable', 'names level and its allowed values'],
    ['invalid-fields', call('create_event', { title: '', start: 'tomorrow', attendees: ['bob'] }), 'fixable', 'names the fields and what each must be'],
    ['missing-field', call('create_event', { title: 'Standup' }), 'fixable', 'names the missing fields'],
    ['quota', call('quota', {}), 'unrecoverable', 'a daily quota exhausted until tomorrow: no call succeeds now'],
    ['ok-mentions-errors', call('search', { q: 'node errors' }), 'none', 'search results naming error words'],
    ['ok', call('set_level', { level: 'info' }), 'none', 'a successful result'],
  ];
  await addToolResults(source, cases);
  const methodNotFound = await thrown(() => client.listPrompts());
  add(source, 'method-not-found', 'string', String(methodNotFound), 'unrecoverable', 'JSON-RPC -32601: the server does not offer the method (a capability it lacks); no retry and no other arguments of the tool call change that', `${how}: listPrompts on a server without prompts`);
  const timeout = await thrown(() => client.callTool({ name: 'slow', arguments: {} }, undefined, { timeout: 50 }));
  add(source, 'request-timeout', 'string', String(timeout), 'transient', 'an RPC request timeout', `${how}: callTool with a 50 ms request timeout`);
  add(source, 'request-timeout', 'message', timeout.message, 'transient', 'an RPC request timeout', `${how}: callTool with a 50 ms request timeout`);
  await Promise.all([client.close(), server.close()]);
}

export async function mcpIssuesOrdersAndResources(env) {
  const source = 'mcp-sdk';
  const base = `http://127.0.0.1:${env.apiPort}`;
  const server = new McpServer({ name: 'corpus-2', version: '1.0.0' });
  server.registerTool('list_issues', { inputSchema: { repo: z.string().regex(/^[\w.-]+\/[\w.-]+$/), limit: z.number().int().min(1).max(100), filter: z.object({ state: z.enum(['open', 'closed']), since: z.iso.date() }).optional() } }, async ({ repo }) => ({ content: [{ type: 'text', text: repo }] }));
  server.registerTool('fetch_url', { inputSchema: { url: z.url() } }, async ({ url }) => ({ content: [{ type: 'text', text: url }] }));
  server.registerTool('search_orders', { inputSchema: { query: z.string(), limit: z.number() } }, async ({ limit }) => {
    // The tool's own check, thrown as the SDK's McpError.
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw new McpError(ErrorCode.InvalidParams, `limit must be an integer between 1 and 100, got ${limit}`);
    return { content: [{ type: 'text', text: '[]' }] };
  });
  server.registerTool('order_stats', {}, async () => {
    await new Promise((resolve, reject) => createConnection(env.refusedPort, '127.0.0.1').on('connect', resolve).on('error', (e) => reject(new McpError(ErrorCode.InternalError, `Database unavailable: ${e.message}`))));
    return { content: [{ type: 'text', text: '{}' }] };
  });
  server.registerTool('call_api', { inputSchema: { path: z.string() } }, async ({ path }) => {
    const res = await fetch(`${base}${path}`);
    const body = await res.text();
    return res.ok ? { content: [{ type: 'text', text: body }] } : { content: [{ type: 'text', text: `HTTP ${res.status} ${res.statusText}: ${body}` }], isError: true };
  });
  server.registerTool('read_secret', { inputSchema: { path: z.string() } }, async ({ path }) => {
    const out = await run('cat', [path], { uid: 65534, gid: 65534 });
    return out.code === 0 ? { content: [{ type: 'text', text: out.stdout }] } : { content: [{ type: 'text', text: out.stderr.trim() }], isError: true };
  });
  server.registerTool('tail_log', { inputSchema: { path: z.string() } }, async ({ path }) => ({ content: [{ type: 'text', text: readFileSync(path, 'utf8') }] }));
  let serverTransport;
  server.registerTool('restart_worker', {}, async () => {
    await serverTransport.close();
    return { content: [{ type: 'text', text: 'restarted' }] };
  });
  server.registerResource('report', new ResourceTemplate('reports://{id}', { list: undefined }), {}, async (uri) => {
    throw new McpError(-32002, 'Resource not found', { uri: uri.href });
  });
  server.registerResource('config', 'file:///etc/app/config.json', {}, async (uri) => ({ contents: [{ uri: uri.href, text: '{}' }] }));
  const logPath = `${SCRATCH}/mcp2/app.log`;
  mkdirSync(dirname(logPath), { recursive: true });
  writeFileSync(logPath, '10:00:07 ERROR worker: job 41 failed: TimeoutError after 30s (will retry)\n10:00:38 INFO  worker: job 41 succeeded on attempt 2\n');
  const { client, serverSide, call } = await connectClient(server, 'corpus-2');
  serverTransport = serverSide;
  const cases = [
    ['invalid-type', call('list_issues', { repo: 'acme/api', limit: '20' }), 'fixable', 'names limit and the type it must be'],
    ['invalid-nested', call('list_issues', { repo: 'acme/api', limit: 20, filter: { state: 'all', since: 'last week' } }), 'fixable', 'names filter.state with its options and filter.since as an ISO date'],
    ['invalid-pattern-range', call('list_issues', { repo: 'https://github.com/acme/api', limit: 500 }), 'fixable', 'names repo with its pattern and limit with its maximum'],
    ['invalid-url-field', call('fetch_url', { url: 'example.com/docs' }), 'fixable', 'names the url field as an invalid URL'],
    ['unknown-tool-typo', call('list_isues', { repo: 'acme/api' }), 'fixable', 'the tool name is the value to change'],
    ['tool-invalid-params', call('search_orders', { query: 'late', limit: 500 }), 'fixable', 'the tool names limit and its range'],
    ['tool-internal-refused', call('order_stats', {}), 'transient', 'the database connection was refused'],
    ['upstream-503', call('call_api', { path: '/api/503' }), 'transient', 'the upstream API is unavailable'],
    ['upstream-429', call('call_api', { path: '/api/429-retry-after' }), 'transient', 'rate limited, retry after 2 seconds'],
    ['upstream-quota', call('call_api', { path: '/api/429-daily-quota' }), 'unrecoverable', 'a daily quota exhausted until a reset hours away'],
    ['permission-denied', call('read_secret', { path: '/etc/shadow' }), 'unrecoverable', 'permission denied'],
    ['ok-log-errors', call('tail_log', { path: logPath }), 'none', 'the log was read; its lines name errors'],
  ];
  await addToolResults(source, cases);
  const thrownCases = [
    ['resource-not-found', () => client.readResource({ uri: 'file:///etc/app/missing.json' }), 'ambiguous', 'the resource is not found', 'readResource of an unknown URI'],
    ['resource-not-found-32002', () => client.readResource({ uri: 'reports://q3-2025' }), 'ambiguous', 'the resource is not found', 'readResource of a template whose callback throws McpError(-32002)'],
    ['connection-closed', () => call('restart_worker', {}), 'transient', 'the connection to the server closed during the call', 'callTool of a tool whose server closes its transport'],
  ];
  await addMcpThrown(source, thrownCases);
  await Promise.all([client.close(), server.close()]);
}

export async function mcpJobsMessagesAndOutputSchemas(env) {
  const source = 'mcp-sdk';
  const base = `http://127.0.0.1:${env.azureSlackAwsPort}`;
  const server = new McpServer({ name: 'corpus-3', version: '1.0.0' }, { capabilities: { tools: { listChanged: true } } });
  server.registerTool('post_message', { inputSchema: { channel: z.string(), text: z.string() } }, async ({ channel }) => {
    const res = await fetch(`${base}/api/${channel}`);
    const data = await res.json();
    if (!data.ok) throw new Error(`Slack API error: ${data.error}`);
    return { content: [{ type: 'text', text: `posted ${data.ts}` }] };
  });
  server.registerTool('health', { inputSchema: { service: z.string() } }, async ({ service }) => {
    const { res } = await httpGet(`${base}/api/${service}`);
    if (res.statusCode !== 200) throw new Error(`Request Failed.\nStatus Code: ${res.statusCode}`);
    return { content: [{ type: 'text', text: 'ok' }] };
  });
  server.registerTool('export_report', { inputSchema: { args: z.record(z.string(), z.unknown()) } }, async ({ args }) => {
    const parsed = REPORT_ARGS.safeParse(args);
    if (!parsed.success) throw new Error(`Invalid report arguments:\n${z.prettifyError(parsed.error)}`);
    return { content: [{ type: 'text', text: 'queued' }] };
  });
  const jobOutput = { jobId: z.string(), failed: z.number().int(), errors: z.array(z.string()), lastError: z.string().nullable() };
  server.registerTool('schedule_job', { inputSchema: { name: z.string(), run_at: z.string() } }, async ({ name, run_at: runAt }) => {
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(runAt)) {
      return { content: [{ type: 'text', text: `run_at must be an ISO 8601 UTC timestamp like 2026-04-01T02:00:00Z, got "${runAt}"` }], structuredContent: { error: { code: 'INVALID_ARGUMENT', field: 'run_at' } }, isError: true };
    }
    const out = { jobId: `job-${name}`, failed: 0, errors: [], lastError: null };
    return { content: [{ type: 'text', text: JSON.stringify(out) }], structuredContent: out };
  });
  server.registerTool('job_status', { inputSchema: { id: z.string() }, outputSchema: jobOutput }, async ({ id }) => {
    // A server bug: the structured content does not match the declared output schema.
    const out = { jobId: id, failed: '2', errors: 'timeout' };
    return { content: [{ type: 'text', text: JSON.stringify(out) }], structuredContent: out };
  });
  const legacy = server.registerTool('legacy_search', { inputSchema: { q: z.string() } }, async () => ({ content: [{ type: 'text', text: '[]' }] }));
  server.registerPrompt('summarize', { argsSchema: { text: z.string(), style: z.enum(['short', 'bullets']) } }, ({ text }) => ({ messages: [{ role: 'user', content: { type: 'text', text } }] }));
  const { client, call } = await connectClient(server, 'corpus-3');
  await client.listTools();
  legacy.remove();
  const cases = [
    ['tool-throws-slack-ratelimited', () => call('post_message', { channel: 'slack-ratelimited', text: 'deploy done' }), 'transient', 'rate limited'],
    ['tool-throws-slack-invalid-auth', () => call('post_message', { channel: 'slack-invalid-auth', text: 'deploy done' }), 'unrecoverable', 'the token is invalid'],
    ['tool-throws-status-503', () => call('health', { service: 'retry-503' }), 'transient', '503: service unavailable'],
    ['tool-throws-zod-pretty', () => call('export_report', { args: { team: 'data', from: '2026-03-01', limit: '50', format: 'pdf' } }), 'fixable', "the tool's own check names limit and format with what each must be"],
    ['structured-error-field', () => call('schedule_job', { name: 'nightly', run_at: 'tonight at 2' }), 'fixable', 'names run_at and the timestamp form it must have'],
    ['removed-tool', () => call('legacy_search', { q: 'refund' }), 'fixable', 'the tool was removed: its name is the value to change'],
    ['output-schema-violation', () => call('job_status', { id: 'job-9' }), 'ambiguous', "the server's own output does not match its output schema; no change of the call is named"],
    ['ok-structured-error-words', () => call('schedule_job', { name: 'nightly', run_at: '2026-04-01T02:00:00Z' }), 'none', 'the job was scheduled; its fields are named failed, errors and lastError'],
  ];
  await addToolResults(source, cases);
  const thrownCases = [
    ['prompt-invalid-arguments', () => client.getPrompt({ name: 'summarize', arguments: { text: 'Q3 notes', style: 'long' } }), 'fixable', 'names the style argument and its options', 'getPrompt with an argument outside its enum'],
  ];
  await addMcpThrown(source, thrownCases);
  await Promise.all([client.close(), server.close()]);
}

export async function mcpSqlAndClosedSockets(env) {
  const source = 'mcp-sdk';
  const base = `http://127.0.0.1:${env.twilioGcsJiraPort}`;
  const dir = `${SCRATCH}/mcp7`;
  mkdirSync(dir, { recursive: true });
  execFileSync('python3', ['-c', 'import sqlite3; c = sqlite3.connect("crm.db"); c.execute("CREATE TABLE contacts (id INTEGER PRIMARY KEY, email TEXT UNIQUE NOT NULL, name TEXT)"); c.execute("INSERT INTO contacts (email, name) VALUES (\'dana@example.com\', \'Dana\')"); c.commit()'], { cwd: dir });
  writeFileSync(`${dir}/run_sql.py`, 'import sqlite3\nimport sys\n\ncon = sqlite3.connect("crm.db")\nrows = con.execute(sys.argv[1]).fetchall()\ncon.commit()\nprint(rows)\n');
  const server = new McpServer({ name: 'corpus-7', version: '1.0.0' });
  server.registerTool('call_api', { inputSchema: { path: z.string() } }, async ({ path }) => {
    const res = await fetch(`${base}${path}`);
    const body = await res.text();
    return res.ok ? { content: [{ type: 'text', text: body }] } : { content: [{ type: 'text', text: `HTTP ${res.status} ${res.statusText}: ${body}` }], isError: true };
  });
  server.registerTool('post_json', { inputSchema: { url: z.string(), body: z.string() } }, async ({ url, body }) => {
    // undici request(); its error message is what the SDK puts in the result.
    const res = await undiciRequest(url, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
    return { content: [{ type: 'text', text: await res.body.text() }] };
  });
  server.registerTool('schedule_job', { inputSchema: { name: z.string(), cron: z.string().regex(/^(\S+\s+){4}\S+$/), retries: z.number().int().min(0).max(5) } }, async ({ name }) => ({ content: [{ type: 'text', text: `scheduled ${name}` }] }));
  server.registerTool('run_sql', { inputSchema: { sql: z.string() } }, async ({ sql }) => {
    const out = await run('python3', ['run_sql.py', sql], { cwd: dir });
    return out.code === 0 ? { content: [{ type: 'text', text: out.stdout }] } : { content: [{ type: 'text', text: `Query failed (exit ${out.code}):\n${out.stderr}` }], isError: true };
  });
  const { client, call } = await connectClient(server, 'corpus-7');
  const cases = [
    ['upstream-429-zendesk', () => call('call_api', { path: '/api/zendesk-429' }), 'transient', '429: a rate limit for ticket updates; wait before trying again'],
    ['upstream-401-openai', () => call('call_api', { path: '/api/openai-401' }), 'unrecoverable', '401: the API key is incorrect'],
    ['tool-throws-other-side-closed', () => call('post_json', { url: `http://127.0.0.1:${env.closePort}/v1/events`, body: '{"type":"deploy"}' }), 'transient', 'the server closed the connection without answering (other side closed)'],
    ['invalid-regex-and-max', () => call('schedule_job', { name: 'nightly-export', cron: 'every day at 2am', retries: 10 }), 'fixable', 'names cron with the pattern it must match and retries with its maximum'],
    ['tool-sql-no-such-column', () => call('run_sql', { sql: 'SELECT id, email, phone FROM contacts' }), 'ambiguous', 'an unknown column: which one is meant is not said'],
    ['tool-sql-unique-constraint', () => call('run_sql', { sql: "INSERT INTO contacts (email, name) VALUES ('dana@example.com', 'Dana Scully')" }), 'ambiguous', 'a UNIQUE constraint failed: a conflict with stored data'],
  ];
  await addToolResults(source, cases);
  await Promise.all([client.close(), server.close()]);
}

export async function mcpTasksContactsAndRebuilds(env) {
  const source = 'mcp-sdk';
  const base = `http://127.0.0.1:${env.discordNotionSentryPort}`;
  const dir = `${SCRATCH}/mcp8`;
  mkdirSync(dir, { recursive: true });
  writeFileSync(`${dir}/weekly_report.py`, 'import json\n\nwith open("usage.json") as f:\n    usage = json.load(f)\n\nfor team in usage["teams"]:\n    print(team["name"], team["seats_used"] / team["seats"])\n');
  writeFileSync(`${dir}/usage.json`, '{"teams": [{"name": "web", "seats": 10, "seats_used": 7}, {"name": "data", "seats_used": 3}]}\n');
  const server = new McpServer({ name: 'corpus-8', version: '1.0.0' });
  server.registerTool('call_api', { inputSchema: { path: z.string() } }, async ({ path }) => {
    const res = await fetch(`${base}${path}`);
    const body = await res.text();
    return res.ok ? { content: [{ type: 'text', text: body }] } : { content: [{ type: 'text', text: `HTTP ${res.status} ${res.statusText}: ${body}` }], isError: true };
  });
  server.registerTool('create_task', { inputSchema: { title: z.string(), priority: z.string(), due_date: z.string().optional() } }, async (args) => {
    // The task API validates the body it is sent (its answer is the FastAPI-style 422 of the Discord, Notion and Sentry server).
    const res = await fetch(`${base}/api/fastapi-422`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(args) });
    const body = await res.text();
    return res.ok ? { content: [{ type: 'text', text: body }] } : { content: [{ type: 'text', text: `HTTP ${res.status} ${res.statusText}: ${body}` }], isError: true };
  });
  server.registerTool('sync_contacts', {}, async () => {
    try {
      await fetch(`http://127.0.0.1:${env.resetPort}/v1/contacts?updated_since=2026-08-01`);
    } catch (e) {
      throw new Error(`Contact sync failed: ${e.message} (${e.cause?.code}: ${e.cause?.message})`);
    }
    return { content: [{ type: 'text', text: 'synced' }] };
  });
  server.registerTool('send_message', { inputSchema: { channel: z.string().regex(/^#[a-z0-9-]+$/), text: z.string().min(1).max(4000), thread_ts: z.string().optional() } }, async ({ channel }) => ({ content: [{ type: 'text', text: `posted to ${channel}` }] }));
  server.registerTool('get_forecast', { inputSchema: { city: z.string() } }, async ({ city }) => ({ content: [{ type: 'text', text: `${city}: 18°C` }] }));
  server.registerTool('save_note', { inputSchema: { path: z.string(), text: z.string() } }, async ({ path, text }) => {
    // The server runs this write as user nobody, so that its permission error is real.
    const texts = await asNobody(`require('fs').writeFileSync(${JSON.stringify(path)}, ${JSON.stringify(text)})`);
    return { content: [{ type: 'text', text: `Could not save the note: ${texts.message}` }], isError: true };
  });
  server.registerTool('run_report', { inputSchema: { name: z.string() } }, async ({ name }) => {
    const out = await run('python3', [`${name}.py`], { cwd: dir });
    return out.code === 0 ? { content: [{ type: 'text', text: out.stdout }] } : { content: [{ type: 'text', text: `Report ${name} failed (exit ${out.code}):\n${out.stdout}${out.stderr}` }], isError: true };
  });
  server.registerTool('search_docs', { inputSchema: { query: z.string() } }, async () => {
    // The server's own failure while its index is rebuilt.
    throw new McpError(ErrorCode.InternalError, 'Search index is being rebuilt; try again in about a minute');
  });
  server.registerTool('list_alerts', {}, async () => ({ content: [{ type: 'text', text: '0 alerts firing.\nResolved in the last 24 h:\n- HighErrorRate (api): 5xx ratio above 2% for 10 min, resolved 03:12\n- DiskPressure (db-1): 91% used, resolved 04:40 after log rotation' }] }));
  const { client, call } = await connectClient(server, 'corpus-8');
  const cases = [
    ['r8-upstream-504-gateway', () => call('call_api', { path: '/api/alb-504' }), 'transient', '504: gateway timeout (a load balancer page)'],
    ['r8-upstream-401-bad-credentials', () => call('call_api', { path: '/api/github-401' }), 'unrecoverable', '401: bad credentials'],
    ['r8-upstream-422-task-fields', () => call('create_task', { title: 'Renew the TLS certificate', priority: 'urgent' }), 'fixable', "the API's 422 names the call's due_date as required and priority with its options"],
    ['r8-tool-throws-fetch-reset', () => call('sync_contacts', {}), 'transient', 'the connection was reset (the tool names the cause)'],
    ['r8-invalid-pattern-min', () => call('send_message', { channel: 'general', text: '' }), 'fixable', 'names channel with the pattern it must match and text with its minimum length'],
    ['r8-unknown-tool', () => call('get_weather_forecast', { city: 'Lisbon' }), 'fixable', 'the tool name is the value to change'],
    ['r8-tool-write-eacces', () => call('save_note', { path: '/etc/rb-notes.md', text: 'standup moved to 10:00' }), 'unrecoverable', 'permission denied writing under /etc'],
    ['r8-tool-script-keyerror', () => call('run_report', { name: 'weekly_report' }), 'ambiguous', "a traceback of the script the tool ran (a KeyError on the data): the code or the data is wrong, not the call"],
    ['r8-server-index-rebuilding', () => call('search_docs', { query: 'rotate api keys' }), 'transient', "the server's own failure while its index is rebuilt; try again in a minute"],
    ['r8-ok-alerts-resolved', () => call('list_alerts', {}), 'none', 'the alerts were listed: none firing; the resolved ones name errors'],
  ];
  await addToolResults(source, cases);
  await Promise.all([client.close(), server.close()]);
}

export async function mcpInvoicesCustomersAndDeployments(env) {
  const source = 'mcp-sdk';
  const base = `http://127.0.0.1:${env.xMailgunCloudfrontPort}`;
  const dir = `${SCRATCH}/mcp9`;
  mkdirSync(`${dir}/not-a-repo`, { recursive: true });
  const server = new McpServer({ name: 'corpus-9', version: '1.0.0' });
  server.registerTool('call_api', { inputSchema: { path: z.string() } }, async ({ path }) => {
    const res = await fetch(`${base}${path}`);
    const body = await res.text();
    return res.ok ? { content: [{ type: 'text', text: body }] } : { content: [{ type: 'text', text: `HTTP ${res.status} ${res.statusText}: ${body}` }], isError: true };
  });
  server.registerTool('update_record', { inputSchema: { table: z.string(), id: z.string(), fields: z.record(z.string(), z.string()) } }, async ({ table, id, fields }) => {
    // The table API validates the fields it is sent (its answer is the Airtable-style 422 of the X, Mailgun and CloudFront server).
    const res = await fetch(`${base}/api/airtable-422`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ table, id, fields }) });
    return { content: [{ type: 'text', text: `Update of ${table}/${id} failed (${res.status}): ${await res.text()}` }], isError: true };
  });
  server.registerTool('get_invoice', { inputSchema: { id: z.string() } }, async ({ id }) => {
    try {
      await fetch(`http://127.0.0.1:${env.refusedPort}/v1/invoices/${id}`);
    } catch (e) {
      throw new Error(`${e.message}: ${e.cause?.message}`);
    }
    return { content: [{ type: 'text', text: 'ok' }] };
  });
  server.registerTool('find_customer', { inputSchema: { email: z.string() } }, async ({ email }) => ({ content: [{ type: 'text', text: `No customer matches the email ${email}. Searched 2,318 customers in workspace acme.` }], isError: true }));
  server.registerTool('create_invoice', { inputSchema: { customer_id: z.string().startsWith('cus_'), amount_cents: z.number().int().positive(), currency: z.enum(['USD', 'EUR', 'GBP']) } }, async ({ customer_id }) => ({ content: [{ type: 'text', text: `invoice for ${customer_id}` }] }));
  server.registerTool('summarize_orders', { inputSchema: { day: z.string() } }, async () => {
    // A bug of the server: the upstream answer has no `items`.
    const orders = JSON.parse('{"day":"2026-09-01","count":0}');
    return { content: [{ type: 'text', text: orders.items.map((o) => o.id).join(', ') }] };
  });
  server.registerTool('run_command', { inputSchema: { command: z.string() } }, async ({ command }) => {
    const out = await run('sh', ['-c', command], { cwd: `${dir}/not-a-repo`, env: { ...process.env, GIT_CEILING_DIRECTORIES: SCRATCH, LANG: 'C' } });
    return out.code === 0 ? { content: [{ type: 'text', text: out.stdout }] } : { content: [{ type: 'text', text: `exit code ${out.code}\n${out.stdout}${out.stderr}` }], isError: true };
  });
  server.registerTool('list_deployments', {}, async () => ({ content: [{ type: 'text', text: 'web  v42  healthy  (rolled out 08:10; v41 was rolled back after 502 errors from the checkout service)\napi  v318 healthy  (0 failed health checks in 24 h)\njobs v77  healthy  (last crash loop: none)' }] }));
  server.registerResource('report', new ResourceTemplate('reports://{name}', { list: undefined }), {}, async (uri) => ({ contents: [{ uri: uri.href, text: 'q2' }] }));
  const { client, call } = await connectClient(server, 'corpus-9');
  await addToolResults(source, [
    ['r9-upstream-503-maintenance', () => call('call_api', { path: '/api/heroku-503' }), 'transient', '503: the API is down for scheduled maintenance; try again in a few minutes'],
    ['r9-upstream-403-scope', () => call('call_api', { path: '/api/auth0-403' }), 'unrecoverable', '403: the token lacks the scope read:users'],
    ['r9-upstream-422-select-option', () => call('update_record', { table: 'Tasks', id: 'rec8XkQ2', fields: { Status: 'Done!' } }), 'fixable', 'the 422 names the field Status and its valid options'],
    ['r9-tool-throws-refused', () => call('get_invoice', { id: 'in_1042' }), 'transient', 'the connection was refused (the tool names the cause)'],
    ['r9-tool-no-match', () => call('find_customer', { email: 'lee@example.org' }), 'ambiguous', "the tool's own not found: which customer is meant is not said"],
    ['r9-invalid-prefix-int-enum', () => call('create_invoice', { customer_id: '42', amount_cents: 19.99, currency: 'usd' }), 'fixable', 'names customer_id with its prefix, amount_cents as an integer and currency with its options'],
    ['r9-server-type-error', () => call('summarize_orders', { day: '2026-09-01' }), 'ambiguous', "a TypeError of the server's own code: the code is wrong, not the call"],
    ['r9-tool-not-a-git-repo', () => call('run_command', { command: 'git status --short' }), 'ambiguous', 'git: the directory is not a repository; which one is meant is not said'],
    ['r9-ok-deployments-healthy', () => call('list_deployments', {}), 'none', 'the deployments were listed, all healthy; a note names 502 errors of a rolled-back version'],
  ]);
  await addMcpThrown(source, [
    ['r9-resource-not-found', () => client.readResource({ uri: 'file:///srv/reports/q3.md' }), 'ambiguous', 'the resource is not found; the valid ones are not listed', 'readResource of a URI no resource or template matches'],
  ]);
  await Promise.all([client.close(), server.close()]);
}
