import { noneSandbox, type Sandbox, type SandboxKind } from '@recovery-bench/harness';
import { RecoveryBenchError } from '@recovery-bench/errors';
import { bwrapSandbox } from './bwrap.ts';
import { dockerSandbox } from './docker.ts';

export class SandboxUnavailableError extends RecoveryBenchError {
  override name = 'SandboxUnavailableError';
  declare readonly code: 'sandbox:unavailable';
  constructor(message: string, hint: string) {
    super('sandbox:unavailable', message, { userError: true, hint });
  }
}

const HINTS = {
  bwrap: 'install bubblewrap (Debian and Ubuntu: apt-get install bubblewrap)',
  docker: 'start a Docker engine on this machine (or set DOCKER_HOST to one that sees its files)',
};
const NONE_HINT = 'or pass --sandbox none to run the agents unsandboxed';

const BACKENDS = {
  bwrap: () => bwrapSandbox().catch((error: NodeJS.ErrnoException) => Promise.reject(new Error(error.code === 'ENOENT' ? 'bwrap is not installed' : error.message))),
  docker: dockerSandbox,
};

/** Opened once per process and kind: the probe starts a sandbox. */
const opened = new Map<SandboxKind, Promise<Sandbox>>();

/**
 * The sandbox of `kind`: `bwrap` (bubblewrap), `docker` (a container per run), each probed by starting one; `none`
 * (explicitly no isolation); or `auto`, the first of bwrap and docker that works here. Without one, a one-line
 * error says why and how to get one.
 */
export function openSandbox(kind: SandboxKind): Promise<Sandbox> {
  let sandbox = opened.get(kind);
  if (!sandbox) {
    sandbox = open(kind);
    opened.set(kind, sandbox);
    sandbox.catch(() => opened.delete(kind));
  }
  return sandbox;
}

async function open(kind: SandboxKind): Promise<Sandbox> {
  if (kind === 'none') return noneSandbox;
  const tried = kind === 'auto' ? (['bwrap', 'docker'] as const) : [kind];
  const reasons: string[] = [];
  for (const backend of tried) {
    try {
      return await BACKENDS[backend]();
    } catch (error) {
      reasons.push(`${backend}: ${(error as Error).message}`);
    }
  }
  throw new SandboxUnavailableError(`no sandbox for the agents (${reasons.join('; ')})`, `${tried.map((b) => HINTS[b]).join(', or ')}, ${NONE_HINT}`);
}
