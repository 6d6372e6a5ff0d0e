import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { detectToolResult, type Kind } from '@recovery-bench/toolerror-core';
import { describe, expect, it } from 'vitest';
import { renderFixtureFiles } from '../fixtures/generate.ts';
import { isErrorResult } from './error-rule.ts';
import { pythonJsonDumps } from './python-json.ts';
import { FIXTURE_SIM_SCRIPTS_DIR, FIXTURE_SUITE_PATH, loadSuiteFile } from './suite-file.ts';

const { suite } = loadSuiteFile();
const FIXTURES_DIR = join(FIXTURE_SUITE_PATH, '..');

describe('the fixture suite', () => {
  it('is what fixtures/generate.ts builds (run `npx tsx fixtures/generate.ts` after editing fixtures/world.ts)', () => {
    const files = renderFixtureFiles();
    for (const [rel, text] of Object.entries(files)) expect(readFileSync(join(FIXTURES_DIR, rel), 'utf8'), rel).toBe(text);
    expect(readdirSync(FIXTURE_SIM_SCRIPTS_DIR).sort()).toEqual(Object.keys(files).filter((f) => f.startsWith('sim-scripts/')).map((f) => f.slice('sim-scripts/'.length)).sort());
  });

  it('has the tools and tasks of spec §10', () => {
    expect(suite.tools.fx_find_order!.responder).toEqual({ kind: 'cases', cases: [{ when: { order_id: 'O-1' }, output: { order_id: 'O-1', sku: 'A1', qty: 2 } }] });
    expect(pythonJsonDumps(suite.tools.fx_get_price!.responder)).toBe('{"kind": "cases", "cases": [{"when": {"sku": "A1"}, "output": {"sku": "A1", "price_usd": 10.0}}]}');
    expect(suite.tools.fx_create_invoice!.responder).toEqual({ kind: 'cases', cases: [{ when: { order_id: 'O-1' }, output: { invoice_id: 'INV-1' } }, { when: { order_id: 'O-ERR' }, output: 'Error: x' }] });
    const byId = new Map(suite.tasks.map((t) => [t.id, t]));
    expect(['FX_001_P0', 'FX_001_P1', 'FX_001_P2', 'FX_001_P3', 'FX_001_P4', 'FX_002_P2'].every((id) => byId.has(id))).toBe(true);
    expect(byId.get('FX_001_P1')!.fault).toMatchObject({ toolName: 'fx_get_price', payload: { error: 'upstream unavailable' } });
    expect(pythonJsonDumps(byId.get('FX_001_P4')!.fault!.payload)).toBe('{"sku": "A1", "price_usd": -42.0}');
    expect(byId.get('FX_002_P2')!.fault).toMatchObject({ toolName: 'fx_create_invoice', payload: { error: 'invoice service retired' }, victimIsLastNode: true });
  });

  it('has at least 20 more base tasks over its own tools, each in P0–P4', () => {
    const bases = new Map<string, string[]>();
    for (const t of suite.tasks) bases.set(t.baseId, [...(bases.get(t.baseId) ?? []), t.mode]);
    const own = [...bases.entries()].filter(([id]) => id !== 'FX_001' && id !== 'FX_002');
    expect(own.length).toBeGreaterThanOrEqual(20);
    for (const [id, modes] of own) expect(modes, id).toEqual(['P0', 'P1', 'P2', 'P3', 'P4']);
    expect(own.some(([id]) => suite.tasks.find((t) => t.id === `${id}_P2`)!.fault!.victimIsLastNode)).toBe(true);
  });

  it('carries explicit error texts of all three kinds for the recovery layer, and implicit corruptions without "error"', () => {
    const kinds = new Set<Kind>();
    for (const task of suite.tasks) {
      const fault = task.fault;
      if (!fault) continue;
      expect(isErrorResult(fault.payload), task.id).toBe(fault.visibility === 'explicit');
      if (fault.visibility !== 'explicit') continue;
      const detected = detectToolResult({ role: 'tool', content: pythonJsonDumps(fault.payload) }, undefined);
      if (detected) kinds.add(detected.kind);
    }
    expect([...kinds].filter((k) => k !== 'ambiguous').sort()).toEqual(['fixable', 'transient', 'unrecoverable']);
  });

  it('has one sim script per base task, in the sim engine’s schema, matching its query marker and gold path', () => {
    const files = readdirSync(FIXTURE_SIM_SCRIPTS_DIR);
    const baseIds = [...new Set(suite.tasks.map((t) => t.baseId))];
    expect(files.sort()).toEqual(baseIds.map((id) => `${id}.json`).sort());
    for (const file of files) {
      const script = JSON.parse(readFileSync(join(FIXTURE_SIM_SCRIPTS_DIR, file), 'utf8')) as { id: string; match: { marker: string }; steps: ({ call: { name: string; arguments: unknown } } | { answer: string })[] };
      const base = file.replace(/\.json$/, '');
      const tasks = suite.tasks.filter((t) => t.query.includes(script.match.marker));
      expect(new Set(tasks.map((t) => t.baseId)), file).toEqual(new Set([base]));
      const gold = tasks[0]!.requiredPath.map((s) => ({ call: { name: s.toolName, arguments: JSON.parse(JSON.stringify(s.arguments)) as unknown } }));
      expect(script.steps.slice(0, -1)).toEqual(gold);
      expect(Object.keys(script.steps.at(-1)!)).toEqual(['answer']);
      expect(Object.keys(script).sort()).toEqual(['description', 'id', 'match', 'steps']);
    }
  });
});
