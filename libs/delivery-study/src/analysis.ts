import { bootstrapDifferences, clusterBootstrap, equivalence, holm, mcnemarExact, type DifferenceBootstrap } from '@recovery-bench/analysis';
import { DELIVERY_FORMS, PAPER_NAME, STUDY_KINDS as KINDS, type DeliveryForm, type StudyKind } from './design.ts';

/** One scored decision: a model's next action on one stimulus in one form. */
export interface DecisionRow {
  model: string;
  scenario: string;
  kind: StudyKind;
  form: DeliveryForm;
  correct: boolean;
}

/** One scored real-history item (H2.2): a failure point of a real agent's session with one kind injected, in one form. */
export interface RealRow {
  model: string;
  /** The point and kind (`R07-fixable`), the same in every form. */
  item: string;
  /** The assistant message the point's call is in: the cluster the bootstrap resamples. */
  cluster: string;
  kind: StudyKind;
  form: DeliveryForm;
  /** Any of the response's calls is the correct action (the registered score). */
  correct: boolean;
  /** Correct with no other call beside it (appendix H's stricter count). */
  strict: boolean;
}

/** One scored episode. */
export interface EpisodeRow {
  model: string;
  scenario: string;
  kind: StudyKind;
  form: DeliveryForm;
  success: boolean;
  futileCalls: number;
}

export interface AnalysisOptions {
  resamples?: number;
  seed?: number;
  alpha?: number;
  /**
   * The models S4 is registered for. Default: the run's Llama-3.1 and Llama-3.3 models (appendix C.2: "for
   * Llama-3.1"; Table 3's large-tier S4 is Llama-3.3-70B's), named before the data, never chosen from it.
   */
  s4Models?: readonly string[];
}

/** S4's registered models by default: Llama-3.1 (small tier) and Llama-3.3 (large tier), by model id. */
export const isS4Model = (model: string): boolean => /llama-?3\.[13]\b/i.test(model);

export interface Cell { k: number; n: number; share: number }
export interface PairTest { model: string; better: number; worse: number; p: number; verdict: 'higher' | 'lower' | 'no difference' }
export interface Interval { estimate: number; lower: number; upper: number; level: number; pOneSided?: number }

export interface Verdict {
  id: string;
  question: string;
  /** `supported`, `not supported`, `equivalent`, … or `not measured` (with the reason in `note`). */
  result: string;
  note: string;
  perModel?: PairTest[];
  interval?: Interval;
  /** A verdict of several estimates (S4 per model, S5's completion and futile calls), by name. */
  parts?: Record<string, Interval>;
}

export interface Recommendation {
  model: string;
  /** The form to ship, or null when the data cannot decide between the best two. */
  ship: DeliveryForm | null;
  best: DeliveryForm;
  runnerUp: DeliveryForm;
  difference: Interval;
  text: string;
}

export interface DeliveryAnalysis {
  models: string[];
  forms: DeliveryForm[];
  /** model → kind → form → cell: the paper's Table 6 shape (with C3 and C4 added). */
  table: Record<string, Record<StudyKind, Partial<Record<DeliveryForm, Cell>>>>;
  verdicts: Verdict[];
  selected: DeliveryForm | null;
  recommendations: Recommendation[];
  settings: { resamples: number; seed: number; alpha: number; modelsNeeded: number };
}

const key = (r: { model: string; scenario: string; kind: string; form: string }) => `${r.model}\u0000${r.scenario}\u0000${r.kind}\u0000${r.form}`;
const pts = (x: number) => 100 * x;

class Index {
  readonly #decisions = new Map<string, boolean>();
  readonly models: string[];
  readonly scenarios: string[];
  readonly forms: Set<DeliveryForm>;
  readonly kinds: Set<StudyKind>;
  constructor(rows: readonly DecisionRow[]) {
    for (const r of rows) this.#decisions.set(key(r), r.correct);
    this.models = [...new Set(rows.map((r) => r.model))];
    this.scenarios = [...new Set(rows.map((r) => r.scenario))].sort();
    this.forms = new Set(rows.map((r) => r.form));
    this.kinds = new Set(rows.map((r) => r.kind));
  }
  get(model: string, scenario: string, kind: StudyKind, form: DeliveryForm): boolean | undefined {
    return this.#decisions.get(key({ model, scenario, kind, form }));
  }
  has(...forms: DeliveryForm[]): boolean {
    return forms.every((f) => this.forms.has(f));
  }
}

