// The MCP TypeScript SDK with servers of a developer's tools (files, checks and tests, databases, branches and
// merges, images, pull requests and issues), as in mcp.mjs: the CallToolResults the client gets, the errors the
// SDK raises and successes that only look like errors. The truth of each case is stated with it
// (../../LABELLING.md).
import { execSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createConnection } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { asNobody, httpGet, run, SCRATCH, thrown, withCause } from './common.mjs';
import { addMcpThrown, addToolResults, connectClient } from './mcp.mjs';

export async function mcpFileWritesChecksAndResponseValidation(env) {
  const source = 'mcp-sdk';
  const base = `http://127.0.0.1:${env.githubStripeFastapiPort}`;
  const dir = `${SCRATCH}/mcp4`;
  mkdirSync(dir, { recursive: true });
  writeFileSync(`${dir}/check_totals.py`, 'orders = [20, 35, 12]\nrefunds = [5]\nnet = sum(orders) - sum(refunds)\nassert net == 67, f"net total {net} != 67"\nprint("ok")\n');
  const server = new McpServer({ name: 'corpus-4', version: '1.0.0' });
  server.registerTool('write_file', { inputSchema: { path: z.string(), content: z.string() } }, async ({ path, content }) => {
    // The server runs this write as user nobody, so that its permission error is real.
    const texts = await asNobody(`require('fs').writeFileSync(${JSON.stringify(path)}, ${JSON.stringify(content)})`);
    throw new Error(texts.message);
  });
  server.registerTool('call_api', { inputSchema: { path: z.string() } }, async ({ path }) => {
    const res = await fetch(`${base}${path}`);
    const body = await res.text();
    return res.ok ? { content: [{ type: 'text', text: body }] } : { content: [{ type: 'text', text: `HTTP ${res.status} ${res.statusText}: ${body}` }], isError: true };
  });
  server.registerTool('fetch_page', { inputSchema: { url: z.string() } }, async ({ url }) => {
    try {
      return { content: [{ type: 'text', text: await (await fetch(url)).text() }] };
    } catch (e) {
      throw new Error(withCause(e));
    }
  });
  server.registerTool('delete_files', { inputSchema: { paths: z.array(z.string()).min(1), dry_run: z.boolean() } }, async ({ paths }) => ({ content: [{ type: 'text', text: `deleted ${paths.length}` }] }));
  server.registerTool('run_check', { inputSchema: { script: z.string() } }, async ({ script }) => {
    const out = await run('python3', [script], { cwd: dir });
    return out.code === 0 ? { content: [{ type: 'text', text: out.stdout }] } : { content: [{ type: 'text', text: `Command failed (exit ${out.code}): python3 ${script}\n${out.stderr}` }], isError: true };
  });
  const Weather = z.object({ city: z.string(), temperature: z.number(), observed_at: z.iso.datetime() });
  server.registerTool('get_weather', { inputSchema: { city: z.string() } }, async () => {
    // The tool validates the upstream response; ZodError.message is what the SDK puts in the result.
    const data = Weather.parse(await (await fetch(`${base}/api/weather-bad`)).json());
    return { content: [{ type: 'text', text: JSON.stringify(data) }] };
  });
  server.registerTool('run_suite', {}, async () => ({ content: [{ type: 'text', text: "Ran 14 checks: 14 passed, 0 failed.\nCovered: retry on ECONNRESET, backoff on 429 Too Many Requests, mapping of 'permission denied' to PermissionError." }] }));
  const { client, call } = await connectClient(server, 'corpus-4');
  const cases = [
    ['tool-throws-eacces-write', () => call('write_file', { path: '/etc/rb-app.yaml', content: 'port: 8080\n' }), 'unrecoverable', 'permission denied writing under /etc'],
    ['upstream-504', () => call('call_api', { path: '/api/504-text' }), 'transient', '504: upstream request timeout'],
    ['tool-throws-reset-cause', () => call('fetch_page', { url: `http://127.0.0.1:${env.resetPort}/pricing` }), 'transient', 'the connection was reset (the cause is given)'],
    ['invalid-array-type', () => call('delete_files', { paths: 'build/', dry_run: 'yes' }), 'fixable', 'names paths as an array and dry_run as a boolean'],
    ['tool-check-assertion', () => call('run_check', { script: 'check_totals.py' }), 'ambiguous', "an assertion of the script the tool ran failed: the data or the code is wrong, not the call"],
    ['tool-response-validation', () => call('get_weather', { city: 'Oslo' }), 'ambiguous', "the upstream data the tool read does not match the tool's schema; no change of the call is named"],
    ['ok-check-summary', () => call('run_suite', {}), 'none', 'all checks passed; the text names error words'],
  ];
  await addToolResults(source, cases);
  await Promise.all([client.close(), server.close()]);
}

