// Tool results produced by Node: fetch (undici inside Node), the undici package, node:http, tls and dns, fs and
// streams, child_process, zod, and the MCP TypeScript SDK (a real Client and McpServer over the SDK's in-memory
// transport). Prints one JSON record per line, like py/python_corpus.py; the truth of each case is stated with it
// (../LABELLING.md). `--only GROUP[,GROUP]` runs some groups.
//
// The cases live in node/, one module per kind of producer: http-clients.mjs (with the bodies of api-servers.mjs),
// files.mjs, processes.mjs, values.mjs, mcp.mjs and mcp-developer-tools.mjs; node/common.mjs holds what they share.
import { execFileSync } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createNetServer } from 'node:net';
import { parseArgs } from 'node:util';
import { anthropicGoogleGitlabServer, apiServer, azureSlackAwsServer, discordNotionSentryServer, everydayGithubOpenaiServer, everydayStripeDjangoServer, githubStripeFastapiServer, openaiSendgridShopifyServer, twilioGcsJiraServer, xMailgunCloudfrontServer } from './node/api-servers.mjs';
import { closedPort, listen, ports, records, SCRATCH } from './node/common.mjs';
import { fetchCausesAndAgentFrameworks } from './node/fetch-causes.mjs';
import { copiesRenamesAndYamlConfigs, copyfilesRenamesAndEncodings, files, logsReadOnlyFilesAndEmptyJson, npmrcHostsAndComponents, permissionsLoopsAndLongNames, recursiveMkdirsAndModes, sshKeysEnvFilesAndConfigs, statsExclusiveCopiesAndRanges, streams, systemDirsConfigsAndCopies, systemLogsTimesAndOpenFlags } from './node/files.mjs';
import { aborts, anthropicGoogleGitlabBodies, apis, azureSlackAwsBodies, discordNotionSentryBodies, dnsNet, everydayGithubOpenaiBodies, everydayStripeDjangoBodies, githubStripeFastapiBodies, httpClient, networking, openaiSendgridShopifyBodies, tls, twilioGcsJiraBodies, undiciTimeoutsAndRetries, xMailgunCloudfrontBodies } from './node/http-clients.mjs';
import { everydayMcpIssuesAndDatabases, everydayMcpPullRequests, mcpDatabasesBranchesAndMissingArguments, mcpFileWritesChecksAndResponseValidation, mcpImagesMergesAndDisabledTools } from './node/mcp-developer-tools.mjs';
import { mcp, mcpInvoicesCustomersAndDeployments, mcpIssuesOrdersAndResources, mcpJobsMessagesAndOutputSchemas, mcpSqlAndClosedSockets, mcpTasksContactsAndRebuilds } from './node/mcp.mjs';
import { cli, clonesInstallsSyntaxErrorsAndCheckouts, curlMkdirPushesAndMissingModules, curlNpmMakeTarAndHead, everydayNpmTestsInstallsAndScripts, everydayPushesModulesAndDevServers, pipLsRemoteAndNpmBuilds, processes, pythonScriptsPushesAndNpmView, signalsNpmScriptsAndGrep, sqliteLocksFetchesAndDocker } from './node/processes.mjs';
import { runtime, zodArgs, zodFlattenedErrors, zodIssueListsAndCoercion, zodMissingAndTooLongArgs, zodPullRequestArgs, zodRangesAndNestedItems, zodSlackMessageArgs, zodUnionsFormatsAndRefinements, zodUrlsEnumsAndLengths } from './node/values.mjs';

