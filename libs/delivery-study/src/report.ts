import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BenchError } from '@recovery-bench/harness';
import { analyseDelivery, type DecisionRow, type DeliveryAnalysis, type EpisodeRow } from './analysis.ts';
import { approximateCostPerForm } from './cost.ts';
import { PAPER_NAME, isDeliveryForm, type DeliveryForm } from './forms.ts';
import { DECISION_SCORER, EPISODE_SCORER } from './scorers.ts';
import { generateStimuli, KINDS, type StudyKind } from './stimuli.ts';

export interface DeliveryReport {
  format: 'recovery-bench/delivery-report@1';
  title: string;
  simulated: boolean;
  analysis: DeliveryAnalysis;
  /** S6: recomputed prompt tokens at the decision step per form (approximate tokenizer). */
  cost: Partial<Record<DeliveryForm, { median: number; mean: number }>>;
  /** Decisions read leniently (a rule beyond the plain reading was needed), per model. */
  lenient: Record<string, number>;
}

interface ScoreLine {
  format?: string;
  benchmark: string;
  model: string;
  system: string;
  seed: number;
  error?: unknown;
  scores?: Record<string, { value: number; outcome: string; details?: Record<string, unknown> }>;
}

/** The rows of one run directory's scores.jsonl: a model is `<model>` (or `<model>/<system>` with several systems). */
export function readRunRows(dir: string): { decisions: DecisionRow[]; episodes: EpisodeRow[]; lenient: Record<string, number>; simulated: boolean; seed: number; forms: DeliveryForm[] } {
  let manifest: { simulated?: boolean; benchmarkSource?: { seed?: number; forms?: string[] }; config?: { systems?: unknown[] } };
  let text: string;
  try {
    manifest = JSON.parse(readFileSync(join(dir, 'run.json'), 'utf8'));
    text = readFileSync(join(dir, 'scores.jsonl'), 'utf8');
  } catch (error) {
    throw new BenchError('runlog:mismatch', `${dir} is not a scored delivery run: ${(error as Error).message}`);
  }
  const severalSystems = (manifest.config?.systems?.length ?? 1) > 1;
  const decisions: DecisionRow[] = [];
  const episodes: EpisodeRow[] = [];
  const lenient: Record<string, number> = {};
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const record = JSON.parse(line) as ScoreLine;
    if (record.benchmark !== 'delivery' || record.error || !record.scores) continue;
    const model = severalSystems ? `${record.model}/${record.system}` : record.model;
    const decision = record.scores[DECISION_SCORER];
    const d = decision?.details;
    if (!decision || decision.outcome === 'error' || !d || !isDeliveryForm(String(d.form))) continue;
    const where = { model, scenario: String(d.scenario), kind: d.kind as StudyKind, form: d.form as DeliveryForm };
    decisions.push({ ...where, correct: decision.value === 1 });
    if (d.lenient === true) lenient[model] = (lenient[model] ?? 0) + 1;
    const episode = record.scores[EPISODE_SCORER];
    if (episode && episode.outcome !== 'error') episodes.push({ ...where, success: episode.value === 1, futileCalls: Number(episode.details?.futileCalls ?? 0) });
  }
  const forms = (manifest.benchmarkSource?.forms ?? []).filter(isDeliveryForm);
  return { decisions, episodes, lenient, simulated: manifest.simulated === true, seed: manifest.benchmarkSource?.seed ?? 0, forms };
}

/** The study's analyses and its table 6 for run directories of the delivery benchmark. */
export function deliveryReport(dirs: readonly string[]): DeliveryReport | undefined {
  const runs = dirs.map(readRunRows);
  const decisions = runs.flatMap((r) => r.decisions);
  if (decisions.length === 0) return undefined;
  const simulated = runs.some((r) => r.simulated);
  const first = runs[0]!;
  const analysis = analyseDelivery(decisions, runs.flatMap((r) => r.episodes));
  return {
    format: 'recovery-bench/delivery-report@1',
    title: `Delivery study${simulated ? ' (simulated: sim engine, not a model)' : ''}`,
    simulated,
    analysis,
    cost: approximateCostPerForm(generateStimuli(first.seed), first.forms.length > 0 ? first.forms : analysis.forms),
    lenient: Object.assign({}, ...runs.map((r) => r.lenient)),
  };
}

