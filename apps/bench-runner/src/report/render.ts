import { escapeXml, forestPlot, groupedBars, type BarGroup } from './svg.ts';
import type { PassRate, ReportContrast, Summary } from './summarize.ts';
import { htmlTable, sectionHtml, sectionMarkdown } from './sections.ts';

const pts = (v: number | null) => (v === null ? '–' : `${v >= 0 ? '+' : ''}${(v * 100).toFixed(1)}`);
const pct = (v: number) => `${(v * 100).toFixed(1)}%`;
const interval = (lo: number | null, hi: number | null) => (lo === null || hi === null ? '' : ` [${pts(lo)}, ${pts(hi)}]`);
/** A bootstrap p of 0 means no resample reached 0: it is below one over the resamples, not zero. */
const pValue = (p: number | null, resamples: number) => (p === null ? '–' : p === 0 ? `< ${(1 / resamples).toExponential(0)}` : p < 0.001 ? p.toExponential(1) : p.toFixed(3));

/** `not valid (why)`: the benchmark's reason, e.g. a judge that requires a visible retry, against E2. */
function invalidNote(c: ReportContrast): string {
  const reason = c.notes.find((n) => n.startsWith('not valid: '))?.slice('not valid: '.length);
  return reason ? `not valid (${reason})` : 'not valid';
}

function contrastVerdict(c: ReportContrast): string {
  const notes = [
    ...(c.supported === true ? ['supported'] : c.supported === false ? ['not supported'] : []),
    ...(c.equal === true ? [`equal within ±${((c.margin ?? 0) * 100).toFixed(0)} points`] : c.equal === false ? [`not shown equal within ±${((c.margin ?? 0) * 100).toFixed(0)} points`] : []),
    ...(c.valid ? [] : [invalidNote(c)]),
    ...(c.mixed ? ['mixed with engine differences'] : []),
  ];
  return notes.join(', ');
}

function identityLines(s: Summary): string[] {
  return s.runs.map((r) => {
    const engines = r.engines.map((e) => `${e.name}/${e.model} (${e.kind}${e.detail && 'profile' in e.detail ? `: ${String(e.detail.profile)}` : ''})`).join(', ');
    return `- run \`${r.id}\` (${r.benchmark}, ${r.status}, ${r.samples}/${r.planned} samples${r.excluded > 0 ? `, ${r.excluded} left out of the analysis by the benchmark` : ''}) · config ${r.configHash.slice(0, 12)} · git ${r.git.sha ? r.git.sha.slice(0, 12) : 'unknown'}${r.git.dirty ? ' (uncommitted changes)' : ''} · recovery-bench ${r.versions.recoveryBench}, ${r.benchmark} adapter ${r.versions.benchmark}, node ${r.versions.node} · seeds ${r.seeds.join(', ')} · rules ${r.rules.join(', ')} · engines ${engines}`;
  });
}