// The groups run in this order, which is the order of their records in node.jsonl and mcp.jsonl: a group may
// use what an earlier one left in the scratch directory, and a new group goes at the end so that the records
// before it keep their place.
const GROUPS = {
  networking, files, processes, mcp, apis, undiciTimeoutsAndRetries, permissionsLoopsAndLongNames,
  signalsNpmScriptsAndGrep, runtime, mcpIssuesOrdersAndResources, httpClient, tls, dnsNet, streams,
  copiesRenamesAndYamlConfigs, cli, aborts, zodArgs, azureSlackAwsBodies, mcpJobsMessagesAndOutputSchemas,
  githubStripeFastapiBodies, logsReadOnlyFilesAndEmptyJson, pythonScriptsPushesAndNpmView, zodMissingAndTooLongArgs,
  mcpFileWritesChecksAndResponseValidation, anthropicGoogleGitlabBodies, statsExclusiveCopiesAndRanges,
  sqliteLocksFetchesAndDocker, zodUnionsFormatsAndRefinements, mcpDatabasesBranchesAndMissingArguments,
  openaiSendgridShopifyBodies, recursiveMkdirsAndModes, pipLsRemoteAndNpmBuilds, zodRangesAndNestedItems,
  mcpImagesMergesAndDisabledTools, twilioGcsJiraBodies, copyfilesRenamesAndEncodings, curlNpmMakeTarAndHead,
  zodUrlsEnumsAndLengths, mcpSqlAndClosedSockets, discordNotionSentryBodies, systemLogsTimesAndOpenFlags,
  curlMkdirPushesAndMissingModules, zodFlattenedErrors, mcpTasksContactsAndRebuilds, xMailgunCloudfrontBodies,
  systemDirsConfigsAndCopies, clonesInstallsSyntaxErrorsAndCheckouts, zodIssueListsAndCoercion,
  mcpInvoicesCustomersAndDeployments, everydayGithubOpenaiBodies, npmrcHostsAndComponents,
  everydayNpmTestsInstallsAndScripts, zodPullRequestArgs, everydayMcpPullRequests, everydayStripeDjangoBodies,
  sshKeysEnvFilesAndConfigs, everydayPushesModulesAndDevServers, zodSlackMessageArgs, everydayMcpIssuesAndDatabases,
  fetchCausesAndAgentFrameworks,
};
async function main() {
  const { values } = parseArgs({ options: { only: { type: 'string', default: Object.keys(GROUPS).join(',') } } });
  rmSync(SCRATCH, { recursive: true, force: true });
  mkdirSync(SCRATCH, { recursive: true });
  writeFileSync(`${SCRATCH}/tool.sh`, 'echo hi\n', { mode: 0o644 });
  const sockets = new Set();
  const track = (server) => server.on('connection', (s) => { sockets.add(s); s.on('close', () => sockets.delete(s)); });
  const servers = [
    createServer((req, res) => {
      const status = Number(/^\/status\/(\d{3})$/.exec(req.url ?? '')?.[1] ?? 200);
      res.writeHead(status, { 'content-type': 'application/json' }).end(status === 200 ? '{"status":"ok","items":[1,2,3]}' : '{}');
    }),
    createNetServer(() => {}),
    createNetServer((socket) => socket.once('data', () => socket.resetAndDestroy())),
    createNetServer((socket) => socket.once('data', () => socket.destroy())),
  ];
  servers.forEach(track);
  const env = {
    statusPort: await listen(servers[0], 8100),
    silentPort: await listen(servers[1], 8102),
    resetPort: await listen(servers[2], 8103),
    closePort: await listen(servers[3], 8104),
    refusedPort: await closedPort(8101),
  };
  const serve = (server, canonical) => {
    track(server);
    servers.push(server);
    return listen(server, canonical);
  };
  // Servers added after the first ones, each after the ones before it so that those keep their canonical ports.
  env.apiPort = await serve(apiServer(), 8105);
  // An API server, a TLS server with a self-signed certificate for api.rb-corpus.test, a silent DNS socket.
  env.azureSlackAwsPort = await serve(azureSlackAwsServer(), 8107);
  mkdirSync(`${SCRATCH}/tls`, { recursive: true });
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', `${SCRATCH}/tls/key.pem`, '-out', `${SCRATCH}/tls/cert.pem`, '-subj', '/CN=api.rb-corpus.test', '-addext', 'subjectAltName=DNS:api.rb-corpus.test', '-days', '2'], { stdio: 'ignore' });
  env.tlsCert = readFileSync(`${SCRATCH}/tls/cert.pem`);
  const tlsServer = createHttpsServer({ key: readFileSync(`${SCRATCH}/tls/key.pem`), cert: env.tlsCert }, (req, res) => res.end('{}'));
  tlsServer.on('tlsClientError', () => {});
  env.tlsPort = await serve(tlsServer, 8108);
  const dnsSocket = createSocket('udp4');
  await new Promise((resolve) => dnsSocket.bind(0, '127.0.0.1', resolve));
  env.dnsPort = dnsSocket.address().port;
  env.githubStripeFastapiPort = await serve(githubStripeFastapiServer(), 8109);
  env.anthropicGoogleGitlabPort = await serve(anthropicGoogleGitlabServer(), 8110);
  env.openaiSendgridShopifyPort = await serve(openaiSendgridShopifyServer(), 8111);
  env.twilioGcsJiraPort = await serve(twilioGcsJiraServer(), 8112);
  env.discordNotionSentryPort = await serve(discordNotionSentryServer(), 8113);
  env.xMailgunCloudfrontPort = await serve(xMailgunCloudfrontServer(), 8114);
  env.everydayGithubOpenaiPort = await serve(everydayGithubOpenaiServer(), 8115);
  env.everydayStripeDjangoPort = await serve(everydayStripeDjangoServer(), 8116);
  for (const name of values.only.split(',')) await GROUPS[name](env);
  for (const s of sockets) s.destroy();
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  dnsSocket.close();
  rmSync(SCRATCH, { recursive: true, force: true });
  // util.inspect of a connect error also prints `port: N`.
  const pattern = /(127\.0\.0\.1:|port: )(\d+)/g;
  for (const record of records) {
    record.message.content = record.message.content.replace(pattern, (m, host, port) => host + (ports.get(port) ?? port));
    process.stdout.write(`${JSON.stringify(record)}\n`);
  }
}
await main();
