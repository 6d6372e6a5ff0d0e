import { cellHolds, fidelityMatrix, matrixTable } from '@recovery-bench/proxy';
import { startSimEngine } from '@recovery-bench/sim-engine';
import { parseCommandArgs } from './args.ts';
import type { ProxyCommandIo } from './proxy-io.ts';

const OPTIONS = {
  json: { type: 'boolean', default: false },
  upstream: { type: 'string' },
} as const;

/**
 * `recovery-bench proxy matrix`: for every recorded agent shape (each pinned agent version, as its driver and as its
 * users run it), streamed and not, whether the failed tool result reached the layer's detector and what the engine
 * got: the c3 rewrite, and a client's `is_error` with the engine's own layer. Exit 1 when a cell does not hold.
 */
export async function runProxyMatrixCommand(args: string[], io: ProxyCommandIo): Promise<number> {
  const { values } = parseCommandArgs(args, OPTIONS);
  const sim = values.upstream === undefined ? await startSimEngine({ profile: 'ideal', seed: 0 }) : undefined;
  try {
    const cells = await fidelityMatrix({ upstreamUrl: values.upstream ?? sim!.url });
    io.out(values.json ? JSON.stringify(cells, null, 2) : matrixTable(cells));
    const failing = cells.filter((c) => !cellHolds(c)).length;
    if (!values.json) io.out(`\n${cells.length - failing} of ${cells.length} cells hold (${values.upstream ?? 'the sim engine'} behind the proxy)`);
    return failing === 0 ? 0 : 1;
  } finally {
    await sim?.close();
  }
}
