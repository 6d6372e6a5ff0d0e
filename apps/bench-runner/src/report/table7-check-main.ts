/**
 * `npm run study3:table7-check -- <runDir…>`: the study3 runs' table 7 beside the paper's, cell by cell (see
 * table7-check.ts). Give the ToolMaze and Loud/Quiet runs of `--preset study3` (both tiers, or one each); paths are
 * read from where npm was started. Exits 1 when no cell of the paper's table is in the runs.
 */
import { resolve } from 'node:path';
import { isBenchError } from '@recovery-bench/harness';
import { loadRun, summarize } from './summarize.ts';
import { checkTable7, renderTable7Check } from './table7-check.ts';

const dirs = process.argv.slice(2);
if (dirs.length === 0) {
  process.stderr.write('usage: npm run study3:table7-check -- <runDir…> (the runs of --preset study3: toolmaze, loudquiet)\n');
  process.exit(2);
}
const from = process.env.INIT_CWD ?? process.cwd();
try {
  // Each run is summarized alone: a ToolMaze and a Loud/Quiet run are two benchmarks of one study, not a rerun.
  const contrasts = dirs.flatMap((dir) => summarize([loadRun(resolve(from, dir))]).contrasts);
  const cells = checkTable7(contrasts);
  process.stdout.write(`${renderTable7Check(cells)}\n`);
  process.exitCode = cells.some((c) => c.agrees !== null) ? 0 : 1;
} catch (error) {
  if (!isBenchError(error)) throw error;
  process.stderr.write(`study3:table7-check: ${error.message}\n`);
  process.exitCode = 2;
}