/** Each run's benchmark with where its tasks come from and how many ran (the report's second paragraph). */
function taskSourceLines(s: Summary): string[] {
  return s.runs.map((r) => {
    const t = r.taskSource;
    if (!t) return `- ${r.benchmark}: task source not recorded (a run of an older version)`;
    const tasks = `${t.kind === 'built-in' ? 'built-in' : t.kind} task${t.units === 1 ? '' : 's'}`;
    return `- ${r.benchmark}: ${t.units} ${tasks} (${t.tasks} per system, model and seed) from ${t.label}${t.kind === 'fixture' && t.getReal ? `; the real ones: \`${t.getReal}\`` : ''}`;
  });
}

/** What the primary-score tables are headed by: "Pass rates", "State agreement", or both benchmarks' labels. */
function scoreLabel(s: Summary): { title: string; column: string } {
  const labels = [...new Set(s.passRates.map((r) => r.label))];
  const column = labels.length === 0 ? 'pass rate' : labels.join(' / ');
  return { title: column === 'pass rate' ? 'Pass rates' : `${column.charAt(0).toUpperCase()}${column.slice(1)}`, column };
}

const PLAN_NOTES: Readonly<Record<string, string>> = {
  layer: 'The layer\'s own comparisons, from each benchmark\'s condition roles: the layer effect on explicit faults (95% interval), the control where the layer must not act (equivalence within ±5 points at 90%), and the layer against the client alternatives E1 and E2 where the run has them; per model and pooled.',
  study3: 'The paper\'s table 7: per benchmark and tier, the layer effect, H3.1 (G-on − X, one-sided, Holm over L, V and S), the H3.2 baseline checks (90% interval within ±5 points; a gain whose baselines differ is "mixed with engine differences"), H3.3 against the client alternatives and the control.',
};

interface ContrastSection {
  title: string;
  note?: string;
  contrasts: ReportContrast[];
}

/** The config's own contrasts first (always shown), then one section per analysis plan. */
function contrastSections(s: Summary): ContrastSection[] {
  const sources = [...new Set(s.contrasts.map((c) => c.source).filter((src) => src !== 'config'))];
  return [
    ...(sources.length === 0 || s.contrasts.some((c) => c.source === 'config') ? [{ title: 'Contrasts', contrasts: s.contrasts.filter((c) => c.source === 'config') }] : []),
    ...sources.map((src) => ({ title: `Analysis plan ${src}`, note: PLAN_NOTES[src], contrasts: s.contrasts.filter((c) => c.source === src) })),
  ];
}

/** The benchmarks' own sections come after the tasks and before the generic tables. */
export function renderMarkdown(s: Summary): string {
  const lines: string[] = [`# ${s.title}`, ''];
  if (s.simulated) lines.push('> **Simulated.** These numbers come from the sim engine, a deterministic behavioural simulator calibrated to published rates. They are not results of any language model.', '');
  for (const warning of s.warnings ?? []) lines.push(`> **Warning.** ${warning}`, '');
  lines.push('**Tasks**', '', ...taskSourceLines(s), '');
  for (const section of s.sections) lines.push(sectionMarkdown(section));
  for (const section of contrastSections(s)) {
    lines.push(`## ${section.title}`, '', ...(section.note ? [section.note, ''] : []), '| contrast | id | model | difference (points) [interval] | one-sided p (Holm) | tasks | verdict |', '|---|---|---|---:|---:|---:|---|');
    for (const c of section.contrasts) lines.push(`| ${c.name} | \`${c.id}\` | ${c.model} | ${pts(c.estimate)}${interval(c.lower, c.upper)} | ${pValue(c.adjustedP, c.resamples)} | ${c.nTasks} | ${contrastVerdict(c)} |`);
    if (section.contrasts.length === 0) lines.push('| (none declared) | | | | | | |');
    lines.push('');
  }
  const label = scoreLabel(s);
  lines.push(`## ${label.title}`, '', `| benchmark | model | condition | system | ${label.column} [95% CI] | tasks | errors |`, '|---|---|---|---|---:|---:|---:|');
  for (const r of s.passRates) lines.push(`| ${r.benchmark} | ${r.model} | ${r.condition} | ${r.system} | ${pct(r.rate)} [${pct(r.lower)}, ${pct(r.upper)}] | ${r.tasks} | ${r.errors} |`);
  if (s.missingTool.length > 0) {
    lines.push('', '## Missing tool (H3.4)', '', 'Trials whose tool went missing: how often the system called the hidden tool again, and how often it stopped calling it.', '', '| benchmark | model | system | trials | called again | stopped |', '|---|---|---|---:|---:|---:|');
    for (const r of s.missingTool) lines.push(`| ${r.benchmark} | ${r.model} | ${r.system} | ${r.trials} | ${pct(r.calledAgain / r.trials)} (${r.calledAgain}) | ${pct(r.stopped / r.trials)} (${r.stopped}) |`);
  }
  lines.push('', '## Failures', '');
  if (s.failures.erroredRuns.length === 0) lines.push('No run ended in an engine or harness error.');
  for (const f of s.failures.erroredRuns) lines.push(`- ${f.system} / ${f.model}: ${f.count} run(s) ended in an engine or harness error (scored 0)`);
  for (const c of s.failures.calls) lines.push(`- proxied calls of ${c.system}: ${Object.entries(c.codes).map(([code, n]) => `${code} ${n}`).join(', ')}`);
  if (s.rerun) lines.push('', '## Exact rerun', '', `${s.rerun.identical} of ${s.rerun.compared} conversations reproduced every model turn.`);
  lines.push('', '## Identity', '', ...identityLines(s), `- analysis: ${s.analysis.resamples} paired bootstrap resamples over tasks, seed ${s.analysis.seed}, percentile intervals`, '');
  return lines.join('\n');
}

export function renderHtml(s: Summary): string {
  const body = [
    `<h1>${escapeXml(s.title)}</h1>`,
    s.simulated ? '<p class="sim"><strong>Simulated.</strong> These numbers come from the sim engine, a deterministic behavioural simulator calibrated to published rates. They are not results of any language model.</p>' : '',
    ...(s.warnings ?? []).map((w) => `<p class="sim"><strong>Warning.</strong> ${escapeXml(w)}</p>`),
    `<p><strong>Tasks</strong></p><ul>${taskSourceLines(s).map((l) => `<li>${escapeXml(l.slice(2))}</li>`).join('')}</ul>`,
    ...s.sections.map(sectionHtml),
    ...contrastSections(s).flatMap((section) => [
      `<h2>${escapeXml(section.title)}</h2>`,
      section.note ? `<p>${escapeXml(section.note)}</p>` : '',
      section.contrasts.length > 0 ? forestPlot(section.contrasts.map((c) => ({ label: `${c.name} [${c.model}]`, estimate: c.estimate, lower: c.lower, upper: c.upper, highlight: c.supported === true })), 'Differences with their intervals (points)') : '<p>No contrasts declared.</p>',
      htmlTable(['contrast', 'id', 'model', 'difference', 'p (one-sided, Holm)', 'tasks', 'verdict'], section.contrasts.map((c) => [c.name, c.id, c.model, `${pts(c.estimate)}${interval(c.lower, c.upper)}`, pValue(c.adjustedP, c.resamples), String(c.nTasks), contrastVerdict(c)])),
    ]),
    `<h2>${escapeXml(scoreLabel(s).title)} per condition</h2>`,
    ...passRateCharts(s.passRates, s.systems),
    htmlTable(['benchmark', 'model', 'condition', 'system', `${scoreLabel(s).column} [95% CI]`, 'tasks', 'errors'], s.passRates.map((r) => [r.benchmark, r.model, r.condition, r.system, `${pct(r.rate)} [${pct(r.lower)}, ${pct(r.upper)}]`, String(r.tasks), String(r.errors)])),
    ...(s.missingTool.length > 0 ? ['<h2>Missing tool (H3.4)</h2>', htmlTable(['benchmark', 'model', 'system', 'trials', 'called again', 'stopped'], s.missingTool.map((r) => [r.benchmark, r.model, r.system, String(r.trials), `${pct(r.calledAgain / r.trials)} (${r.calledAgain})`, `${pct(r.stopped / r.trials)} (${r.stopped})`]))] : []),
    '<h2>Failures</h2>',
    `<ul>${[...s.failures.erroredRuns.map((f) => `<li>${escapeXml(`${f.system} / ${f.model}: ${f.count} run(s) ended in an engine or harness error (scored 0)`)}</li>`), ...s.failures.calls.map((c) => `<li>${escapeXml(`proxied calls of ${c.system}: ${Object.entries(c.codes).map(([code, n]) => `${code} ${n}`).join(', ')}`)}</li>`)].join('') || '<li>No run ended in an engine or harness error.</li>'}</ul>`,
    s.rerun ? `<h2>Exact rerun</h2><p>${s.rerun.identical} of ${s.rerun.compared} conversations reproduced every model turn.</p>` : '',
    '<h2>Identity</h2>',
    `<ul>${identityLines(s).map((l) => `<li>${escapeXml(l.slice(2))}</li>`).join('')}<li>analysis: ${s.analysis.resamples} paired bootstrap resamples over tasks, seed ${s.analysis.seed}, percentile intervals</li></ul>`,
  ];
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeXml(s.title)}</title>
<style>
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;margin:2rem auto;max-width:1100px;padding:0 1rem;color:#222}
table{border-collapse:collapse;margin:1rem 0;font-size:13px}th,td{border-bottom:1px solid #ddd;padding:4px 10px;text-align:left}
td:nth-child(n+3){font-variant-numeric:tabular-nums}.sim{background:#fff4d6;border-left:4px solid #efb118;padding:.6rem 1rem}
svg{display:block;margin:1rem 0;max-width:100%;height:auto}h1{font-size:1.5rem}
</style></head><body>
${body.join('\n')}
</body></html>
`;
}

function passRateCharts(rates: readonly PassRate[], order: readonly string[]): string[] {
  const byChart = new Map<string, PassRate[]>();
  for (const r of rates) byChart.set(`${r.benchmark} · ${r.model}`, [...(byChart.get(`${r.benchmark} · ${r.model}`) ?? []), r]);
  return [...byChart].map(([title, list]) => {
    const present = new Set(list.map((r) => r.system));
    const series = [...order.filter((id) => present.has(id)), ...[...present].filter((id) => !order.includes(id))];
    const conditions = [...new Set(list.map((r) => r.condition))];
    const groups: BarGroup[] = conditions.map((condition) => ({
      label: condition,
      bars: list.filter((r) => r.condition === condition).map((r) => ({ series: r.system, value: r.rate, lower: r.lower, upper: r.upper })),
    }));
    return groupedBars(groups, series, title);
  });
}
