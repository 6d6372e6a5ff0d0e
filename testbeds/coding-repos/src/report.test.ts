import type { ScoredSample } from '@recovery-bench/harness';
import type { ReportOptions } from './report-types.ts';
import { describe, expect, it } from 'vitest';
import { agentsLine, codingReportSections, sandboxLine } from './report.ts';

function sample(system: string, repo: string, condition: string, value: number, details: Record<string, unknown>, model = 'm', agent = 'qwen-code'): ScoredSample {
  return {
    system, model, task: `${agent}/${repo}/${condition}`, unit: `${agent}/${repo}`, condition, seed: 0,
    scores: { 'coding:outcome': { value, outcome: value ? 'pass' : 'fail', details: { toolCalls: 4, wallMs: 10_000, ...details } } },
  };
}

const perModel = (sections: ReturnType<typeof codingReportSections>) => sections.find((s) => s.title === 'Coding agents per agent and model')!;

describe('coding report: per agent and model', () => {
  it('gives each system its measures and the layer minus the other system, per agent', () => {
    const samples: ScoredSample[] = [];
    for (const repo of ['a', 'b']) {
      samples.push(sample('off', repo, 'flaky', 0, {}), sample('c3', repo, 'flaky', 1, {}));
      samples.push(sample('off', repo, 'forbidden', 0, { requests: repo === 'a' ? 7 : 3, fabricated: repo === 'a' }), sample('c3', repo, 'forbidden', 1, { requests: 1, fabricated: false }));
      samples.push(sample('off', repo, 'ok', 1, {}), sample('c3', repo, 'ok', 1, {}));
    }
    const section = perModel(codingReportSections(samples, { resamples: 200, seed: 1, systems: [{ id: 'off', arm: 'off', engine: 'sim' }, { id: 'c3', arm: 'proxy-c3', engine: 'sim' }] }));
    expect(section.header).toEqual(['agent · model', 'measure', 'off', 'c3', 'c3 − off [95% CI]']);
    const row = (label: string) => section.rows.find((r) => r[1] === label)!;
    expect(row('flaky: tests pass')).toEqual(['qwen-code · m', 'flaky: tests pass', '0% (n=2)', '100% (n=2)', '+100 [+100, +100]']);
    expect(row('forbidden: data-service requests per run').slice(2)).toEqual(['5.0 (n=2)', '1.0 (n=2)', '-4.0 [-6.0, -2.0]']);
    expect(row('forbidden: writes a (fabricated) result file').slice(2, 4)).toEqual(['50% (n=2)', '0% (n=2)']);
    expect(row('ok: tests pass (baseline)')[4]).toBe('+0 [+0, +0]');
  });
});

/**
 * A run shaped like the paper's layer 2: four tasks, two models, G-off and G-on on one engine, three other engines
 * with the layer off and SGLang's second run with the proxy's cap, and E1 (not part of the table). Per task the
 * values are built so that most differences are the same on every task (a point interval) and the rest are known.
 */
function paperLikeRun(ids: Record<'off' | 'on' | 'L' | 'V' | 'S' | 'S8' | 'E1', string>): { samples: ScoredSample[]; options: ReportOptions } {
  const samples: ScoredSample[] = [];
  for (const agent of ['qwen-code', 'opencode']) {
    for (const model of ['m1', 'm2']) {
      for (const repo of ['a', 'b', 'c', 'd']) {
        const add = (system: string, condition: string, value: number, details: Record<string, unknown> = {}) => samples.push(sample(system, repo, condition, value, details, model, agent));
        // flaky: G-on passes everything; G-off only m1 on a and b (task means .5 .5 0 0); S (8,192) a only.
        add(ids.on, 'flaky', 1);
        add(ids.off, 'flaky', model === 'm1' && (repo === 'a' || repo === 'b') ? 1 : 0);
        add(ids.L, 'flaky', 0);
        add(ids.V, 'flaky', 1);
        add(ids.S, 'flaky', 0);
        add(ids.S8, 'flaky', repo === 'a' ? 1 : 0);
        add(ids.E1, 'flaky', 1);
        // forbidden: only G-on reports; G-off asks 3 (m1) and 5 (m2) times, the others once; G-off with m2 makes up
        // a result file.
        add(ids.on, 'forbidden', 1, { requests: 1, reportsWithoutFile: true, fabricated: false });
        add(ids.off, 'forbidden', 0, { requests: model === 'm1' ? 3 : 5, reportsWithoutFile: false, fabricated: model === 'm2' });
        for (const x of [ids.L, ids.V, ids.S, ids.S8]) add(x, 'forbidden', 0, { requests: 1, reportsWithoutFile: false, fabricated: false });
        // ok: L passes with m1 only, S never; the rest always.
        for (const x of [ids.on, ids.off, ids.V, ids.S8, ids.E1]) add(x, 'ok', 1);
        add(ids.L, 'ok', model === 'm1' ? 1 : 0);
        add(ids.S, 'ok', 0);
      }
    }
  }
  const systems = [
    { id: ids.off, arm: 'off', engine: 'geulpu' }, { id: ids.on, arm: 'engine-c3', engine: 'geulpu' },
    { id: ids.L, arm: 'off', engine: 'llama.cpp' }, { id: ids.V, arm: 'off', engine: 'vllm' },
    { id: ids.S, arm: 'off', engine: 'sglang' }, { id: ids.S8, arm: 'off', engine: 'sglang', maxTokensCap: 8192 },
    { id: ids.E1, arm: 'e1', engine: 'geulpu' },
  ];
  return { samples, options: { resamples: 2000, seed: 7, systems } };
}

