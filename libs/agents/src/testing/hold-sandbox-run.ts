// Starts `sleep 600` in the Docker sandbox and waits in it, with no handling of its own: a test kills this process
// (SIGKILL, as a killed harness) and checks what the next harness does with the container left behind.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dockerSandbox } from '../sandbox/docker.ts';

const sandbox = await dockerSandbox();
const workspace = mkdtempSync(join(tmpdir(), 'rb-sandbox-hold-'));
process.stdout.write('starting\n');
await sandbox.run('sleep', ['600'], {
  cwd: workspace,
  env: { PATH: '/usr/bin:/bin' },
  timeoutMs: 600_000,
  policy: { workspace, writable: [], readOnly: [], allowPorts: [], limits: { processes: 16, memoryBytes: 64 * 1024 * 1024 } },
});
