import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { AGENT_SURFACES, AGENTS, defaultCacheDir, installAgents, listAgents, locateAgent, proxyConnection } from '@recovery-bench/agents';
import { parseCommandArgs, UsageError } from './args.ts';

const AGENTS_HELP = `usage: recovery-bench agents list [--cache DIR] [--json]
       recovery-bench agents install [NAME…] [--cache DIR] [--force]
       recovery-bench agents exec NAME [--proxy URL] [--model NAME] [--cache DIR] -- [ARGS…]

Real agents at pinned versions, installed on demand with npm into <cache>/agents/<name>@<version>
(the cache folder: --cache, else $RECOVERY_BENCH_CACHE, else ~/.cache/recovery-bench). \`install\` with no
names installs every agent; each install is checked by running the agent's --version. \`list\` shows what runs
for each installed agent (the native executable where there is one). \`exec\` runs an installed agent with ARGS;
with --proxy it is pointed at the recovery-bench proxy on the API it speaks (Claude Code: ANTHROPIC_BASE_URL;
Codex: a provider with wire_api "responses"; Qwen Code: OPENAI_BASE_URL; OpenCode and Kilo: an OpenAI-compatible
provider in their inline config), with the model --model names, else the first the proxy lists at /v1/models.
Agents: ${Object.values(AGENTS).map((a) => `${a.name} (${a.package}@${a.version})`).join(', ')}.
Example: recovery-bench agents exec claude-code --proxy http://127.0.0.1:9000 -- -p "Run the tests" --allowedTools Bash,Read`;

const OPTIONS = {
  cache: { type: 'string' },
  force: { type: 'boolean', default: false },
  json: { type: 'boolean', default: false },
  proxy: { type: 'string' },
  model: { type: 'string' },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

export async function runAgentsCommand(args: string[]): Promise<number> {
  // Everything after `--` belongs to the agent, options included.
  const split = args.indexOf('--');
  const own = split === -1 ? args : args.slice(0, split);
  const agentArgs = split === -1 ? [] : args.slice(split + 1);
  const { values, positionals } = parseCommandArgs(own, OPTIONS, true);
  const [sub, ...names] = positionals;
  if (values.help || sub === undefined) {
    process.stdout.write(`${AGENTS_HELP}\n`);
    return sub === undefined && !values.help ? 2 : 0;
  }
  const cacheDir = values.cache ?? defaultCacheDir();
  if (sub !== 'exec' && (values.proxy !== undefined || values.model !== undefined || split !== -1)) throw new UsageError(`--proxy, --model and -- ARGS go with agents exec, not agents ${sub}`);
  if (sub === 'list') {
    if (names.length > 0) throw new UsageError(`agents list takes no names (got ${names.join(' ')})`);
    const rows = listAgents({ cacheDir });
    if (values.json) process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
    else process.stdout.write(`${rows.map((a) => `  ${a.name.padEnd(12)} ${`${a.package}@${a.version}`.padEnd(36)} ${a.installed ? `installed  ${a.command?.join(' ') ?? `${a.dir} (its runtime is missing: recovery-bench agents install ${a.name})`}` : 'not installed'}`).join('\n')}\n`);
    return 0;
  }
  if (sub === 'install') {
    await installAgents(names, { cacheDir, force: values.force, onProgress: (e) => process.stderr.write(`${e.message}\n`) });
    return 0;
  }
  if (sub === 'exec') {
    if (names.length !== 1) throw new UsageError(`agents exec takes one agent name, then -- and its arguments (got ${names.length === 0 ? 'none' : names.join(' ')})`);
    // The user's own arguments are checked before anything on this machine is looked at (the cache, the proxy).
    const proxy = values.proxy === undefined ? undefined : proxyUrl(values.proxy);
    return execAgent(names[0]!, agentArgs, { cacheDir, proxy, model: values.model });
  }
  throw new UsageError(`agents what? list, install, exec (not "${sub}")`);
}

/** Runs the agent in this terminal (stdio inherited) and returns its exit code. */
/** `proxy` is the checked base URL (`proxyUrl`). */
async function execAgent(name: string, args: string[], options: { cacheDir: string; proxy?: string; model?: string }): Promise<number> {
  if (Object.hasOwn(AGENTS, name) && !Object.hasOwn(AGENT_SURFACES, name)) throw new UsageError(`${name} is a runtime, not an agent`);
  const located = locateAgent(name, { cacheDir: options.cacheDir });
  // Agents that take their folder from PWD (OpenCode and Kilo, on Bun) must see the folder they run in, even when
  // this command was started by a process whose PWD is elsewhere.
  let env: NodeJS.ProcessEnv = { ...process.env, PWD: process.cwd() };
  let before: string[] = [];
  if (options.proxy !== undefined) {
    const url = options.proxy;
    const model = options.model ?? (await firstModel(url));
    const connection = proxyConnection(name, { url, model });
    env = { ...env, ...connection.env };
    before = connection.args;
  }
  const child = spawn(located.command[0]!, [...located.command.slice(1), ...before, ...args], { stdio: 'inherit', env });
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  try {
    return await new Promise<number>((resolve, reject) => {
      child.once('error', (error) => reject(new UsageError(`cannot start ${name}: ${error.message}`)));
      child.once('close', (code, signal) => resolve(code ?? 128 + (signal ? constants.signals[signal] : 0)));
    });
  } finally {
    process.off('SIGINT', forward);
    process.off('SIGTERM', forward);
  }
}

function proxyUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(`--proxy takes the proxy's URL, e.g. http://127.0.0.1:9000 (got "${text}")`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`--proxy takes an http(s) URL (got "${text}")`);
  return url.href.replace(/\/+$/, '').replace(/\/v1$/, '');
}

/** The first model the proxy lists (its engine's), so that a user need not know the served name. */
async function firstModel(url: string): Promise<string> {
  let answer: Response;
  try {
    answer = await fetch(`${url}/v1/models`, { signal: AbortSignal.timeout(10_000) });
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string; errors?: { code?: string }[] } }).cause;
    const why = cause?.code ?? cause?.errors?.[0]?.code ?? cause?.message ?? (error as Error).message;
    throw new UsageError(`the proxy at ${url} does not answer (${why}); start it with recovery-bench proxy, or give --model`);
  }
  const body = (await answer.json().catch(() => undefined)) as { data?: { id?: unknown }[] } | undefined;
  const id = body?.data?.[0]?.id;
  if (!answer.ok || typeof id !== 'string') throw new UsageError(`${url}/v1/models names no model (HTTP ${answer.status}); give --model`);
  return id;
}
