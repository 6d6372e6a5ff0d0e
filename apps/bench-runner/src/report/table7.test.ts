import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../testing/run-cli.ts';
import { reportContrast as contrast } from '../testing/report-contrast.ts';
import { table7Section } from './table7.ts';

type Table = { header: string[]; rows: string[][] };

describe("the paper's table 7 as one grid", () => {
  it('a column per tier and benchmark, small first; the rows and cells as the paper prints them', () => {
    const contrasts = [
      contrast('toolmaze/large:layer-effect', { estimate: 0.105, lower: 0.04, upper: 0.17 }),
      contrast('toolmaze/small:layer-effect', { estimate: 0.142, lower: 0.1, upper: 0.183 }),
      contrast('loudquiet/small:layer-effect', { estimate: -0.011, lower: -0.028, upper: 0.003 }),
      contrast('loudquiet/small:h3.1:L', { test: 'one-sided', estimate: 0.153, adjustedP: 0.0001, supported: true }),
      contrast('toolmaze/large:h3.1:V', { test: 'one-sided', estimate: 0.09, adjustedP: 0.052, supported: false }),
      contrast('toolmaze/large:h3.1:S', { test: 'one-sided', estimate: 0.12, adjustedP: 0.2, supported: false }),
      contrast('loudquiet/small:h3.2:L', { test: 'equivalence', estimate: 0.17, equal: false }),
      contrast('loudquiet/small:h3.2:V', { test: 'equivalence', estimate: -0.005, equal: true }),
      contrast('toolmaze/small:h3.3:e2', { valid: false, estimate: 0.01, lower: 0, upper: 0.02 }),
      contrast('toolmaze/small:control', { estimate: 0, lower: 0, upper: 0 }),
      // Per-model rows, other presets and H3.4 stay in the flat list only.
      contrast('toolmaze/small:layer-effect', { estimate: 0.5, model: 'qwen3-8b' }),
      contrast('toolmaze/small:layer-effect', { estimate: 0.5, source: 'layer' }),
      contrast('loudquiet/small:h3.4:L', { estimate: 0.5 }),
    ];
    const section = table7Section(contrasts)!;
    const table = section.blocks[0] as unknown as Table;
    expect(table.header).toEqual(['', 'small tier: loudquiet', 'small tier: toolmaze', 'large tier: toolmaze']);
    const row = (label: string) => table.rows.find((r) => r[0] === label)!.slice(1);
    expect(row('G-on − G-off, explicit errors')).toEqual(['−1.1 [−2.8, 0.3]', '+14.2 [10.0, 18.3]', '+10.5 [4.0, 17.0]']);
    expect(row('H3.1: G-on − L')).toEqual(['+15.3*', '', '']);
    expect(row('H3.1: G-on − V')).toEqual(['', '', '+9.0 (p = 0.052)']);
    expect(row('H3.1: G-on − S')).toEqual(['', '', '+12.0']);
    expect(row('H3.2: G-off − L')).toEqual(['+17.0 ≠', '', '']);
    expect(row('H3.2: G-off − V')).toEqual(['−0.5 =', '', '']);
    expect(row('H3.3: G-on − E2 (transient)')).toEqual(['', '(not valid)', '']);
    expect(row('Control: G-on − G-off')).toEqual(['', '0.0 [0.0, 0.0]', '']);
    expect(table.rows.map((r) => r[0])).toEqual([
      'G-on − G-off, explicit errors', 'H3.1: G-on − L', 'H3.1: G-on − V', 'H3.1: G-on − S', 'H3.2: G-off − L', 'H3.2: G-off − V', 'H3.2: G-off − S',
      'H3.3: G-on − E1', 'H3.3: G-on − E2 (transient)', 'Control: G-on − G-off',
    ]);
    expect(table7Section(contrasts.filter((c) => c.source !== 'study3'))).toBeUndefined();
  });

  it('leads the report of a study3 run, in report.md, report.html and report.json alike', async () => {
    const { code, stdout, stderr } = await runCli(['run', 'toolmaze', '--preset', 'study3', '--engine-override', 'sim', '--allow-fixtures', '--tasks', 'FX_001,FX_002']);
    expect(code, stderr).toBe(0);
    const dir = stdout.trim().split('\n').at(-1)!;
    const md = readFileSync(join(dir, 'report.md'), 'utf8');
    expect(md).toMatch(/## Table 7: Study 3, layer 1\n\n.*\n\n\|  \| small tier: toolmaze \|/);
    expect(md.indexOf('## Table 7')).toBeLessThan(md.indexOf('## Analysis plan study3'));
    expect(md).toMatch(/\| H3\.3: G-on − E2 \(transient\) \| \(not valid\) \|/);
    const json = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as { sections: { title: string; blocks: Table[] }[] };
    const grid = json.sections.find((s) => s.title === 'Table 7: Study 3, layer 1')!.blocks[0]!;
    for (const row of grid.rows) expect(md).toContain(`| ${row.join(' | ')} |`);
    const html = readFileSync(join(dir, 'report.html'), 'utf8');
    expect(html).toContain('<h2>Table 7: Study 3, layer 1</h2>');
    expect(html).toContain(`<td>${grid.rows[0]![1]}</td>`);
  }, 120_000);
});
