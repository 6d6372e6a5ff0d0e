#!/usr/bin/env node
// Compares the scores of two run directories sample by sample: the same config run before and after a change of
// the code must give the same primary score (value, outcome, reason, excluded) for every sample. Timings and other
// details that differ between any two runs (wall times, request ids) are not compared.
//
//   node tools/compare-scores.mjs <runDirBefore> <runDirAfter>
//
// Prints the number of samples compared and each difference; exits 1 when there is one (or a sample is missing).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const [before, after] = process.argv.slice(2);
if (!before || !after) {
  console.error('usage: node tools/compare-scores.mjs <runDirBefore> <runDirAfter>');
  process.exit(2);
}

function scores(dir) {
  const manifest = JSON.parse(readFileSync(join(dir, 'run.json'), 'utf8'));
  const primary = manifest.scoring?.primary?.scorer;
  const out = new Map();
  for (const line of readFileSync(join(dir, 'scores.jsonl'), 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const r = JSON.parse(line);
    if (!r.system) continue;
    const s = r.error ? { error: r.error.code } : r.scores?.[primary];
    out.set(`${r.system} ${r.model} ${r.task} s${r.seed}`, JSON.stringify(s ? { value: s.value, outcome: s.outcome, reason: s.reason, excluded: s.excluded, stopped: s.stopped, error: s.error } : null));
  }
  return { benchmark: manifest.benchmark, primary, out };
}

const a = scores(before);
const b = scores(after);
const differences = [];
for (const [key, value] of a.out) {
  if (!b.out.has(key)) differences.push(`${key}: missing after`);
  else if (b.out.get(key) !== value) differences.push(`${key}: ${value} -> ${b.out.get(key)}`);
}
for (const key of b.out.keys()) if (!a.out.has(key)) differences.push(`${key}: new after`);
console.log(`${a.benchmark} (${a.primary}): ${a.out.size} samples before, ${b.out.size} after, ${differences.length} difference(s)`);
for (const d of differences.slice(0, 50)) console.log(`  ${d}`);
process.exit(differences.length === 0 ? 0 : 1);