export async function mcpDatabasesBranchesAndMissingArguments(env) {
  const source = 'mcp-sdk';
  const base = `http://127.0.0.1:${env.anthropicGoogleGitlabPort}`;
  const dir = `${SCRATCH}/mcp5`;
  mkdirSync(dir, { recursive: true });
  writeFileSync(`${dir}/pricing.py`, 'def discounted(total, percent):\n    return total - total * percent // 100\n');
  writeFileSync(`${dir}/test_pricing.py`, 'import unittest\n\nfrom pricing import discounted\n\n\nclass PricingTest(unittest.TestCase):\n    def test_no_discount(self):\n        self.assertEqual(discounted(100, 0), 100)\n\n    def test_fifteen_percent(self):\n        self.assertEqual(discounted(99, 15), 84.15)\n\n\nif __name__ == "__main__":\n    unittest.main()\n');
  const server = new McpServer({ name: 'corpus-5', version: '1.0.0' });
  server.registerTool('call_api', { inputSchema: { path: z.string() } }, async ({ path }) => {
    const res = await fetch(`${base}${path}`);
    const body = await res.text();
    return res.ok ? { content: [{ type: 'text', text: body }] } : { content: [{ type: 'text', text: `HTTP ${res.status} ${res.statusText}: ${body}` }], isError: true };
  });
  server.registerTool('query_db', { inputSchema: { sql: z.string() } }, async () => {
    // A database client's connect to the database port, which is closed.
    await new Promise((resolve, reject) => createConnection(env.refusedPort, '127.0.0.1').on('connect', resolve).on('error', reject));
    return { content: [{ type: 'text', text: '[]' }] };
  });
  server.registerTool('get_url', { inputSchema: { url: z.string() } }, async ({ url }) => ({ content: [{ type: 'text', text: await (await fetch(url, { signal: AbortSignal.timeout(200) })).text() }] }));
  server.registerTool('create_branch', { inputSchema: { repo: z.string(), name: z.string().regex(/^[\w./-]+$/), from: z.string() } }, async ({ name }) => ({ content: [{ type: 'text', text: `created ${name}` }] }));
  server.registerTool('run_tests', { inputSchema: { module: z.string() } }, async ({ module }) => {
    const out = await run('python3', ['-m', 'unittest', module], { cwd: dir });
    const stderr = out.stderr.replace(/in \d+\.\d+s/, 'in 0.001s');
    return out.code === 0 ? { content: [{ type: 'text', text: stderr }] } : { content: [{ type: 'text', text: `Tests failed (exit ${out.code}): python3 -m unittest ${module}\n${stderr}` }], isError: true };
  });
  server.registerTool('queue_stats', { inputSchema: { queue: z.string() } }, async ({ queue }) => ({ content: [{ type: 'text', text: `queue ${queue}: 0 pending, 12840 processed today, 0 in dead-letter.\nlast error: none (previous: "TimeoutError: job 88121 exceeded 30s" on 2026-03-01, resolved)` }] }));
  server.registerPrompt('summarize_incident', { argsSchema: { incident_id: z.string() } }, ({ incident_id: id }) => ({ messages: [{ role: 'user', content: { type: 'text', text: id } }] }));
  const { client, call } = await connectClient(server, 'corpus-5');
  const cases = [
    ['upstream-401-stripe', () => call('call_api', { path: '/api/stripe-401' }), 'unrecoverable', '401: the API key is invalid'],
    ['upstream-529-overloaded', () => call('call_api', { path: '/api/anthropic-529' }), 'transient', 'the upstream API is overloaded'],
    ['tool-throws-db-refused', () => call('query_db', { sql: 'SELECT count(*) FROM orders' }), 'transient', 'the database connection was refused'],
    ['tool-throws-fetch-timeout', () => call('get_url', { url: `http://127.0.0.1:${env.silentPort}/v1/status` }), 'transient', 'the request timed out'],
    ['missing-arguments', () => client.callTool({ name: 'create_branch', arguments: {} }), 'fixable', 'names repo, name and from as required strings'],
    ['tool-tests-failed', () => call('run_tests', { module: 'test_pricing' }), 'ambiguous', 'a test of the code the tool ran failed: the code is wrong, not the call'],
    ['ok-queue-error-words', () => call('queue_stats', { queue: 'emails' }), 'none', 'the queue stats were read; they name a past resolved TimeoutError'],
  ];
  await addToolResults(source, cases);
  await addMcpThrown(source, [
    ['prompt-not-found', () => client.getPrompt({ name: 'summarise_incident', arguments: { incident_id: 'INC-2291' } }), 'fixable', 'the prompt name is the value to change', 'getPrompt of a misspelt prompt name'],
  ]);
  await Promise.all([client.close(), server.close()]);
}