describe("coding report: the paper's table 8", () => {
  const paperIds = { off: 'G-off', on: 'G-on', L: 'L', V: 'V', S: 'S', S8: 'S-8192', E1: 'E1' } as const;

  it('pools the models per agent, with the paper\'s rows and columns and empty cells where a comparison does not apply', () => {
    const { samples, options } = paperLikeRun(paperIds);
    const sections = codingReportSections(samples, options);
    expect(sections.map((s) => s.title)).toEqual(['Table 8 (pooled over models): opencode', 'Table 8 (pooled over models): qwen-code', 'Coding agents per agent and model']);
    const table = sections[1]!;
    expect(table.header).toEqual(['', 'vs. G-off', 'vs. L', 'vs. V', 'vs. S (main)', 'vs. S (8,192)']);
    expect(table.note).toContain('4 task(s) (repositories) × 2 model(s) = 8 pair(s)');
    const [flaky, reports, noFile, fabricated, requests, baseline, control] = table.rows;
    expect(flaky!.slice(0, 1)).toEqual(['Flaky: G-on − X']);
    // Per task G-on − G-off is .5, .5, 1, 1 (mean .75) and G-on − S (8,192) is 0, 1, 1, 1: intervals inside those ranges.
    expect(flaky![1]).toMatch(/^\+75 \[(50|63), (88|100)\]$/);
    expect(flaky!.slice(2, 5)).toEqual(['+100 [100, 100]', '0 [0, 0]', '+100 [100, 100]']);
    expect(flaky![5]).toMatch(/^\+75 \[(25|50), 100\]$/);
    expect(reports).toEqual(['Forbidden, reports: G-on − X', ...Array(5).fill('+100 [100, 100]')]);
    expect(noFile).toEqual(['Forbidden, reports and writes no file: G-on − X', ...Array(5).fill('+100 [100, 100]')]);
    expect(fabricated).toEqual(['Forbidden, fabricated result file: G-on − X', '-50 [-50, -50]', ...Array(4).fill('0 [0, 0]')]);
    // Requests are counts: G-off's task means are 4 (3 and 5 over the models).
    expect(requests).toEqual(['Forbidden, requests: G-on − X', '-3.0 [-3.0, -3.0]', ...Array(4).fill('0.0 [0.0, 0.0]')]);
    expect(baseline).toEqual(['Ok, baseline: G-off − X', '', '+50 [50, 50]', '0 [0, 0]', '+100 [100, 100]', '0 [0, 0]']);
    expect(control).toEqual(['Ok, control: G-on − G-off', '0 [0, 0]', '', '', '', '']);
    // Both agents' tables are alike here; the per agent × model section is still there, per model.
    expect(sections[0]!.rows).toEqual(table.rows);
    expect(new Set(perModel(sections).rows.map((r) => r[0]))).toEqual(new Set(['opencode · m1', 'opencode · m2', 'qwen-code · m1', 'qwen-code · m2']));
  });

  it('finds the systems by their roles, so other ids keep their names as labels', () => {
    const { samples, options } = paperLikeRun({ off: 'base', on: 'layer', L: 'llama', V: 'vllm-off', S: 'sg', S8: 'sg-short', E1: 'oracle' });
    const table = codingReportSections(samples, options)[0]!;
    expect(table.header).toEqual(['', 'vs. base', 'vs. llama', 'vs. vllm-off', 'vs. sg (main)', 'vs. sg (8,192)']);
    expect(table.rows.map((r) => r[0])).toEqual([
      'Flaky: layer − X', 'Forbidden, reports: layer − X', 'Forbidden, reports and writes no file: layer − X', 'Forbidden, fabricated result file: layer − X',
      'Forbidden, requests: layer − X', 'Ok, baseline: base − X', 'Ok, control: layer − base',
    ]);
    expect(table.rows).toEqual(codingReportSections(...Object.values(paperLikeRun(paperIds)) as [ScoredSample[], ReportOptions])[0]!.rows.map((r, i) => [table.rows[i]![0], ...r.slice(1)]));
  });

  it('takes our layer in the proxy as the layer\'s system when the engine has none, and has no table without a layer', () => {
    const samples = ['a', 'b'].flatMap((repo) => [sample('off', repo, 'flaky', 0, {}), sample('proxy-c3', repo, 'flaky', 1, {})]);
    const withLayer = codingReportSections(samples, { resamples: 200, seed: 1, systems: [{ id: 'off', arm: 'off', engine: 'sim' }, { id: 'proxy-c3', arm: 'proxy-c3', engine: 'sim' }] });
    expect(withLayer[0]).toMatchObject({
      header: ['', 'vs. off'],
      rows: [
        ['Flaky: proxy-c3 − X', '+100 [100, 100]'], ['Forbidden, reports: proxy-c3 − X', '–'], ['Forbidden, reports and writes no file: proxy-c3 − X', '–'],
        ['Forbidden, fabricated result file: proxy-c3 − X', '–'], ['Forbidden, requests: proxy-c3 − X', '–'], ['Ok, baseline: off − X', ''], ['Ok, control: proxy-c3 − off', '–'],
      ],
    });
    const withoutLayer = codingReportSections(samples.filter((s) => s.system === 'off'), { resamples: 200, seed: 1, systems: [{ id: 'off', arm: 'off', engine: 'sim' }] });
    expect(withoutLayer.map((s) => s.title)).toEqual(['Coding agents per agent and model']);
  });

  it('differs over pairs within a model: a run one system lacks is in no pair, where pooling the models first would count it', () => {
    // m1 passes every flaky run and m2 none, under both systems; G-off has no m2 run on task a (it errored out of
    // the records). Per pair every difference is 0. Averaging each task over the models first would compare G-on's
    // 50% on task a with G-off's 100% (m1 alone) and give -25 points.
    const samples: ScoredSample[] = [];
    for (const repo of ['a', 'b']) {
      for (const model of ['m1', 'm2']) {
        samples.push(sample('G-on', repo, 'flaky', model === 'm1' ? 1 : 0, {}, model));
        if (!(repo === 'a' && model === 'm2')) samples.push(sample('G-off', repo, 'flaky', model === 'm1' ? 1 : 0, {}, model));
      }
    }
    const systems = [{ id: 'G-off', arm: 'off', engine: 'geulpu' }, { id: 'G-on', arm: 'engine-c3', engine: 'geulpu' }];
    const [table] = codingReportSections(samples, { resamples: 500, seed: 3, systems });
    expect(table!.rows[0]).toEqual(['Flaky: G-on − X', '0 [0, 0]']);
  });

  it('counts, per column, the model calls its engine refused, from the proxy\'s records', () => {
    const { samples, options } = paperLikeRun(paperIds);
    const calls: NonNullable<ReportOptions['calls']> = [
      { system: 'S', codes: { context_overflow: 36 } }, { system: 'S-8192', codes: { ok: 200, context_overflow: 2 } },
      { system: 'G-off', codes: { ok: 120 } }, { system: 'L', codes: { ok: 90, engine_parse_error: 3 } }, { system: 'V', codes: { ok: 88 } },
    ];
    const table = codingReportSections(samples, { ...options, calls })[1]!;
    expect(table.rows.at(-1)).toEqual(['Model calls the engine refused (of all)', '0 of 120', '3 of 93', '0 of 88', '36 of 36', '2 of 202']);
  });
});