/** McNemar on the pairs (scenario × kind) of one model: A against B. */
function pairTest(ix: Index, model: string, a: DeliveryForm, b: DeliveryForm, kinds: readonly StudyKind[], alpha: number): PairTest {
  let better = 0;
  let worse = 0;
  for (const s of ix.scenarios) {
    for (const kind of kinds) {
      const x = ix.get(model, s, kind, a);
      const y = ix.get(model, s, kind, b);
      if (x === undefined || y === undefined) continue;
      if (x && !y) better++;
      if (y && !x) worse++;
    }
  }
  const { p } = mcnemarExact(better, worse);
  return { model, better, worse, p, verdict: p < alpha ? (better > worse ? 'higher' : 'lower') : 'no difference' };
}

/** Per scenario, the mean over models and kinds of f(scenario, model, kind); scenarios missing a value are left out. */
function perScenario(ix: Index, models: readonly string[], kinds: readonly StudyKind[], f: (s: string, m: string, k: StudyKind) => number | undefined): number[] {
  const out: number[] = [];
  for (const s of ix.scenarios) {
    const values: number[] = [];
    for (const m of models) for (const k of kinds) { const v = f(s, m, k); if (v !== undefined) values.push(v); }
    if (values.length > 0) out.push(values.reduce((a, b) => a + b, 0) / values.length);
  }
  return out;
}

function difference(ix: Index, models: readonly string[], kinds: readonly StudyKind[], a: DeliveryForm, b: DeliveryForm, opts: Required<AnalysisOptions>, level = 0.95, shift = 0): DifferenceBootstrap {
  const diffs = perScenario(ix, models, kinds, (s, m, k) => {
    const x = ix.get(m, s, k, a);
    const y = ix.get(m, s, k, b);
    return x === undefined || y === undefined ? undefined : Number(x) - Number(y) + shift;
  });
  return bootstrapDifferences(diffs, { resamples: opts.resamples, seed: opts.seed, level });
}

const asInterval = (b: DifferenceBootstrap, shift = 0): Interval => ({ estimate: pts(b.estimate - shift), lower: pts(b.lower - shift), upper: pts(b.upper - shift), level: b.level, pOneSided: b.pOneSided });
const notMeasured = (id: string, question: string, why: string): Verdict => ({ id, question, result: 'not measured', note: why });
/** A signed difference as the study's tables print it: `+3.9`, `−0.71` (a true minus sign). */
export const formatSigned = (x: number, digits = 1) => `${x >= 0 ? '+' : '−'}${Math.abs(x).toFixed(digits)}`;

/**
 * Studies 1 and 2's registered analyses (appendices C.1 and C.2) on the rows of a run. Rules that count models
 * ("at least four of the six") scale with the number of models: two thirds of them, rounded up (S2: five of
 * seven, rounded up likewise).
 */