const share = (x: number | undefined) => (x === undefined ? '–' : x === 1 ? '1.00' : x.toFixed(2).replace(/^0/, ''));

/** Markdown: the table shaped like the paper's table 6 (C3 and C4 added), the verdicts, the recommendations, S6. */
export function renderDeliveryMarkdown(report: DeliveryReport): string {
  const { analysis: a } = report;
  const lines = [`## ${report.title}`, ''];
  if (report.simulated) lines.push('Every number below comes from the sim engine: it reproduces the rates of its profiles by construction and says nothing new about the models named.', '');
  lines.push('### Share of correct next actions at the decision step (table 6 shape)', '');
  const head = KINDS.flatMap(() => a.forms.map((f) => PAPER_NAME[f]));
  lines.push(`| Model | ${head.join(' | ')} |`);
  lines.push(`|---|${head.map(() => '---:').join('|')}|`);
  lines.push(`| *kind* | ${KINDS.flatMap((k) => a.forms.map((_, i) => (i === 0 ? `*${k}*` : ''))).join(' | ')} |`);
  for (const m of a.models) lines.push(`| ${m} | ${KINDS.flatMap((k) => a.forms.map((f) => share(a.table[m]![k][f]?.share))).join(' | ')} |`);
  const n = a.table[a.models[0]!]?.transient[a.forms[0]!]?.n ?? 0;
  lines.push('', `Transient: repeat the call; fixable: call again with the corrected value; unrecoverable: stop and tell the user. ${n} conversations per cell.`, '');
  lines.push('### Registered analyses (appendices C.1, C.2)', '', '| | question | result | detail |', '|---|---|---|---|');
  for (const v of a.verdicts) lines.push(`| ${v.id} | ${v.question} | **${v.result}** | ${v.note} |`);
  const perModel = a.verdicts.filter((v) => v.perModel);
  if (perModel.length > 0) {
    lines.push('', '### Per model: McNemar discordant pairs (better / worse, exact p)', '', `| Model | ${perModel.map((v) => v.id).join(' | ')} |`, `|---|${perModel.map(() => '---').join('|')}|`);
    for (const m of a.models) lines.push(`| ${m} | ${perModel.map((v) => { const t = v.perModel!.find((x) => x.model === m)!; return `${t.better}/${t.worse}, p=${t.p.toPrecision(2)}`; }).join(' | ')} |`);
  }
  lines.push('', '### Which form to ship, per model (all kinds pooled, 95% scenario bootstrap)', '');
  for (const r of a.recommendations) lines.push(`- **${r.model}**: ${r.text}`);
  lines.push('', '### S6: prompt tokens recomputed at the decision step (approximate tokenizer; median, mean)', '', `| ${Object.keys(report.cost).map((f) => PAPER_NAME[f as DeliveryForm]).join(' | ')} |`, `|${Object.keys(report.cost).map(() => '---:').join('|')}|`, `| ${Object.values(report.cost).map((c) => `${c!.median}, ${c!.mean.toFixed(1)}`).join(' | ')} |`);
  const lenient = Object.entries(report.lenient);
  lines.push('', `Decisions read leniently: ${lenient.length === 0 ? 'none' : lenient.map(([m, k]) => `${m} ${k}`).join(', ')}. Bootstrap: ${a.settings.resamples} resamples of scenarios, seed ${a.settings.seed}; model-count rules need ${a.settings.modelsNeeded} of ${a.models.length} models.`, '');
  return lines.join('\n');
}
