/**
 * `npm run bench:memory -w @recovery-bench/bench-runner`: peak memory of a whole run (run, score, report) as the
 * plan grows. The built-in default with 1, 4 and 16 seeds (928, 3,712 and 14,848 samples), calls recorded without
 * bodies, each run as its own `recovery-bench run` process; its peak RSS is read when it exits. Target: the 16-seed
 * run within 1.5× of the 1-seed run, since nothing holds transcripts in memory.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { stringify } from 'yaml';
import { presetConfig } from '../config/load.ts';
import { BIN, REPO_ROOT } from '../testing/run-cli.ts';

const PROBE = pathToFileURL(new URL('./rss-probe.mjs', import.meta.url).pathname).href;

function peakRss(seeds: number): { samples: number; mb: number; seconds: number } {
  const work = mkdtempSync(join(tmpdir(), 'rb-memory-'));
  const config = { ...presetConfig('default'), name: `memory-${seeds}`, seeds: Array.from({ length: seeds }, (_, i) => i), records: { bodies: false } };
  writeFileSync(join(work, 'config.yaml'), stringify(config));
  const probe = join(work, 'rss.txt');
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [BIN, 'run', '--config', join(work, 'config.yaml'), '--out', work], {
    cwd: REPO_ROOT, encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: `--import ${PROBE}`, RSS_PROBE_OUT: probe },
  });
  if (r.status !== 0) throw new Error(`the ${seeds}-seed run failed: ${r.stderr}`);
  const seconds = (performance.now() - t0) / 1000;
  const dir = r.stdout.trim().split('\n').at(-1)!;
  const samples = readFileSync(join(dir, 'samples.jsonl'), 'utf8').split('\n').filter(Boolean).length;
  const mb = Number(readFileSync(probe, 'utf8')) / 1024;
  rmSync(work, { recursive: true, force: true });
  return { samples, mb, seconds };
}

const rows = [1, 4, 16].map((seeds) => ({ seeds, ...peakRss(seeds) }));
for (const r of rows) console.log(`${String(r.seeds).padStart(2)} seed(s): ${r.samples.toLocaleString('en').padStart(6)} samples, peak RSS ${r.mb.toFixed(0)} MB, ${r.seconds.toFixed(0)} s`);
const ratio = rows[2]!.mb / rows[0]!.mb;
console.log(`16 seeds / 1 seed: ×${ratio.toFixed(2)} peak RSS at ×${(rows[2]!.samples / rows[0]!.samples).toFixed(0)} samples (target ≤ ×1.5): ${ratio <= 1.5 ? 'within' : 'OVER'}`);
