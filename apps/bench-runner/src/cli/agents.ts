import { AGENTS, defaultCacheDir, installAgents, listAgents } from '@recovery-bench/agents';
import { parseCommandArgs, UsageError } from './args.ts';

const AGENTS_HELP = `usage: recovery-bench agents list [--cache DIR] [--json]
       recovery-bench agents install [NAME…] [--cache DIR] [--force]

Real coding agents at pinned versions, installed on demand with npm into <cache>/agents/<name>@<version>
(the cache folder: --cache, else $RECOVERY_BENCH_CACHE, else ~/.cache/recovery-bench). \`install\` with no
names installs every agent; each install is checked by running the agent's --version.
Agents: ${Object.values(AGENTS).map((a) => `${a.name} (${a.package}@${a.version})`).join(', ')}.`;

const OPTIONS = {
  cache: { type: 'string' },
  force: { type: 'boolean', default: false },
  json: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

export async function runAgentsCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, OPTIONS, true);
  const [sub, ...names] = positionals;
  if (values.help || sub === undefined) {
    process.stdout.write(`${AGENTS_HELP}\n`);
    return sub === undefined && !values.help ? 2 : 0;
  }
  const cacheDir = values.cache ?? defaultCacheDir();
  if (sub === 'list') {
    if (names.length > 0) throw new UsageError(`agents list takes no names (got ${names.join(' ')})`);
    const rows = listAgents({ cacheDir });
    if (values.json) process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
    else process.stdout.write(`${rows.map((a) => `  ${a.name.padEnd(12)} ${`${a.package}@${a.version}`.padEnd(36)} ${a.installed ? `installed  ${a.dir}` : 'not installed'}`).join('\n')}\n`);
    return 0;
  }
  if (sub === 'install') {
    await installAgents(names, { cacheDir, force: values.force, onProgress: (e) => process.stderr.write(`${e.message}\n`) });
    return 0;
  }
  throw new UsageError(`agents what? list, install (not "${sub}")`);
}
