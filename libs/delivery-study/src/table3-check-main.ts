/**
 * `npm run study2:table3-check -- <runDir…>`: the delivery runs' table 3 (`--preset study2`, one run per tier or
 * both) beside the paper's, cell by cell (table3-check.ts). Paths are read from where npm was started. Exits 1 when
 * no cell can be compared, 2 on a missing or unreadable report.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { DeliveryReport } from './report.ts';
import { checkTable3, renderTable3Check } from './table3-check.ts';

const dirs = process.argv.slice(2);
if (dirs.length === 0) {
  process.stderr.write('usage: npm run study2:table3-check -- <runDir…> (delivery runs of --preset study2)\n');
  process.exit(2);
}
const from = process.env.INIT_CWD ?? process.cwd();
const reports: DeliveryReport[] = [];
for (const dir of dirs) {
  const path = join(resolve(from, dir), 'delivery-report.json');
  try {
    const report = JSON.parse(readFileSync(path, 'utf8')) as DeliveryReport;
    if (report.format !== 'recovery-bench/delivery-report@2') throw new Error(`format ${String(report.format)}, not recovery-bench/delivery-report@2 (make its report again: recovery-bench report ${dir})`);
    reports.push(report);
  } catch (error) {
    process.stderr.write(`study2:table3-check: ${path}: ${(error as Error).message}\n`);
    process.exit(2);
  }
}
const cells = checkTable3(reports);
process.stdout.write(`${renderTable3Check(cells)}\n`);
process.exitCode = cells.some((c) => c.holds !== null) ? 0 : 1;
