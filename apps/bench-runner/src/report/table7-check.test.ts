import { describe, expect, it } from 'vitest';
import { reportContrast as contrast } from '../testing/report-contrast.ts';
import { checkTable7, PAPER_COLUMNS, PAPER_TABLE7, renderTable7Check } from './table7-check.ts';

describe("the study3 table 7 check against the paper's cells", () => {
  it('holds every cell of the paper: ten rows by four columns', () => {
    expect(Object.keys(PAPER_TABLE7)).toHaveLength(10);
    for (const cells of Object.values(PAPER_TABLE7)) expect(cells).toHaveLength(PAPER_COLUMNS.length);
  });

  it('agrees where the paper\'s value is inside our interval with the same verdict, and says why not elsewhere', () => {
    const cells = checkTable7([
      // Paper +14.2 [10.0, 18.3]: inside [10, 20].
      contrast('toolmaze/small:layer-effect', { estimate: 0.15, lower: 0.1, upper: 0.2 }),
      // Paper +15.7*: inside, but not supported here.
      contrast('toolmaze/small:h3.1:L', { estimate: 0.16, lower: 0.05, upper: 0.3, supported: false }),
      // Paper +0.6 =: inside, and equal here too.
      contrast('toolmaze/small:h3.2:S', { estimate: 0.005, lower: -0.02, upper: 0.03, equal: true }),
      // Paper −16.8: outside.
      contrast('toolmaze/small:h3.3:e1', { estimate: 0.07, lower: -0.01, upper: 0.16 }),
      contrast('toolmaze/small:h3.3:e2', { valid: false }),
      // A per-model row is not the paper's pooled cell.
      contrast('toolmaze/large:layer-effect', { estimate: 0.1, lower: 0, upper: 0.2, model: 'qwen3-32b' }),
    ]);
    const at = (row: string, column: string) => cells.find((c) => c.row === row && c.column === column)!;
    expect(at('layer-effect', 'toolmaze/small')).toMatchObject({ agrees: true });
    expect(at('h3.1:L', 'toolmaze/small')).toMatchObject({ agrees: false, why: "the paper's value is within our interval; support differs (paper *)" });
    expect(at('h3.2:S', 'toolmaze/small')).toMatchObject({ agrees: true, why: "the paper's value is within our interval; same =/≠" });
    expect(at('h3.3:e1', 'toolmaze/small')).toMatchObject({ agrees: false, why: "the paper's value is outside our interval" });
    expect(at('h3.3:e2', 'toolmaze/small')).toMatchObject({ agrees: true, why: 'not valid in both' });
    expect(at('layer-effect', 'toolmaze/large')).toMatchObject({ agrees: null, why: 'not in these runs' });
    const text = renderTable7Check(cells);
    expect(text).toContain('| h3.1:L | toolmaze/small | +15.7* | +16.0 [5.0, 30.0] | no (');
    expect(text).toMatch(/3 of 5 cells agree with the paper \(35 not in these runs\)\.\n/);
    // The pattern lines judge the verdicts alone: H3.1's support differs in its one cell, H3.2's =/≠ is the paper's.
    expect(at('h3.1:L', 'toolmaze/small').sameVerdict).toBe(false);
    expect(at('layer-effect', 'toolmaze/small').sameVerdict).toBeNull();
    expect(text).toContain('Pattern, H3.1 support (*): as the paper\'s in 0 of 1 cells (differs: h3.1:L toolmaze/small).');
    expect(text).toMatch(/Pattern, H3\.2 baselines \(=\/≠\): as the paper's in 1 of 1 cells\.$/);
  });
});
