import { delivery, type DecisionRow, type DeliveryAnalysis, type EpisodeRow, type RealRow } from './analysis.ts';
import { isDeliveryForm, PAPER_NAME, type DeliveryForm } from './design.ts';
import type { BenchmarkReport, BenchmarkReportInput, ReportSection } from '@recovery-bench/harness';
import { approximateCostPerForm } from './cost.ts';
import { DECISION_SCORER, EPISODE_SCORER } from './scorers.ts';
import { generateStimuli, KINDS, type StudyKind } from './stimuli.ts';
import { table3Column } from './table3-check.ts';
import type { StimulusSet } from './tools.ts';

/** The analyses of one tier's models (a tier is analysed alone, never pooled with another). */
export interface DeliveryTier {
  /** The models' `tier`, or null for models without one. */
  tier: string | null;
  analysis: DeliveryAnalysis;
}

export interface DeliveryReport {
  format: 'recovery-bench/delivery-report@2';
  title: string;
  simulated: boolean;
  /** One analysis per tier, in the order the tiers' first models appear. */
  tiers: DeliveryTier[];
  /** S6: recomputed prompt tokens at the decision step per form (approximate tokenizer). */
  cost: Partial<Record<DeliveryForm, { median: number; mean: number }>>;
  /** Decisions read leniently (a rule beyond the plain reading was needed), per model. */
  lenient: Record<string, number>;
}

/** What a run records of its stimuli (the delivery entry's manifest). */
interface StimuliRecord {
  seed?: number;
  set?: StimulusSet;
  forms?: string[];
}

/**
 * The rows the analyses read, from the scored samples: one decision (and episode) per model, scenario, kind and
 * form. A model is `<model>`, or `<model>/<system>` when the runs have several systems.
 */
export function deliveryRows(input: Pick<BenchmarkReportInput, 'samples' | 'systems' | 'modelTiers'>): { decisions: DecisionRow[]; episodes: EpisodeRow[]; real: RealRow[]; lenient: Record<string, number>; tiers: Map<string, string | null> } {
  const severalSystems = input.systems.length > 1;
  const decisions: DecisionRow[] = [];
  const real: RealRow[] = [];
  const episodes: EpisodeRow[] = [];
  const lenient: Record<string, number> = {};
  const tiers = new Map<string, string | null>();
  for (const sample of input.samples) {
    const decision = sample.scores?.[DECISION_SCORER];
    const d = decision?.details;
    if (!decision || decision.outcome === 'error' || !d || !isDeliveryForm(String(d.form))) continue;
    const model = severalSystems ? `${sample.model}/${sample.system}` : sample.model;
    if (!tiers.has(model)) tiers.set(model, input.modelTiers?.[sample.model] ?? null);
    const where = { model, scenario: String(d.scenario), kind: d.kind as StudyKind, form: d.form as DeliveryForm };
    if (d.real === true) {
      // A real-history item (H2.2): its own rows, never mixed into the synthetic analyses.
      real.push({ model, item: String(d.item), cluster: String(d.cluster), kind: where.kind, form: where.form, correct: decision.value === 1, strict: d.strict === true });
      continue;
    }
    decisions.push({ ...where, correct: decision.value === 1 });
    if (d.lenient === true) lenient[model] = (lenient[model] ?? 0) + 1;
    const episode = sample.scores?.[EPISODE_SCORER];
    if (episode && episode.outcome !== 'error') episodes.push({ ...where, success: episode.value === 1, futileCalls: Number(episode.details?.futileCalls ?? 0) });
  }
  return { decisions, episodes, real, lenient, tiers };
}

/**
 * The study's analyses (libs/analysis's `delivery` preset) per tier, as the paper analyses each tier alone, and S6,
 * for the scored samples of delivery runs.
 */
export function deliveryReport(input: BenchmarkReportInput): DeliveryReport | undefined {
  const { decisions, episodes, real, lenient, tiers: tierOf } = deliveryRows(input);
  if (decisions.length === 0 && real.length === 0) return undefined;
  const stimuli = (input.manifests[0] ?? {}) as StimuliRecord;
  const tiers = [...new Set(tierOf.values())].map((tier): DeliveryTier => {
    const mine = (row: { model: string }) => tierOf.get(row.model) === tier;
    return { tier, analysis: delivery.analyse({ decisions: decisions.filter(mine), episodes: episodes.filter(mine), real: real.filter(mine) }) };
  });
  const forms = (stimuli.forms ?? []).filter(isDeliveryForm);
  return {
    format: 'recovery-bench/delivery-report@2',
    title: `Delivery study${input.simulated ? ' (simulated: sim engine, not a model)' : ''}`,
    simulated: input.simulated,
    tiers,
    cost: approximateCostPerForm(generateStimuli(stimuli.seed ?? 0, stimuli.set ?? 'study1'), forms.length > 0 ? forms : tiers[0]!.analysis.forms),
    lenient,
  };
}

const share = (x: number | undefined) => (x === undefined ? '–' : x === 1 ? '1.00' : x.toFixed(2).replace(/^0/, ''));

