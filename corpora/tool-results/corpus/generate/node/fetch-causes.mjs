// Round 13: `fetch failed` and its causes. Node's global fetch, the undici package's fetch() and request() fail
// against local servers with each cause undici gives (a refused, reset or closed connection, a host that does not
// resolve, a headers, body or connect timeout, and ETIMEDOUT), in the forms tools return them (`message`, `string`,
// `with-cause`, `named-code`, `inspect`); then the same failures as LangChain.js / LangGraph.js (a real tool() run
// through LangGraph's prebuilt ToolNode and through langchain's createAgent) and the OpenAI Agents SDK (a real
// tool() run by its Runner) deliver them to the model; and successes that name these errors in passing. The truth
// of each form is stated with it, from its own text (../../LABELLING.md, the row on Node's `fetch failed`).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createConnection } from 'node:net';
import { fileURLToPath } from 'node:url';
import { inspect } from 'node:util';
import { Agent, fetch as undiciFetch, request as undiciRequest } from 'undici';
import { add, listen, ports, UNDICI_VERSION } from './common.mjs';

const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
const versionOf = (name) => JSON.parse(readFileSync(new URL(`../../../../../node_modules/${name}/package.json`, import.meta.url), 'utf8')).version;

const AMBIGUOUS_FETCH_FAILED = ['ambiguous', '`fetch failed` alone says nothing of its cause (LABELLING: ambiguous)'];
const TERMINATED = ['transient', '`terminated`: the response body was cut off, by the server closing the connection or by a body timeout, both transient (LABELLING.md)'];
const CAUSES = {
  refused: ['transient', "the tool's backend refused the connection (ECONNREFUSED from a tool's backend: transient)"],
  enotfound: ['ambiguous', 'the host name does not resolve (ENOTFOUND: ambiguous)'],
  reset: ['transient', 'the connection was reset (ECONNRESET: transient)'],
  'closed-mid-body': ['transient', 'the server closed the connection mid-body (other side closed, UND_ERR_SOCKET: transient)'],
  'headers-timeout': ['transient', 'the server sent no headers in time (UND_ERR_HEADERS_TIMEOUT, a network timeout: transient)'],
  'body-timeout': ['transient', 'the body stalled past the body timeout (UND_ERR_BODY_TIMEOUT, a network timeout: transient)'],
  'connect-timeout': ['transient', 'the connection was not established in time (UND_ERR_CONNECT_TIMEOUT: transient)'],
  etimedout: ['transient', 'the connection attempts timed out (ETIMEDOUT: transient; the other address refused, also transient from a backend)'],
};

/** Calls the tool function `fn` from a fresh task (so that its error's async stack ends at the tool, not in this
 * generator) and returns what it threw. */
function failure(fn) {
  return new Promise((resolve, reject) => {
    setImmediate(() => fn().then(() => reject(new Error('the call was expected to fail and did not')), resolve));
  });
}