function analyseDelivery(decisions: readonly DecisionRow[], episodes: readonly EpisodeRow[] = [], options: AnalysisOptions = {}, real: readonly RealRow[] = []): DeliveryAnalysis {
  const ix = new Index(decisions);
  const models = ix.models;
  const opts: Required<AnalysisOptions> = {
    resamples: options.resamples ?? 10_000, seed: options.seed ?? 20_261_026, alpha: options.alpha ?? 0.05,
    s4Models: options.s4Models ?? models.filter(isS4Model),
  };
  const need = Math.ceil((2 * models.length) / 3);
  const needS2 = Math.ceil((5 * models.length) / 7);
  const tf = ['transient', 'fixable'] as const;
  const verdicts: Verdict[] = [];

  const superiority = (id: string, question: string, a: DeliveryForm, b: DeliveryForm, needed: number): Verdict => {
    if (!ix.has(a, b)) return notMeasured(id, question, `needs ${a} and ${b}`);
    const perModel = models.map((m) => pairTest(ix, m, a, b, tf, opts.alpha));
    const higher = perModel.filter((t) => t.verdict === 'higher').length;
    return { id, question, result: higher >= needed ? 'supported' : 'not supported', note: `${PAPER_NAME[a]} above ${PAPER_NAME[b]} (McNemar p < ${opts.alpha}) in ${higher} of ${models.length} models; needed ${needed}`, perModel };
  };
  verdicts.push(superiority('H1.1', 'placement alone: A2B1 > A1B1 on transient and fixable errors', 'A2B1', 'C0', need));
  verdicts.push(superiority('H1.2', 'guidance alone: A1B2 > A1B1 on transient and fixable errors', 'C1', 'C0', need));

  if (ix.has('C2', 'C1')) {
    const perModel = models.map((m) => pairTest(ix, m, 'C2', 'C1', tf, opts.alpha));
    const up = perModel.filter((t) => t.verdict === 'higher').length;
    const down = perModel.filter((t) => t.verdict === 'lower').length;
    const decided = Math.max(up, down) >= need;
    verdicts.push({ id: 'H1.3', question: 'with guidance, placement still matters: A2B2 vs A1B2 (two-sided)', result: decided ? (up >= down ? 'supported (A2B2 better)' : 'supported (A1B2 better)') : 'not supported', note: `A2B2 better in ${up}, A1B2 better in ${down} of ${models.length} models; needed ${need} in one direction`, perModel });
  } else verdicts.push(notMeasured('H1.3', 'A2B2 vs A1B2', 'needs C1 and C2'));

  // H1.4: stopping on unrecoverable errors, each form against A1B1, pooled over models, scenarios resampled.
  const h14 = new Map<DeliveryForm, boolean>();
  if (!ix.kinds.has('unrecoverable')) verdicts.push(notMeasured('H1.4', 'stopping against A1B1', 'needs unrecoverable errors'));
  else if (ix.has('C0')) {
    const parts: string[] = [];
    for (const form of DELIVERY_FORMS.filter((f) => f !== 'C0' && ix.forms.has(f))) {
      const b = difference(ix, models, ['unrecoverable'], form, 'C0', opts);
      const pass = pts(b.lower) > -10;
      h14.set(form, pass);
      parts.push(`${PAPER_NAME[form]} ${formatSigned(pts(b.estimate))} [${formatSigned(pts(b.lower))}, ${formatSigned(pts(b.upper))}] ${pass ? 'passes' : 'fails'}`);
    }
    const failing = [...h14].filter(([, pass]) => !pass).map(([f]) => PAPER_NAME[f]);
    verdicts.push({ id: 'H1.4', question: 'no form lowers correct stopping by more than 10 points against A1B1 (lower 95% bound above −10)', result: failing.length === 0 ? 'supported' : `not supported for ${failing.join(', ')}`, note: parts.join('; ') });
  } else verdicts.push(notMeasured('H1.4', 'stopping against A1B1', 'needs C0'));

  // The registered selection rule of Study 1.
  let selected: DeliveryForm | null = null;
  if (ix.has('C1', 'C2', 'A2B1')) {
    const pooled = (f: DeliveryForm) => mean(perScenario(ix, models, tf, (s, m, k) => { const v = ix.get(m, s, k, f); return v === undefined ? undefined : Number(v); }));
    const h12 = verdicts.find((v) => v.id === 'H1.2')!.result === 'supported';
    if (h12 && h14.get('C1') && pooled('C1') >= pooled('C2') - 0.05) selected = 'C1';
    else selected = (['C2', 'A2B1'] as const).filter((f) => h14.get(f)).sort((a, b) => pooled(b) - pooled(a))[0] ?? null;
    verdicts.push({ id: 'selection', question: 'Study 1\'s selection rule: A1B2 if it passes H1.2 and H1.4 and is within 5 points of A2B2 on transient and fixable errors; else the better of A2B1 and A2B2 that passes H1.4', result: selected ? `${PAPER_NAME[selected]} selected` : 'no form passes', note: `pooled on transient and fixable: A1B2 ${pts(pooled('C1')).toFixed(1)}%, A2B1 ${pts(pooled('A2B1')).toFixed(1)}%, A2B2 ${pts(pooled('C2')).toFixed(1)}%` });
  }

  verdicts.push(...episodeVerdicts(episodes, models, selected, need, opts));

  // Study 2. H2.1 and H2.2 are the primary family, decided together by Holm (appendix C.2); Table 3 prints H2.1's
  // difference with its 95% interval, and the registered test is one-sided (non-inferiority, margin 5 points).
  const h22 = realHistories(real, opts);
  const h21Boot = ix.has('C3', 'C2') ? difference(ix, models, KINDS, 'C3', 'C2', opts, 0.95, 0.05) : undefined;
  const family = [...(h21Boot ? [h21Boot.pOneSided] : []), ...(h22.p === undefined ? [] : [h22.p])];
  const adjusted = family.length > 0 ? holm(family, opts.alpha).adjusted : [];
  const familyText = `Holm over {${[h21Boot ? 'H2.1' : '', h22.p === undefined ? '' : 'H2.2'].filter(Boolean).join(', ')}}${h22.p === undefined ? ' (H2.2 not measured)' : ''}`;
  let h21: Verdict;
  if (h21Boot) {
    const b = h21Boot;
    h21 = {
      id: 'H2.1', question: 'C3 not worse than C2, pooled over models and kinds, margin 5 points (one-sided bootstrap over scenarios; Holm over H2.1 and H2.2)',
      result: adjusted[0]! < opts.alpha ? 'supported' : 'not supported',
      note: `C3 − C2 ${formatSigned(pts(b.estimate - 0.05))} points, 95% interval [${formatSigned(pts(b.lower - 0.05))}, ${formatSigned(pts(b.upper - 0.05))}]; p(non-inferiority) = ${pValue(b.pOneSided, opts.resamples)}, ${familyText} p = ${pValue(adjusted[0]!, opts.resamples)}`,
      interval: asInterval(b, 0.05),
    };
  } else h21 = notMeasured('H2.1', 'C3 vs C2', 'needs C2 and C3');
  if (h22.p !== undefined) {
    const p = adjusted.at(-1)!;
    h22.verdict.result = p < opts.alpha && h22.higher ? 'supported' : 'not supported';
    h22.verdict.note += `; ${familyText} p = ${p.toPrecision(2)}`;
  }
  verdicts.push(h21, h22.verdict);

  if (ix.has('C4', 'C3')) {
    const b = difference(ix, models, KINDS, 'C4', 'C3', opts, 0.9);
    const eq = equivalence({ lower: pts(b.lower), upper: pts(b.upper) }, 5);
    verdicts.push({ id: 'S1', question: 'removing the failed exchange neither helps nor hurts: C4 − C3 within ±5 points (90% interval)', result: eq.equal ? 'equivalent' : 'not equivalent', note: `C4 − C3 ${formatSigned(pts(b.estimate))} [${formatSigned(pts(b.lower))}, ${formatSigned(pts(b.upper))}]`, interval: asInterval(b) });
  } else verdicts.push(notMeasured('S1', 'C4 vs C3', 'needs C3 and C4'));
  const s2 = superiority('S2', 'guidance in a new turn beats guidance in the tool message: C3 > C1 on transient and fixable pairs (registered: at least five of the seven models)', 'C3', 'C1', needS2);
  if (s2.result !== 'not measured') {
    // The registration states the count for seven models and not how one model is decided: both are named as ours.
    s2.note += `; ours: a model counts when McNemar's exact test (two-sided, p < ${opts.alpha}) has C3 higher${models.length === 7 ? '' : `, and with ${models.length} models the threshold is five sevenths of them, rounded up`}`;
  }
  verdicts.push(s2);
  if (ix.has('C2', 'C4')) {
    const perModel = models.map((m) => pairTest(ix, m, 'C2', 'C4', KINDS, opts.alpha));
    const discordant = perModel.reduce((n, t) => n + t.better + t.worse, 0);
    verdicts.push({ id: 'S3', question: 'C2 against C4 (descriptive)', result: 'descriptive', note: `${discordant} discordant pairs over ${models.length} models`, perModel });
  }
  const s4Question = 'for Llama-3.1 and Llama-3.3 (registered), C3 restores stopping on unrecoverable errors where C2 does not stop (lower bound of C3 − C2 above 0)';
  const s4Models = opts.s4Models.filter((m) => models.includes(m));
  if (!ix.kinds.has('unrecoverable')) verdicts.push(notMeasured('S4', s4Question, 'needs unrecoverable errors'));
  else if (!ix.has('C3', 'C2')) verdicts.push(notMeasured('S4', s4Question, 'needs C2 and C3'));
  else if (s4Models.length === 0) verdicts.push({ id: 'S4', question: s4Question, result: 'not applicable', note: 'no model S4 is registered for (Llama-3.1 or Llama-3.3) is in the run' });
  else {
    const parts = s4Models.map((m) => ({ m, b: difference(ix, [m], ['unrecoverable'], 'C3', 'C2', opts) }));
    verdicts.push({
      id: 'S4', question: s4Question, result: parts.every((p) => p.b.lower > 0) ? 'supported' : 'not supported',
      note: parts.map(({ m, b }) => `${m}: ${formatSigned(pts(b.estimate))} [${formatSigned(pts(b.lower))}, ${formatSigned(pts(b.upper))}]`).join('; '),
      parts: Object.fromEntries(parts.map(({ m, b }) => [m, asInterval(b)])),
    });
  }
  return { models, forms: DELIVERY_FORMS.filter((f) => ix.forms.has(f)), table: table(ix), verdicts, selected, recommendations: models.map((m) => recommend(ix, m, opts)), settings: { ...opts, modelsNeeded: need } };
}

