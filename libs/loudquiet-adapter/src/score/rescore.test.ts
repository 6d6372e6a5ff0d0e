import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readTrajectoryRecords, runRescoreCommand } from '../cli/rescore.ts';
import { parsePyJson } from '../records/pyjson.ts';
import { countedRecords, scoreTrials } from './rescore.ts';

const dir = fileURLToPath(new URL('./testdata/', import.meta.url));
const files = ['fx-model__timeout__off.jsonl', 'fx-model__faults__off.jsonl', 'fx-model__clean__off.jsonl'].map((f) => join(dir, f));

async function rescore(args: string[]): Promise<string[]> {
  const lines: string[] = [];
  expect(await runRescoreCommand(args, (l) => lines.push(l))).toBe(0);
  return lines;
}

describe('loudquiet rescore', () => {
  it('reproduces the scores of self-authored trajectory files in the harness format', async () => {
    const lines = await rescore([...files, '--reference', join(dir, 'reference_states.json')]);
    const id = (rest: string) => `"trial_id": "fx-model|${rest}"`;
    expect(lines).toEqual([
      `{${id('clean|na|off|FX1|s0')}, "state_agreement_ref": 1.0, "state_agreement_own": 0.75, "recovered": false, "perseveration": false, "repeat_identical": false}`,
      `{${id('clean|na|off|FX1|s1')}, "state_agreement_ref": 0.75, "state_agreement_own": 0.75, "recovered": false, "perseveration": false, "repeat_identical": false}`,
      `{${id('clean|na|off|FX2|s0')}, "state_agreement_ref": NaN, "state_agreement_own": null, "recovered": null, "perseveration": false, "repeat_identical": false}`,
      `{${id('missing_tool|late|off|FX1|s1')}, "state_agreement_ref": 0.5, "state_agreement_own": 0.25, "recovered": false, "perseveration": true, "repeat_identical": true}`,
      `{${id('schema_drift|late|off|FX2|s0')}, "state_agreement_ref": NaN, "state_agreement_own": null, "recovered": null, "perseveration": false, "repeat_identical": false}`,
      `{${id('schema_drift|late|off|FX1|s0')}, "state_agreement_ref": 0.75, "state_agreement_own": 0.75, "recovered": false, "perseveration": false, "repeat_identical": false}`,
      `{${id('timeout|late|off|FX1|s0')}, "state_agreement_ref": 1.0, "state_agreement_own": 1.0, "recovered": true, "perseveration": true, "repeat_identical": false}`,
    ]);
  });

  it('computes replanned, recovery cost and the step budget beside them', () => {
    const recs = countedRecords(readTrajectoryRecords(files));
    const scores = new Map(scoreTrials(recs, parsePyJson(readFileSync(join(dir, 'reference_states.json'), 'utf8'))).map((s) => [s.trialId, s]));
    const drift = scores.get('fx-model|schema_drift|late|off|FX1|s0')!;
    expect(drift.replanned).toBe(true);
    expect(drift.recoveryCost).toBe(0); // 3 steps − mean(2, 4)
    expect(scores.get('fx-model|timeout|late|off|FX1|s0')!.replanned).toBe(false); // its first call after the fault repeats the failed one
    expect(scores.get('fx-model|missing_tool|late|off|FX1|s1')!.recoveryCost).toBe(3);
    expect([...scores.values()].every((s) => s.budgetExhausted === false)).toBe(true);
  });

  it('names the file and line of a record that is not JSON, and asks for what is missing', async () => {
    const tmp = mkdtempSync(join(tmpdir(), 'lq-rescore-'));
    const bad = join(tmp, 'bad.jsonl');
    writeFileSync(bad, '{"trial_id": "x", "status": "ok"}\n{"trial_id": \n');
    await expect(rescore([bad, '--reference', join(dir, 'reference_states.json')])).rejects.toThrow(`${bad}:2: unexpected character`);
    await expect(rescore([bad])).rejects.toThrow('rescore needs --reference');
    await expect(rescore(['--reference', bad])).rejects.toThrow('at least one trajectories .jsonl file');
    writeFileSync(join(tmp, 'list.json'), '[]');
    await expect(rescore([bad, '--reference', join(tmp, 'list.json')])).rejects.toThrow('not a reference-states object');
    await expect(rescore([join(tmp, 'none.jsonl'), '--reference', join(dir, 'reference_states.json')])).rejects.toThrow(/cannot read the trajectory file .*none.jsonl \(ENOENT\)/);
  });
});