describe('coding report: who ran where', () => {
  it('names each agent with the version its runs recorded, and a version other than the paper\'s as a deviation', () => {
    expect(agentsLine([{ agents: { 'qwen-code': '0.24.4' } }, { agents: { 'qwen-code': '0.24.4', codex: '0.169.0' } }])).toBe(
      'Agents: codex 0.169.0; qwen-code 0.24.4. Deviation from the paper: qwen-code 0.24.4 ran where the paper used 0.25.3.',
    );
    expect(agentsLine([{ agents: { 'qwen-code': '0.25.3' } }])).toBe('Agents: qwen-code 0.25.3.');
    expect(agentsLine([null])).toBe('Agents: the runs recorded no agent versions.');
  });

  it('says where the agents ran, with a warning when any run had no sandbox', () => {
    expect(sandboxLine([{ sandbox: { kind: 'bwrap', description: 'bubblewrap 0.8.0: …' } }])).toBe('Sandbox: bubblewrap 0.8.0: ….');
    expect(sandboxLine([{ sandbox: { kind: 'none', description: 'none: the agents ran unsandboxed' } }, {}])).toMatch(/^Warning: the agents ran UNSANDBOXED in at least one run\. Sandbox: none: the agents ran unsandboxed; none: the agents ran unsandboxed \(the run recorded no sandbox\)\.$/);
  });
});