export async function mcpImagesMergesAndDisabledTools(env) {
  const source = 'mcp-sdk';
  const base = `http://127.0.0.1:${env.openaiSendgridShopifyPort}`;
  const dir = `${SCRATCH}/mcp6`;
  const gitEnv = { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_CEILING_DIRECTORIES: SCRATCH, HOME: dir, LANG: 'C' };
  mkdirSync(dir, { recursive: true });
  writeFileSync(`${dir}/tsconfig.json`, '{\n  "compilerOptions": {\n    "target": "es2022",\n    "strict": true,\n  }\n  "include": ["src"]\n}\n');
  writeFileSync(`${dir}/deploy.log`, '12:00:01 deploy 771 started\n12:00:14 warn: health check /ready returned 503, retrying (1/5)\n12:00:19 health check /ready ok\n12:00:20 deploy 771 finished: 0 errors\n');
  const id = '-c user.name=dev -c user.email=dev@example.com';
  execSync(`git init -q -b main repo && cd repo && printf 'retries = 3\\ntimeout = 30\\n' > config.toml && git add . && git ${id} commit -q -m init && git checkout -q -b feature && printf 'retries = 5\\ntimeout = 30\\n' > config.toml && git ${id} commit -q -am "more retries" && git checkout -q main && printf 'retries = 2\\ntimeout = 30\\n' > config.toml && git ${id} commit -q -am "fewer retries"`, { cwd: dir, env: gitEnv, shell: '/bin/sh', stdio: 'ignore' });
  const server = new McpServer({ name: 'corpus-6', version: '1.0.0' });
  server.registerTool('call_api', { inputSchema: { path: z.string() } }, async ({ path }) => {
    const res = await fetch(`${base}${path}`);
    const body = await res.text();
    return res.ok ? { content: [{ type: 'text', text: body }] } : { content: [{ type: 'text', text: `HTTP ${res.status} ${res.statusText}: ${body}` }], isError: true };
  });
  server.registerTool('read_file', { inputSchema: { path: z.string() } }, async ({ path }) => {
    // The server runs this read as user nobody, so that its permission error is real.
    const texts = await asNobody(`require('fs').readFileSync(${JSON.stringify(path)}, 'utf8')`);
    throw new Error(texts.message);
  });
  server.registerTool('read_tsconfig', { inputSchema: { path: z.string() } }, async ({ path }) => ({ content: [{ type: 'text', text: JSON.stringify(JSON.parse(readFileSync(`${dir}/${path}`, 'utf8'))) }] }));
  server.registerTool('http_get', { inputSchema: { url: z.string() } }, async ({ url }) => ({ content: [{ type: 'text', text: (await httpGet(url)).body }] }));
  server.registerTool('resize_image', { inputSchema: { path: z.string(), width: z.number().int().min(1).max(4096), format: z.enum(['png', 'jpeg', 'webp']) } }, async ({ path }) => ({ content: [{ type: 'text', text: `resized ${path}` }] }));
  server.registerTool('git_merge', { inputSchema: { branch: z.string() } }, async ({ branch }) => {
    const out = await run('git', ['-c', 'user.name=dev', '-c', 'user.email=dev@example.com', 'merge', '--no-edit', branch], { cwd: `${dir}/repo`, env: gitEnv });
    return out.code === 0 ? { content: [{ type: 'text', text: out.stdout }] } : { content: [{ type: 'text', text: `git merge ${branch} failed (exit ${out.code}):\n${out.stdout}${out.stderr}` }], isError: true };
  });
  server.registerTool('read_log', { inputSchema: { name: z.string() } }, async ({ name }) => ({ content: [{ type: 'text', text: readFileSync(`${dir}/${name}`, 'utf8') }] }));
  // A tool the server has registered but disabled (RegisteredTool.disable()).
  server.registerTool('export_csv', { inputSchema: { table: z.string() } }, async ({ table }) => ({ content: [{ type: 'text', text: `exported ${table}` }] })).disable();
  const { client, call } = await connectClient(server, 'corpus-6');
  const cases = [
    ['upstream-503-retry-in', () => call('call_api', { path: '/api/status-503-retry' }), 'transient', '503: temporarily unavailable; retry in 30 seconds'],
    ['upstream-403-saml', () => call('call_api', { path: '/api/github-403-sso' }), 'unrecoverable', '403: the token is not authorised for the organisation (SAML)'],
    ['tool-throws-socket-hang-up', () => call('http_get', { url: `http://127.0.0.1:${env.closePort}/v1/exports` }), 'transient', 'the server closed the connection without answering (socket hang up)'],
    ['tool-throws-eacces-read', () => call('read_file', { path: '/root/.ssh/id_ed25519' }), 'unrecoverable', 'permission denied reading a protected file'],
    ['tool-throws-json-parse-config', () => call('read_tsconfig', { path: 'tsconfig.json' }), 'ambiguous', 'a JSON parse error of the data the tool read (a trailing comma and a missing comma in the file)'],
    ['invalid-min-and-enum', () => call('resize_image', { path: 'banner.jpg', width: 0, format: 'gif' }), 'fixable', 'names width with its minimum and format with its options'],
    ['tool-git-merge-conflict', () => call('git_merge', { branch: 'feature' }), 'ambiguous', 'a merge conflict with the stored branch: how to resolve it is a choice the text does not make'],
    ['ok-deploy-log-error-words', () => call('read_log', { name: 'deploy.log' }), 'none', 'the deploy log was read; it names a retried 503 and 0 errors'],
    ['tool-disabled', () => call('export_csv', { table: 'orders' }), 'ambiguous', 'the tool exists but is disabled: no argument fixes it, and whether it comes back or which tool to use instead is not said'],
  ];
  await addToolResults(source, cases);
  await Promise.all([client.close(), server.close()]);
}

