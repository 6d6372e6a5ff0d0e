import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePyJson } from '../records/pyjson.ts';
import { resolveSuiteSource, TRAJECTORIES_IN_CHECKOUT } from '../suite/source.ts';
import { BridgeClient } from './client.ts';
import { replayRecord } from './replay.ts';

// Runs only with the gorilla checkout, the suite and the harness's recorded trajectories: LOUDQUIET_GORILLA_DIR plus
// LOUDQUIET_BRITTLE_DIR (its 02_data_collection/outputs/trajectories/*.jsonl) or LOUDQUIET_TRAJECTORIES (a folder).
const gorilla = process.env.LOUDQUIET_GORILLA_DIR;
const source = resolveSuiteSource();
const trajectories = process.env.LOUDQUIET_TRAJECTORIES ?? (process.env.LOUDQUIET_BRITTLE_DIR ? join(process.env.LOUDQUIET_BRITTLE_DIR, TRAJECTORIES_IN_CHECKOUT) : undefined);
const files = trajectories && existsSync(trajectories) ? readdirSync(trajectories).filter((f) => f.endsWith('.jsonl')).sort() : [];
const ready = gorilla !== undefined && source !== undefined && files.length > 0;
const title = ready ? 'the recorded trajectories, replayed through the bridge' : 'the recorded trajectories, replayed through the bridge (skipped: needs LOUDQUIET_GORILLA_DIR and recorded *.jsonl trajectories)';

describe.skipIf(!ready)(title, () => {
  let bridge: BridgeClient;
  beforeAll(async () => {
    bridge = await BridgeClient.start({ suitePath: source!.suitePath, classes: { kind: 'gorilla', dir: gorilla! } });
  });
  afterAll(async () => {
    await bridge?.close();
  });

  it('reproduces every recorded tool result, env_summary and final_state byte for byte', async () => {
    const mismatches: string[] = [];
    let trials = 0;
    for (const file of files) {
      for (const line of readFileSync(join(trajectories!, file), 'utf8').split('\n')) {
        if (line.trim() === '') continue;
        const result = await replayRecord(bridge, parsePyJson(line, file));
        if (!result) continue;
        trials++;
        for (const m of result.mismatches) mismatches.push(`${result.trialId}: ${m}`);
      }
    }
    expect(trials).toBeGreaterThan(0);
    expect(mismatches.slice(0, 20)).toEqual([]);
  }, 600_000);
});