/**
 * H2.2 on real histories (appendix C.2): C3 against C2 on the same items, exact McNemar two-sided with C3 higher;
 * the difference with a bootstrap over clusters (the assistant messages the points are in), C3 − C0 likewise, and
 * the stricter count (no other call beside the correct one). Items of several models are paired within a model.
 */
function realHistories(real: readonly RealRow[], opts: Required<AnalysisOptions>): { verdict: Verdict; p?: number; higher?: boolean } {
  const question = 'C3 > C2 on real coding-agent histories (exact McNemar, two-sided, C3 higher; Holm over H2.1 and H2.2)';
  const by = new Map(real.map((r) => [`${r.model}\u0000${r.item}\u0000${r.form}`, r]));
  const pairs = (a: DeliveryForm, b: DeliveryForm) => [...new Set(real.map((r) => `${r.model}\u0000${r.item}`))].flatMap((id) => {
    const x = by.get(`${id}\u0000${a}`);
    const y = by.get(`${id}\u0000${b}`);
    return x && y ? [{ x, y }] : [];
  });
  const c3c2 = pairs('C3', 'C2');
  if (c3c2.length === 0) return { verdict: notMeasured('H2.2', question, real.length === 0 ? 'no real histories in the run (benchmarks.delivery.realHistories: the coding runs that recorded a real agent)' : 'needs real items in C2 and C3') };
  const test = (rows: typeof c3c2, f: (r: RealRow) => boolean) => {
    const better = rows.filter(({ x, y }) => f(x) && !f(y)).length;
    const worse = rows.filter(({ x, y }) => !f(x) && f(y)).length;
    return { better, worse, p: mcnemarExact(better, worse).p };
  };
  const share = (rows: typeof c3c2, side: 'x' | 'y', f: (r: RealRow) => boolean) => (100 * rows.filter((r) => f(r[side])).length) / rows.length;
  const boot = (rows: typeof c3c2) => clusterBootstrap(rows.map(({ x, y }) => ({ cluster: `${x.model}\u0000${x.cluster}`, value: Number(x.correct) - Number(y.correct) })), { resamples: opts.resamples, seed: opts.seed, level: 0.95 });
  const interval = (b: ReturnType<typeof boot>): Interval => ({ estimate: pts(b.estimate), lower: pts(b.lower), upper: pts(b.upper), level: b.level });
  const main = test(c3c2, (r) => r.correct);
  const strict = test(c3c2, (r) => r.strict);
  const parts: Record<string, Interval> = { c3MinusC2: interval(boot(c3c2)) };
  const c3c0 = pairs('C3', 'C0');
  if (c3c0.length > 0) parts.c3MinusC0 = interval(boot(c3c0));
  const clusters = new Set(c3c2.map(({ x }) => `${x.model}\u0000${x.cluster}`)).size;
  const ci = (i: Interval) => `${formatSigned(i.estimate)} [${formatSigned(i.lower)}, ${formatSigned(i.upper)}]`;
  const note = [
    `C3 ${share(c3c2, 'x', (r) => r.correct).toFixed(1)}% vs C2 ${share(c3c2, 'y', (r) => r.correct).toFixed(1)}% of ${c3c2.length} items (${main.better} against ${main.worse} discordant, exact McNemar p = ${main.p.toPrecision(2)})`,
    `C3 − C2 over ${clusters} clusters ${ci(parts.c3MinusC2!)}`,
    ...(parts.c3MinusC0 ? [`C3 − C0 ${ci(parts.c3MinusC0)}`] : []),
    `strict (no other call beside the correct one): C3 ${share(c3c2, 'x', (r) => r.strict).toFixed(1)}% vs C2 ${share(c3c2, 'y', (r) => r.strict).toFixed(1)}% (${strict.better} against ${strict.worse}, p = ${strict.p.toPrecision(2)})`,
  ].join('; ');
  return { verdict: { id: 'H2.2', question, result: 'pending', note, parts }, p: main.p, higher: main.better > main.worse };
}