export async function everydayMcpPullRequests(env) {
  const source = 'mcp-sdk';
  const base = `http://127.0.0.1:${env.everydayGithubOpenaiPort}`;
  const dir = `${SCRATCH}/mcp10`;
  mkdirSync(`${dir}/src`, { recursive: true });
  const server = new McpServer({ name: 'corpus-10', version: '1.0.0' });
  server.registerTool('call_api', { inputSchema: { path: z.string() } }, async ({ path }) => {
    const res = await fetch(`${base}${path}`);
    const body = await res.text();
    return res.ok ? { content: [{ type: 'text', text: body }] } : { content: [{ type: 'text', text: `HTTP ${res.status} ${res.statusText}: ${body}` }], isError: true };
  });
  server.registerTool('read_file', { inputSchema: { path: z.string() } }, async ({ path }) => ({ content: [{ type: 'text', text: await readFile(path, 'utf8') }] }));
  server.registerTool('create_pull_request', { inputSchema: { repo: z.string(), title: z.string().min(1), head: z.string(), base: z.string(), draft: z.boolean().optional() } }, async ({ title }) => ({ content: [{ type: 'text', text: `opened ${title}` }] }));
  server.registerTool('get_user', { inputSchema: { id: z.number().int() } }, async ({ id }) => {
    // The team's own backend on localhost; the tool names the cause of fetch's `fetch failed`.
    try {
      await fetch(`http://127.0.0.1:${env.refusedPort}/api/users/${id}`);
    } catch (e) {
      throw new Error(`GET /api/users/${id} failed: ${e.cause?.message ?? e.message}`);
    }
    return { content: [{ type: 'text', text: 'ok' }] };
  });
  server.registerTool('list_pull_requests', { inputSchema: { repo: z.string() } }, async ({ repo }) => ({ content: [{ type: 'text', text: `3 open pull requests in ${repo}:\n#412 Fix 500 error when the cart is empty (checks: passing)\n#415 Retry uploads on ECONNRESET (checks: passing)\n#418 Show "Permission denied" toast for read-only users (checks: passing)` }] }));
  const { client, call } = await connectClient(server, 'corpus-10');
  const callApi = (name) => () => call('call_api', { path: `/api/${name}` });
  await addToolResults(source, [
    ['r10-upstream-404-repo', callApi('github-404-repo'), 'ambiguous', '404: the repository is not found; which one is meant is not said'],
    ['r10-upstream-429-openai', callApi('openai-429'), 'transient', '429: a requests-per-minute rate limit; try again shortly'],
    ['r10-upstream-401-google', callApi('google-401'), 'unrecoverable', '401: invalid authentication credentials'],
    ['r10-upstream-503-nginx', callApi('nginx-503'), 'transient', '503: service temporarily unavailable'],
    ['r10-read-enoent', () => call('read_file', { path: `${dir}/src/routes/users.ts` }), 'ambiguous', 'the file does not exist; which one is meant is not said'],
    ['r10-unknown-tool', () => call('git_commit', { message: 'fix: handle empty cart' }), 'fixable', 'the tool name is the value to change'],
    ['r10-invalid-params', () => call('create_pull_request', { repo: 'acme/web', title: 'Fix login redirect', base: 'main', draft: 'yes' }), 'fixable', 'names the missing head and draft as a boolean'],
    ['r10-tool-throws-refused', () => call('get_user', { id: 42 }), 'transient', 'the connection to the local backend was refused (the tool names the cause)'],
    ['r10-ok-pull-requests', () => call('list_pull_requests', { repo: 'acme/web' }), 'none', 'the pull requests were listed; their titles name errors'],
  ]);
  await Promise.all([client.close(), server.close()]);
}

