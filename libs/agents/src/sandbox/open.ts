import { noneSandbox, type Sandbox, type SandboxKind } from '@recovery-bench/harness';
import { RecoveryBenchError } from '@recovery-bench/errors';
import { bwrapSandbox } from './bwrap.ts';

export class SandboxUnavailableError extends RecoveryBenchError {
  override name = 'SandboxUnavailableError';
  declare readonly code: 'sandbox:unavailable';
  constructor(message: string, hint: string) {
    super('sandbox:unavailable', message, { userError: true, hint });
  }
}

const INSTALL_HINT = 'install bubblewrap (Debian and Ubuntu: apt-get install bubblewrap), or pass --sandbox none to run the agents unsandboxed';

/** Opened once per process and kind: the probe starts a sandbox. */
const opened = new Map<SandboxKind, Promise<Sandbox>>();

/**
 * The sandbox of `kind`: `bwrap` (bubblewrap, probed by starting one), `none` (explicitly no isolation), or `auto`,
 * the first that works here among the isolating ones. Without one, a one-line error says how to get one.
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
  try {
    return await bwrapSandbox();
  } catch (error) {
    const why = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'bwrap is not installed' : (error as Error).message;
    throw new SandboxUnavailableError(`no sandbox for the agents: ${why}`, INSTALL_HINT);
  }
}