/**
 * The report's sections: per tier (a heading when the run has tiers), the table shaped like the paper's table 6 (C3
 * and C4 added), the verdicts, the per-model tests and the recommendations; then S6.
 */
export function deliverySections(report: DeliveryReport): ReportSection[] {
  const lenient = Object.entries(report.lenient);
  const sections: ReportSection[] = [{
    title: report.title,
    blocks: report.simulated ? [{ kind: 'text', text: 'Every number below comes from the sim engine: it reproduces the rates of its profiles by construction and says nothing new about the models named.' }] : [],
  }];
  const named = report.tiers.length > 1 || report.tiers[0]!.tier !== null;
  for (const { tier, analysis } of report.tiers) {
    if (named) sections.push({ title: `${tier === null ? 'Models without a tier' : `The ${tier} tier`}: ${analysis.models.join(', ')}`, level: 3, blocks: [{ kind: 'text', text: 'Analysed alone, as the paper analyses each tier; nothing below is pooled with another tier.' }] });
    sections.push(...tierSections(analysis, named ? ` (${tier ?? 'no tier'})` : ''));
  }
  const cost = Object.entries(report.cost) as [DeliveryForm, { median: number; mean: number }][];
  const settings = report.tiers.map(({ tier, analysis: a }) => `${named ? `${tier ?? 'no tier'}: ` : ''}model-count rules need ${a.settings.modelsNeeded} of ${a.models.length} models`).join('; ');
  const a0 = report.tiers[0]!.analysis;
  sections.push({
    title: 'S6: prompt tokens recomputed at the decision step (approximate tokenizer; median, mean)', level: 3,
    blocks: [
      { kind: 'table', header: cost.map(([f]) => PAPER_NAME[f]), rows: [cost.map(([, c]) => `${c.median}, ${c.mean.toFixed(1)}`)] },
      { kind: 'text', text: `Decisions read leniently: ${lenient.length === 0 ? 'none' : lenient.map(([m, k]) => `${m} ${k}`).join(', ')}. Bootstrap: ${a0.settings.resamples} resamples of scenarios, seed ${a0.settings.seed}; ${settings}.` },
    ],
  });
  return sections;
}

function tierSections(a: DeliveryAnalysis, suffix: string): ReportSection[] {
  const n = a.table[a.models[0]!]?.transient[a.forms[0]!]?.n ?? 0;
  const perModel = a.verdicts.filter((v) => v.perModel);
  const sections: ReportSection[] = [];
  // Study 2's runs (C2 and C3 measured): the tier's column of the paper's table 3, first.
  if (a.forms.includes('C2') && a.forms.includes('C3')) {
    sections.push({ title: `Table 3: Study 2's registered results${suffix}`, level: 3, blocks: [{ kind: 'table', header: ['', 'this run'], rows: table3Column(a).map((r) => [r.row, r.ours]) }] });
  }
  sections.push(
    {
      title: `Share of correct next actions at the decision step (table 6 shape)${suffix}`, level: 3,
      blocks: [
        {
          kind: 'table',
          header: ['Model', ...KINDS.flatMap((k) => a.forms.map((f, i) => (i === 0 ? `${k}: ${PAPER_NAME[f]}` : PAPER_NAME[f])))],
          rows: a.models.map((m) => [m, ...KINDS.flatMap((k) => a.forms.map((f) => share(a.table[m]![k][f]?.share)))]),
        },
        { kind: 'text', text: `Transient: repeat the call; fixable: call again with the corrected value; unrecoverable: stop and tell the user. ${n} conversations per cell.` },
      ],
    },
    {
      title: `Registered analyses (appendices C.1, C.2)${suffix}`, level: 3,
      blocks: [{ kind: 'table', header: ['', 'question', 'result', 'detail'], rows: a.verdicts.map((v) => [v.id, v.question, v.result, v.note]) }],
    },
  );
  if (perModel.length > 0) {
    sections.push({
      title: `Per model: McNemar discordant pairs (better / worse, exact p)${suffix}`, level: 3,
      blocks: [{
        kind: 'table', header: ['Model', ...perModel.map((v) => v.id)],
        rows: a.models.map((m) => [m, ...perModel.map((v) => { const t = v.perModel!.find((x) => x.model === m)!; return `${t.better}/${t.worse}, p=${t.p.toPrecision(2)}`; })]),
      }],
    });
  }
  sections.push({ title: `Which form to ship, per model (all kinds pooled, 95% scenario bootstrap)${suffix}`, level: 3, blocks: [{ kind: 'list', items: a.recommendations.map((r) => `${r.model}: ${r.text}`) }] });
  return sections;
}

/** The delivery entry's report hook: its sections, and the whole analysis beside report.json. */
export function deliveryBenchmarkReport(input: BenchmarkReportInput): BenchmarkReport | undefined {
  const report = deliveryReport(input);
  return report && { sections: deliverySections(report), files: [{ name: 'delivery-report.json', json: report }] };
}