export async function everydayMcpIssuesAndDatabases(env) {
  const source = 'mcp-sdk';
  const base = `http://127.0.0.1:${env.everydayStripeDjangoPort}`;
  const dir = `${SCRATCH}/mcp11`;
  mkdirSync(`${dir}/src`, { recursive: true });
  const server = new McpServer({ name: 'corpus-11', version: '1.0.0' });
  server.registerTool('http_request', { inputSchema: { method: z.enum(['GET', 'POST']), path: z.string() } }, async ({ method, path }) => {
    const res = await fetch(`${base}${path}`, { method });
    const body = await res.text();
    return res.ok ? { content: [{ type: 'text', text: body }] } : { content: [{ type: 'text', text: `${method} ${path} returned ${res.status} ${res.statusText}\n${body}` }], isError: true };
  });
  server.registerTool('read_file', { inputSchema: { path: z.string() } }, async ({ path }) => ({ content: [{ type: 'text', text: await readFile(path, 'utf8') }] }));
  server.registerTool('query_db', { inputSchema: { sql: z.string() } }, async () => {
    // The team's Postgres on localhost is not running; the tool reports the connect error in its own words.
    const e = await thrown(() => new Promise((resolve, reject) => createConnection(env.refusedPort, '127.0.0.1').on('connect', resolve).on('error', reject)));
    return { content: [{ type: 'text', text: `Could not connect to the database at 127.0.0.1:${env.refusedPort}: ${e.message}` }], isError: true };
  });
  server.registerTool('create_issue', { inputSchema: { repo: z.string(), title: z.string().min(1), body: z.string().optional(), labels: z.array(z.string()).optional(), assignee: z.string().optional() } }, async ({ title }) => ({ content: [{ type: 'text', text: `created ${title}` }] }));
  server.registerTool('summarize_pr', { inputSchema: { number: z.number().int() } }, async () => {
    // A tool that waits on a model that does not answer within the client's request timeout.
    await new Promise((resolve) => setTimeout(resolve, 800));
    return { content: [{ type: 'text', text: 'summary' }] };
  });
  server.registerTool('search_issues', { inputSchema: { query: z.string() } }, async ({ query }) => ({ content: [{ type: 'text', text: `2 issues match "${query}":\n#771 [closed] TypeError: Cannot read properties of undefined (reading 'id') in checkout\n#802 [closed] 504 Gateway Timeout on /api/export for large accounts` }] }));
  const { client, call } = await connectClient(server, 'corpus-11');
  const request = (path, method = 'GET') => () => call('http_request', { method, path });
  await addToolResults(source, [
    ['r11-upstream-401-github', request('/api/github-401', 'POST'), 'unrecoverable', '401: the call needs authentication'],
    ['r11-upstream-502-nginx', request('/api/nginx-502'), 'transient', '502: bad gateway (an nginx page)'],
    ['r11-read-enoent', () => call('read_file', { path: `${dir}/src/server.ts` }), 'ambiguous', 'the file does not exist; which one is meant is not said'],
    ['r11-db-refused', () => call('query_db', { sql: 'select count(*) from orders' }), 'transient', 'the connection to the database was refused (in the tool\'s own words)'],
    ['r11-unknown-tool', () => call('list_pull_requests', { repo: 'acme/api' }), 'fixable', 'the tool name is the value to change'],
    ['r11-invalid-params', () => call('create_issue', { repo: 'acme/api', title: '', labels: 'bug' }), 'fixable', 'names title with its minimum length and labels as an array'],
    ['r11-ok-search-issues', () => call('search_issues', { query: 'checkout error' }), 'none', 'the issues were found; their titles are error texts'],
  ]);
  await addMcpThrown(source, [
    ['r11-request-timeout', () => client.callTool({ name: 'summarize_pr', arguments: { number: 512 } }, undefined, { timeout: 200 }), 'transient', 'the MCP request timed out (an RPC request timeout)', 'client.callTool with a 200 ms request timeout of a tool that takes 800 ms'],
  ]);
  await new Promise((resolve) => setTimeout(resolve, 700));
  await Promise.all([client.close(), server.close()]);
}
