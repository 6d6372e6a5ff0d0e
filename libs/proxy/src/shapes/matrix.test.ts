import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chunks, completion, sendJson, sendSse, startFakeEngine, type FakeEngine } from '../testing/fake-engine.ts';
import { loadAgentShapes } from './agent-shapes.ts';
import { cellHolds, fidelityMatrix, matrixTable, type MatrixCell } from './matrix.ts';

let engine: FakeEngine;
let cells: MatrixCell[];

beforeAll(async () => {
  engine = await startFakeEngine((req, res) => ((req.json as { stream?: boolean } | undefined)?.stream === true ? sendSse(res, chunks({ content: 'ok' })) : sendJson(res, 200, completion({ content: 'ok' }))));
  cells = await fidelityMatrix({ upstreamUrl: engine.url });
}, 60_000);
afterAll(() => engine?.close());

describe('the error-flag fidelity matrix', () => {
  it('has a cell for every recorded agent shape, streamed and not, and with the flag added where the agent sends none', () => {
    const shapes = loadAgentShapes();
    expect(cells).toHaveLength(shapes.length * 4 - shapes.filter((s) => s.surface === 'anthropic').length * 2);
    expect(new Set(cells.map((c) => c.surface))).toEqual(new Set(['chat', 'anthropic', 'responses']));
  });

  it('holds in every cell: answered 200 with either layer, the failure detected, the c3 rewrite at the engine, a client flag forwarded', () => {
    expect(cells.filter((c) => !cellHolds(c)), matrixTable(cells)).toEqual([]);
  });

  it('sees Claude Code\'s is_error in both modes, and the flag added on Chat and Responses; forwards each to an engine with its own layer', () => {
    for (const c of cells) {
      expect(c.clientFlag, `${c.agent} ${c.mode}`).toBe(c.surface === 'anthropic' || c.flagAdded);
      expect(c.flagAdded).toBe(c.surface !== 'anthropic' && c.clientFlag);
      expect(c.flagForwarded).toBe(c.clientFlag ? true : null);
      if (c.clientFlag) expect(c.detected?.rule, `${c.agent} ${c.mode}`).toBe('is_error');
    }
    expect(cells.filter((c) => c.agent === 'claude-code')).toHaveLength(4);
    expect(new Set(cells.filter((c) => c.flagAdded).map((c) => c.surface))).toEqual(new Set(['chat', 'responses']));
  });

  it('prints one row per cell', () => {
    const table = matrixTable(cells).split('\n');
    expect(table).toHaveLength(cells.length + 2);
    expect(table[0]).toMatch(/^agent\s+mode\s+surface\s+stream\s+client flag\s+detector \(c3\)/);
  });
});