/** A bootstrap p of 0 means below the resolution of the resamples. */
const pValue = (p: number, resamples: number) => (p === 0 ? `< ${(1 / resamples).toPrecision(1)}` : p.toPrecision(2));

function mean(values: readonly number[]): number {
  return values.length === 0 ? Number.NaN : values.reduce((a, b) => a + b, 0) / values.length;
}

function table(ix: Index): DeliveryAnalysis['table'] {
  const out: DeliveryAnalysis['table'] = {};
  for (const m of ix.models) {
    out[m] = { transient: {}, fixable: {}, unrecoverable: {} };
    for (const kind of KINDS) {
      for (const form of DELIVERY_FORMS) {
        let k = 0;
        let n = 0;
        for (const s of ix.scenarios) { const v = ix.get(m, s, kind, form); if (v !== undefined) { n++; if (v) k++; } }
        if (n > 0) out[m]![kind][form] = { k, n, share: k / n };
      }
    }
  }
  return out;
}

/** The layer's forms a lab can ship; C0 is the layer off and A2B1 drops the guidance the layer always gives. */
const SHIPPABLE: readonly DeliveryForm[] = ['C1', 'C2', 'C3', 'C4'];
/** On a tie, the form the paper shipped first, then the others by how much of the history they keep. */
const TIE_ORDER: readonly DeliveryForm[] = ['C3', 'C2', 'C4', 'C1'];