export async function fetchCausesAndAgentFrameworks(env) {
  // ---------------------------------------------------------------------------------------------------------
  // The servers: a backend whose routes cut a body off mid-way, stall one after the headers, or fail once and
  // then answer; and a port whose listen backlog is full (a python3 socket that never accepts, with filler
  // connections), on 127.0.0.1 only, so that connects to it hang and 127.0.0.2 on the same port is refused.
  const served = new Map();
  const behaviour = new Map();
  const backend = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    const count = (served.get(path) ?? 0) + 1;
    served.set(path, count);
    const kind = behaviour.get(path);
    const json = { 'content-type': 'application/json' };
    if (kind === 'cut' || (kind === 'cut-once' && count === 1)) {
      res.writeHead(200, { ...json, 'content-length': '2048' });
      res.write('{"data":[{"id":"in_1001","amount":4200,"currency":"eur"},{"id":"in_1002",');
      setTimeout(() => res.socket.destroy(), 50);
    } else if (kind === 'stall') {
      res.writeHead(200, { ...json, 'content-length': '4096' });
      res.write('{"rows":[');
    } else if (kind === 'reset-once' && count === 1) {
      req.socket.resetAndDestroy();
    } else {
      res.writeHead(200, json).end(JSON.stringify(BODIES[path] ?? { status: 'ok' }));
    }
  });
  /** The backend's URL of `path`, which answers as `kind` says. */
  const backendUrl = (path, kind) => {
    behaviour.set(path.split('?')[0], kind);
    return `http://127.0.0.1:${backendPort}${path}`;
  };
  const sockets = new Set();
  backend.on('connection', (s) => { sockets.add(s); s.on('close', () => sockets.delete(s)); });
  const backendPort = await listen(backend, 8130);
  const child = spawn('python3', ['-c', 'import socket, time\ns = socket.socket()\ns.bind(("127.0.0.1", 0))\ns.listen(0)\nprint(s.getsockname()[1], flush=True)\ntime.sleep(120)'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const backlogPort = Number(await new Promise((resolve) => child.stdout.once('data', (d) => resolve(String(d).trim()))));
  ports.set(String(backlogPort), '8131');
  const fillers = [];
  for (let i = 0; i < 4; i++) fillers.push(createConnection(backlogPort, '127.0.0.1').on('error', () => {}));
  await new Promise((resolve) => setTimeout(resolve, 200));

  // What varies between runs in these texts, fixed: ports that are not after `127.0.0.1:` or `port: ` (which
  // node-corpus.mjs rewrites), the client's own ephemeral port, and the checkout's root in stack frames.
  const fixed = (t) => t
    .replaceAll(`127.0.0.2:${backlogPort}`, '127.0.0.2:8131')
    .replaceAll(`inventory.internal:${backlogPort}`, 'inventory.internal:8131')
    .replace(/remotePort: (\d+)/g, (m, p) => `remotePort: ${ports.get(p) ?? p}`)
    .replace(/localPort: \d+/g, 'localPort: 41000')
    .replaceAll(ROOT, '/work/main/');
  const INSPECT_NOTE = 'util.inspect(err) as console.error prints it (ephemeral ports fixed, checkout root written /work/main)';

  const timeouts = {
    'headers-timeout': () => new Agent({ headersTimeout: 200 }),
    'body-timeout': () => new Agent({ bodyTimeout: 200 }),
    'connect-timeout': () => new Agent({ connect: { timeout: 300 } }),
    // inventory.internal answered with two addresses; the first hangs (full backlog) past the 250 ms attempt
    // timeout of Node's happy-eyeballs connect, nothing listens on the second.
    etimedout: () => new Agent({ connect: { lookup: twoAddresses, autoSelectFamily: true, autoSelectFamilyAttemptTimeout: 250 } }),
  };
  const DISPATCHER_HOW = {
    'headers-timeout': 'an undici Agent({headersTimeout: 200}) as dispatcher, to a server that never answers',
    'body-timeout': 'an undici Agent({bodyTimeout: 200}) as dispatcher, to a server that sends the headers and then stalls',
    'connect-timeout': 'an undici Agent({connect: {timeout: 300}}) as dispatcher, to a port whose listen backlog is full',
    etimedout: 'an undici Agent whose connect.lookup answers inventory.internal with 127.0.0.1 and 127.0.0.2 (autoSelectFamily, attempt timeout 250 ms): the first address\'s backlog is full, nothing listens on the second',
  };
  const WHERE_HOW = {
    refused: 'to a closed port',
    enotfound: 'of a .invalid host',
    reset: 'to a server that resets the socket',
    'closed-mid-body': 'to a server that sends the headers and part of the body, then closes the socket',
  };
  const how = (cause) => DISPATCHER_HOW[cause] ?? WHERE_HOW[cause];
  const url = (cause, path) => ({
    refused: () => `http://127.0.0.1:${env.refusedPort}${path}`,
    reset: () => `http://127.0.0.1:${env.resetPort}${path}`,
    'closed-mid-body': () => backendUrl(path, 'cut'),
    'headers-timeout': () => `http://127.0.0.1:${env.silentPort}${path}`,
    'body-timeout': () => backendUrl(path, 'stall'),
    'connect-timeout': () => `http://127.0.0.1:${backlogPort}${path}`,
    etimedout: () => `http://inventory.internal:${backlogPort}${path}`,
  })[cause]();
  const init = (cause, extra = {}) => (timeouts[cause] ? { ...extra, dispatcher: timeouts[cause]() } : extra);

  // ---------------------------------------------------------------------------------------------------------
  // 1. The clients themselves: each case is one call of a tool, and each form is how a tool returns the error.
  const fetchCases = {
    'node-fetch': [
      // [case, tool, cause, url (or host for ENOTFOUND)]
      ['r13-get-order-status-refused', 'get_order_status', 'refused', '/v1/orders/ord_1042'],
      ['r13-lookup-customer-enotfound', 'lookup_customer', 'enotfound', 'http://billing.rb-corpus.invalid/v1/customers/cus_88'],
      ['r13-search-docs-reset', 'search_docs', 'reset', '/v1/search?q=rate+limits'],
      ['r13-list-invoices-closed-mid-body', 'list_invoices', 'closed-mid-body', '/v1/invoices?limit=20'],
      ['r13-get-forecast-headers-timeout', 'get_forecast', 'headers-timeout', '/v1/forecast?city=Oslo'],
      ['r13-export-report-body-timeout', 'export_report', 'body-timeout', '/v1/reports/rep_77/export'],
      ['r13-fetch-metrics-connect-timeout', 'fetch_metrics', 'connect-timeout', '/v1/metrics?window=1h'],
      ['r13-check-inventory-etimedout', 'check_inventory', 'etimedout', '/v1/stock/sku_301'],
    ],
    'node-undici': [
      ['r13-fetch-create-ticket-refused', 'create_ticket', 'refused', '/v2/tickets'],
      ['r13-fetch-get-weather-enotfound', 'get_weather', 'enotfound', 'http://weather.rb-corpus.invalid/v1/current?lat=59.91&lon=10.75'],
      ['r13-fetch-post-webhook-reset', 'post_webhook', 'reset', '/hooks/deploy'],
      ['r13-fetch-list-repos-closed-mid-body', 'list_repos', 'closed-mid-body', '/v1/orgs/acme/repos?per_page=50'],
      ['r13-fetch-translate-text-headers-timeout', 'translate_text', 'headers-timeout', '/v2/translate'],
      ['r13-fetch-download-dataset-body-timeout', 'download_dataset', 'body-timeout', '/v1/datasets/ds_12/rows'],
      ['r13-fetch-query-metrics-connect-timeout', 'query_metrics', 'connect-timeout', '/api/v1/query?query=up'],
      ['r13-fetch-reserve-stock-etimedout', 'reserve_stock', 'etimedout', '/v1/reservations'],
    ],
  };
  const POSTS = new Set(['create_ticket', 'post_webhook', 'translate_text', 'reserve_stock']);
  const body = (tool) => (POSTS.has(tool) ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ tool, dry_run: false }) } : {});
  for (const [source, cases] of Object.entries(fetchCases)) {
    const client = source === 'node-fetch' ? fetch : undiciFetch;
    const clientHow = source === 'node-fetch'
      ? `Node's global fetch (undici ${process.versions.undici} inside Node, over the global dispatcher the undici ${UNDICI_VERSION} package installs when imported)`
      : `undici ${UNDICI_VERSION} fetch()`;
    for (const [kase, toolName, cause, path] of cases) {
      const target = cause === 'enotfound' ? path : url(cause, path);
      // The tool's function, named after the tool so that its stack frame carries the name.
      const call = { [toolName]: async () => (await client(target, init(cause, body(toolName)))).json() }[toolName];
      const e = await failure(call);
      const what = `${clientHow}${POSTS.has(toolName) ? ' POST' : ''}, res.json(), ${how(cause)}`;
      const [truth, reason] = CAUSES[cause];
      const bare = e.message === 'terminated' ? TERMINATED : AMBIGUOUS_FETCH_FAILED;
      add(source, kase, 'message', e.message, ...bare, `${what}: err.message`);
      add(source, kase, 'string', String(e), ...bare, `${what}: String(err)`);
      const withCause = `${e.message}: ${e.cause?.message}`;
      const causeShown = Boolean(e.cause?.message);
      add(source, kase, 'with-cause', withCause, ...(causeShown ? [truth, reason] : [bare[0], `the cause's message is empty, so \`${e.message}: \` still names no cause (ambiguous)`]), `${what}: \`\${err.message}: \${err.cause?.message}\``);
      add(source, kase, 'named-code', `${e.name}: ${e.message} (${e.cause?.code})`, truth, reason, `${what}: \`\${err.name}: \${err.message} (\${err.cause?.code})\``);
      add(source, kase, 'inspect', fixed(inspect(e)), truth, reason, `${what}: ${INSPECT_NOTE}`);
    }
  }

  const requestCases = [
    ['r13-request-send-notification-refused', 'send_notification', 'refused', '/v1/notifications'],
    ['r13-request-resolve-address-enotfound', 'resolve_address', 'enotfound', 'http://geo.rb-corpus.invalid/v1/geocode?q=Karl+Johans+gate+1'],
    ['r13-request-sync-calendar-reset', 'sync_calendar', 'reset', '/v3/calendars/primary/events?syncToken=CPDAlvWDx70CEPDAlvWDx70CGAU'],
    ['r13-request-list-transactions-closed-mid-body', 'list_transactions', 'closed-mid-body', '/v1/accounts/acc_9/transactions?from=2024-01-01'],
    ['r13-request-summarize-page-headers-timeout', 'summarize_page', 'headers-timeout', '/v1/extract?url=https%3A%2F%2Fexample.com%2Fpricing'],
    ['r13-request-get-logs-body-timeout', 'get_logs', 'body-timeout', '/v1/services/api/logs?since=1h'],
    ['r13-request-get-status-connect-timeout', 'get_status', 'connect-timeout', '/healthz'],
    ['r13-request-update-inventory-etimedout', 'update_inventory', 'etimedout', '/v1/stock/sku_301'],
  ];
  for (const [kase, toolName, cause, path] of requestCases) {
    const target = cause === 'enotfound' ? path : url(cause, path);
    const call = { [toolName]: async () => (await undiciRequest(target, init(cause))).body.json() }[toolName];
    const e = await failure(call);
    const what = `undici ${UNDICI_VERSION} request(), body.json(), ${how(cause)}`;
    const [truth, reason] = CAUSES[cause];
    // request() throws the cause itself; an AggregateError (ETIMEDOUT) has an empty message and no cause.
    const silent = e.message === '';
    add('node-undici', kase, 'message', e.message, ...(silent ? ['ambiguous', "the AggregateError's message is empty: nothing names a cause"] : [truth, reason]), `${what}: err.message`);
    add('node-undici', kase, 'string', String(e), ...(silent ? ['ambiguous', '`AggregateError` alone names no cause'] : [truth, reason]), `${what}: String(err)`);
    add('node-undici', kase, 'named-code', `${e.name}: ${e.message} (${e.cause?.code ?? e.code})`, truth, reason, `${what}: \`\${err.name}: \${err.message} (\${err.cause?.code ?? err.code})\` (request() errors have no cause)`);
    add('node-undici', kase, 'inspect', fixed(inspect(e)), truth, reason, `${what}: ${INSPECT_NOTE}`);
  }

  // ---------------------------------------------------------------------------------------------------------
  // 2. The agent frameworks: what their tool node / runner sends the model when the tool's fetch fails.
  const { z } = await import('zod');
  const { tool: lcTool } = await import('@langchain/core/tools');
  const { AIMessage } = await import('@langchain/core/messages');
  const { ToolNode } = await import('@langchain/langgraph/prebuilt');
  const { createAgent, FakeToolCallingModel, HumanMessage } = await import('langchain');
  const LC = `@langchain/core ${versionOf('@langchain/core')} tool()`;
  const LG = `@langchain/langgraph ${versionOf('@langchain/langgraph')} prebuilt ToolNode`;
  const LCA = `langchain ${versionOf('langchain')} createAgent with its FakeToolCallingModel (the scripted model; the agent's own tool node runs the tool)`;
  const toolMessage = (messages) => {
    const m = messages.find((x) => x.getType() === 'tool');
    if (typeof m?.content !== 'string') throw new Error('no string ToolMessage');
    return m.content;
  };

  // A LangChain tool whose function calls global fetch (or, `viaRequest`, undici's request()).
  const langchainTool = (toolName, description, argName, target, cause, viaRequest = false) => lcTool(async (args) => {
    if (viaRequest) {
      const { body: responseBody } = await undiciRequest(target(args[argName]), init(cause));
      return JSON.stringify(await responseBody.json());
    }
    const res = await fetch(target(args[argName]), init(cause));
    if (!res.ok) throw new Error(`HTTP ${res.status} ${res.statusText}`);
    return JSON.stringify(await res.json());
  }, { name: toolName, description, schema: z.object({ [argName]: z.string() }) });

  // [case, tool, argument name, argument value, cause, url of the argument]
  const langgraphCases = [
    ['r13-toolnode-get-order-status-refused', 'get_order_status', 'order_id', 'ord_2210', 'refused', (v) => url('refused', `/v1/orders/${v}`)],
    ['r13-toolnode-list-invoices-closed-mid-body', 'list_invoices', 'customer_id', 'cus_314', 'closed-mid-body', (v) => url('closed-mid-body', `/v1/invoices?customer=${v}`)],
  ];
  for (const [kase, toolName, argName, value, cause, target] of langgraphCases) {
    const node = new ToolNode([langchainTool(toolName, `Calls the ${toolName} API`, argName, target, cause)]);
    const out = await node.invoke({ messages: [new AIMessage({ content: '', tool_calls: [{ name: toolName, args: { [argName]: value }, id: `call_${kase.length}`, type: 'tool_call' }] })] });
    const text = toolMessage(out.messages);
    const bare = text.startsWith('Error: terminated') ? TERMINATED : AMBIGUOUS_FETCH_FAILED;
    add('node-langchain', kase, 'tool-message', text, ...bare, `${LG} running a ${LC} whose function calls Node's global fetch, ${how(cause)}: the ToolMessage's content`);
  }
  // The same node, the tool calling undici's request(): the error's message is the cause itself.
  const langgraphRequestCases = [
    ['r13-toolnode-request-create-refund-refused', 'create_refund', 'charge_id', 'ch_3PqX', 'refused', (v) => url('refused', `/v1/refunds?charge=${v}`)],
    ['r13-toolnode-request-geocode-enotfound', 'geocode', 'address', 'Storgata 5, Oslo', 'enotfound', (v) => `http://maps.rb-corpus.invalid/v1/geocode?q=${encodeURIComponent(v)}`],
    ['r13-toolnode-request-list-commits-closed-mid-body', 'list_commits', 'branch', 'main', 'closed-mid-body', (v) => url('closed-mid-body', `/v1/repos/acme/api/commits?sha=${v}`)],
    ['r13-toolnode-request-get-audit-log-body-timeout', 'get_audit_log', 'since', '2024-05-01', 'body-timeout', (v) => url('body-timeout', `/v1/audit-log?since=${v}`)],
  ];
  for (const [kase, toolName, argName, value, cause, target] of langgraphRequestCases) {
    const node = new ToolNode([langchainTool(toolName, `Calls the ${toolName} API`, argName, target, cause, true)]);
    const out = await node.invoke({ messages: [new AIMessage({ content: '', tool_calls: [{ name: toolName, args: { [argName]: value }, id: `call_${kase.length}`, type: 'tool_call' }] })] });
    const [truth, reason] = CAUSES[cause];
    add('node-langchain', kase, 'tool-message', fixed(toolMessage(out.messages)), truth, reason, `${LG} running a ${LC} whose function calls undici ${UNDICI_VERSION} request(), ${how(cause)}: the ToolMessage's content`);
  }
  // langchain 1.x's createAgent: its own tool node formats the error as `${error}\n Please fix your mistakes.`.
  const createAgentCases = [
    ['r13-create-agent-get-invoice-refused', 'get_invoice', 'invoice_id', 'in_5521', 'refused', (v) => url('refused', `/v1/invoices/${v}`)],
    ['r13-create-agent-list-payouts-closed-mid-body', 'list_payouts', 'status', 'paid', 'closed-mid-body', (v) => url('closed-mid-body', `/v1/payouts?status=${v}`)],
  ];
  for (const [kase, toolName, argName, value, cause, target] of createAgentCases) {
    const model = new FakeToolCallingModel({ toolCalls: [[{ name: toolName, args: { [argName]: value }, id: 'call_1' }], []] });
    const agent = createAgent({ model, tools: [langchainTool(toolName, `Calls the ${toolName} API`, argName, target, cause)] });
    const result = await agent.invoke({ messages: [new HumanMessage(`Use ${toolName} for ${value}.`)] });
    const text = toolMessage(result.messages);
    const bare = text.startsWith('TypeError: terminated') ? TERMINATED : AMBIGUOUS_FETCH_FAILED;
    add('node-langchain', kase, 'tool-message', text, ...bare, `${LCA}, a ${LC} whose function calls Node's global fetch, ${how(cause)}: the ToolMessage's content`);
  }

  // The OpenAI Agents SDK: a tool() with the default error function, run by a real Runner; the model is a scripted
  // Model object whose first turn calls the tool, and the text is the function_call_result the Runner sends next.
  const { Agent: OpenAIAgent, Runner, setTracingDisabled, tool: oaTool, Usage } = await import('@openai/agents');
  setTracingDisabled(true);
  const OA = `@openai/agents ${versionOf('@openai/agents')} tool() with the default error function, run by Runner.run with a scripted Model`;
  const openaiCases = [
    ['r13-openai-agents-get-order-status-refused', 'get_order_status', 'order_id', 'ord_3307', 'refused', (v) => url('refused', `/v1/orders/${v}`)],
    ['r13-openai-agents-get-forecast-headers-timeout', 'get_forecast', 'city', 'Trondheim', 'headers-timeout', (v) => url('headers-timeout', `/v1/forecast?city=${v}`)],
  ];
  const runner = new Runner({ tracingDisabled: true });
  for (const [kase, toolName, argName, value, cause, target] of openaiCases) {
    const agentTool = oaTool({
      name: toolName,
      description: `Calls the ${toolName} API`,
      parameters: z.object({ [argName]: z.string() }),
      execute: async (args) => {
        const res = await fetch(target(args[argName]), init(cause));
        if (!res.ok) throw new Error(`HTTP ${res.status} ${res.statusText}`);
        return res.json();
      },
    });
    let output;
    let turn = 0;
    const model = {
      async getResponse(request) {
        turn += 1;
        if (turn === 1) return { usage: new Usage(), responseId: 'resp_1', output: [{ type: 'function_call', callId: 'call_1', name: toolName, arguments: JSON.stringify({ [argName]: value }), status: 'completed' }] };
        output = request.input.find((item) => item.type === 'function_call_result')?.output;
        return { usage: new Usage(), responseId: 'resp_2', output: [{ type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'Done.' }] }] };
      },
      async *getStreamedResponse() {
        throw new Error('not streamed');
      },
    };
    await runner.run(new OpenAIAgent({ name: 'assistant', instructions: 'Use the tools.', tools: [agentTool], model }), `Use ${toolName} for ${value}.`);
    if (output?.type !== 'text') throw new Error(`${kase}: no text function_call_result`);
    add('node-openai-agents', kase, 'function-call-result', output.text, 'ambiguous', "the SDK's default error text hides the cause; its `Please try again` is said of every tool error (ambiguous)", `${OA}: the function_call_result's text; the tool's function calls Node's global fetch, ${how(cause)}`);
  }

  // ---------------------------------------------------------------------------------------------------------
  // 3. Successes that name these errors in passing.
  {
    // A tool that retries once after `fetch failed` and then succeeds, and says so.
    const syncContacts = async () => {
      const target = backendUrl('/v1/contacts?updated_since=2024-05-01', 'reset-once');
      const notes = [];
      for (let attempt = 1; attempt <= 3; attempt++) {
        try {
          const res = await fetch(target);
          const data = await res.json();
          return `Synced ${data.contacts.length} contacts from ${target} (attempt ${attempt} of 3; ${notes.join('; ')})`;
        } catch (e) {
          notes.push(`attempt ${attempt}: ${e.message}: ${e.cause?.message} (${e.cause?.code}), retried`);
        }
      }
      throw new Error('no attempt succeeded');
    };
    add('node-fetch', 'r13-ok-sync-contacts-after-retry', 'result', await syncContacts(), 'none', 'the contacts were synced; the fetch failed of the first attempt is reported as retried', "Node's global fetch: a sync_contacts tool that retried after a reset connection (the server resets the first connection) and reports it");
  }
  {
    // A health check: one probe's first read was cut off (UND_ERR_SOCKET), its retry answered.
    const healthCheck = async () => {
      const checks = [];
      let lastError = null;
      for (const service of ['billing', 'search', 'notifications']) {
        const target = backendUrl(`/internal/${service}/health`, service === 'search' ? 'cut-once' : 'ok');
        let ok = false;
        for (let attempt = 1; attempt <= 2 && !ok; attempt++) {
          try {
            const { statusCode, body: responseBody } = await undiciRequest(target, { dispatcher: healthAgent });
            await responseBody.json();
            ok = statusCode === 200;
          } catch (e) {
            lastError = e.code;
          }
        }
        checks.push(`${service}: ${ok ? 'up' : 'down'}`);
      }
      return `health_check: 3/3 services up (${checks.join(', ')}); 0 errors, last error: ${lastError} (recovered)`;
    };
    const healthAgent = new Agent();
    add('node-undici', 'r13-ok-health-check-recovered', 'result', await healthCheck(), 'none', 'every service is up; the last error named was recovered by a retry', `undici ${UNDICI_VERSION} request(): a health_check tool whose probe of one service was cut off once (UND_ERR_SOCKET) and answered on retry`);
    await healthAgent.close();
  }
  {
    // A LangChain tool that retries after `fetch failed` and succeeds, through the ToolNode.
    const rates = lcTool(async ({ base }) => {
      const target = backendUrl(`/v1/rates?base=${base}`, 'reset-once');
      try {
        return JSON.stringify(await (await fetch(target)).json());
      } catch (e) {
        const data = await (await fetch(target)).json();
        return JSON.stringify({ ...data, note: `first request failed (${e.message}: ${e.cause?.code}); retried once and succeeded` });
      }
    }, { name: 'get_exchange_rates', description: 'Current exchange rates', schema: z.object({ base: z.string() }) });
    const node = new ToolNode([rates]);
    const out = await node.invoke({ messages: [new AIMessage({ content: '', tool_calls: [{ name: 'get_exchange_rates', args: { base: 'EUR' }, id: 'call_ok', type: 'tool_call' }] })] });
    add('node-langchain', 'r13-ok-toolnode-exchange-rates-after-retry', 'tool-message', toolMessage(out.messages), 'none', 'the rates were returned; the note says the fetch failed once and the retry succeeded', `${LG} running a ${LC} that retried after fetch failed (ECONNRESET) and returned the rates: the ToolMessage's content`);
  }

  for (const s of fillers) s.destroy();
  child.kill();
  for (const s of sockets) s.destroy();
  await new Promise((resolve) => backend.close(resolve));
}

/** A resolver answer with two addresses for every host (what DNS gives a dual-homed service). */
function twoAddresses(hostname, options, callback) {
  const all = [{ address: '127.0.0.1', family: 4 }, { address: '127.0.0.2', family: 4 }];
  if (options.all) callback(null, all);
  else callback(null, all[0].address, all[0].family);
}

const BODIES = {
  '/v1/contacts': { contacts: [{ id: 'ct_1', email: 'ana@example.com' }, { id: 'ct_2', email: 'bo@example.com' }, { id: 'ct_3', email: 'cy@example.com' }], next_cursor: null },
  '/v1/rates': { base: 'EUR', date: '2024-05-02', rates: { USD: 1.0712, GBP: 0.8547, NOK: 11.794 } },
};