/** The best shippable form for one model over all kinds, against the next best, with a scenario bootstrap. */
function recommend(ix: Index, model: string, opts: Required<AnalysisOptions>): Recommendation {
  const forms = SHIPPABLE.filter((f) => ix.forms.has(f));
  const score = (f: DeliveryForm) => mean(perScenario(ix, [model], KINDS, (s, m, k) => { const v = ix.get(m, s, k, f); return v === undefined ? undefined : Number(v); }));
  const ranked = [...forms].sort((a, b) => score(b) - score(a) || TIE_ORDER.indexOf(a) - TIE_ORDER.indexOf(b));
  const best = ranked[0] ?? 'C3';
  const runnerUp = ranked[1] ?? best;
  const b = difference(ix, [model], KINDS, best, runnerUp, opts);
  const d = asInterval(b);
  const decided = b.lower > 0;
  const range = `${formatSigned(d.estimate)} points over ${runnerUp} [${formatSigned(d.lower)}, ${formatSigned(d.upper)}]`;
  const at = `${best} ${pts(score(best)).toFixed(1)}%, ${runnerUp} ${pts(score(runnerUp)).toFixed(1)}%`;
  let text = decided
    ? `ship ${best} for this model: ${range}`
    : `the data cannot decide between ${best} and ${runnerUp} for this model (${at}): ${range}, an interval that does not exclude 0; either will do, or run more scenarios (recovery-bench plan)`;
  if (best !== 'C3' && runnerUp !== 'C3' && ix.forms.has('C3')) {
    const c3 = asInterval(difference(ix, [model], KINDS, 'C3', best, opts));
    text += `; C3 − ${best}: ${formatSigned(c3.estimate)} [${formatSigned(c3.lower)}, ${formatSigned(c3.upper)}]`;
  }
  return { model, ship: decided ? best : null, best, runnerUp, difference: d, text };
}

function episodeVerdicts(episodes: readonly EpisodeRow[], models: readonly string[], selected: DeliveryForm | null, need: number, opts: Required<AnalysisOptions>): Verdict[] {
  const why = 'episodes were not run (benchmarks.delivery.mode: decision); run with mode: episode';
  if (episodes.length === 0) return [notMeasured('H1.5', 'selected form vs A1B1 over whole episodes', why), notMeasured('S5', 'C3 vs C2 over whole episodes', why)];
  const by = new Map(episodes.map((e) => [key(e), e]));
  const scenarios = [...new Set(episodes.map((e) => e.scenario))].sort();
  const diffs = (a: DeliveryForm, b: DeliveryForm, ms: readonly string[], kinds: readonly StudyKind[], f: (e: EpisodeRow) => number): number[] => scenarios.flatMap((s) => {
    const values: number[] = [];
    for (const m of ms) for (const k of kinds) {
      const x = by.get(key({ model: m, scenario: s, kind: k, form: a }));
      const y = by.get(key({ model: m, scenario: s, kind: k, form: b }));
      if (x && y) values.push(f(x) - f(y));
    }
    if (values.length === 0) return [];
    return [mean(values)];
  });
  const boot = (v: number[], level = 0.95) => bootstrapDifferences(v, { resamples: opts.resamples, seed: opts.seed, level });
  const out: Verdict[] = [];
  const completion = (e: EpisodeRow) => Number(e.success);
  const futile = (e: EpisodeRow) => e.futileCalls;
  const futileSel = selected ? diffs(selected, 'C0', models, ['unrecoverable'], futile) : [];
  if (selected && futileSel.length > 0) {
    const higher = models.filter((m) => mean(diffs(selected, 'C0', [m], KINDS, completion)) > 0).length;
    const f = boot(futileSel);
    const ok = higher >= need && f.upper < 0.5;
    out.push({ id: 'H1.5', question: `the selected form (${PAPER_NAME[selected]}) beats A1B1 over episodes: higher completion in ${need} models and added futile calls below +0.5 (upper bound)`, result: ok ? 'supported' : 'not supported', note: `completion higher in ${higher} of ${models.length} models; futile calls per unrecoverable episode ${formatSigned(f.estimate, 2)} [${formatSigned(f.lower, 2)}, ${formatSigned(f.upper, 2)}]` });
  } else out.push(notMeasured('H1.5', 'selected form vs A1B1 over episodes', selected ? 'needs episodes of the selected form and A1B1' : 'no form was selected'));
  const c3c2 = diffs('C3', 'C2', models, KINDS, completion);
  const futileC3C2 = diffs('C3', 'C2', models, ['unrecoverable'], futile);
  if (c3c2.length > 0 && futileC3C2.length > 0) {
    const c = boot(c3c2);
    const f = boot(futileC3C2);
    const ok = pts(c.lower) > -5 && f.upper < 0.5;
    out.push({
      id: 'S5', question: 'over episodes C3 does not lose completion (lower bound above −5 points) or add futile calls (upper bound below +0.5)', result: ok ? 'supported' : 'not supported',
      note: `completion C3 − C2 ${formatSigned(pts(c.estimate))} [${formatSigned(pts(c.lower))}, ${formatSigned(pts(c.upper))}]; futile calls ${formatSigned(f.estimate, 2)} [${formatSigned(f.lower, 2)}, ${formatSigned(f.upper, 2)}]`,
      parts: { completion: asInterval(c), futileCalls: { estimate: f.estimate, lower: f.lower, upper: f.upper, level: f.level } },
    });
  }
  if (c3c2.length === 0 || futileC3C2.length === 0) out.push(notMeasured('S5', 'C3 vs C2 over episodes', 'needs episodes of C2 and C3'));
  return out;
}

/** An analysis that reads a study's own rows (here: one decision per model, scenario, kind and form). */
export interface StudyAnalysis<TInput, TOutput> {
  id: string;
  description: string;
  analyse(input: TInput, options?: AnalysisOptions): TOutput;
}

/**
 * The delivery study's preset, beside `study3`: table 6 (C3 and C4 added), H1.1–H1.5, Study 1's selection rule,
 * H2.1 (H2.2 needs real agent histories and says so), S1–S5, and per model which form to ship.
 */
export const delivery: StudyAnalysis<{ decisions: readonly DecisionRow[]; episodes?: readonly EpisodeRow[]; real?: readonly RealRow[] }, DeliveryAnalysis> = {
  id: 'delivery',
  description: 'Studies 1 and 2: table 6, H1.1–H1.5, the selection rule, H2.1, S1–S5, the form to ship per model',
  analyse: ({ decisions, episodes, real }, options) => analyseDelivery(decisions, episodes ?? [], options, real ?? []),
};
