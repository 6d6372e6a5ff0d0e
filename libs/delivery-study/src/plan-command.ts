import type { CommandContext } from '@recovery-bench/harness';
import { oneOfOption, parseCommandArgs, UsageError } from '@recovery-bench/harness/cli';
import { DELIVERY_FORMS, SITUATION_NAME, type DeliveryForm } from './forms.ts';
import { planScenarios, type KindRates, type PlanResult } from './plan.ts';
import { KINDS, type StudyKind } from './stimuli.ts';

const HELP = `usage: recovery-bench delivery plan --profile P [--effect POINTS] [--baseline C2] [--form C3] [--power 0.8]
                                    [--alpha 0.05] [--kinds transient,fixable,unrecoverable] [--simulations 2000]
                                    [--seed N] [--max-scenarios 5000] [--json]

How many scenarios a delivery study needs to detect that --form beats --baseline for one model, by simulation
with a sim profile's rates. Each scenario gives one pair per kind; a simulated study detects the difference when
McNemar's exact test (two-sided, --alpha) favours --form. --effect sets the difference to plan for (points, pooled
over the kinds, spread over them by the room each has above the baseline); without it, the profile's own rates of
--form are used. Prints the fewest scenarios reaching --power, the power there with its simulation standard error,
and the range of counts the simulation's error leaves open.`;

const OPTIONS = {
  profile: { type: 'string' },
  effect: { type: 'string' },
  baseline: { type: 'string', default: 'C2' },
  form: { type: 'string', default: 'C3' },
  power: { type: 'string', default: '0.8' },
  alpha: { type: 'string', default: '0.05' },
  kinds: { type: 'string' },
  simulations: { type: 'string', default: '2000' },
  seed: { type: 'string', default: '20261026' },
  'max-scenarios': { type: 'string', default: '5000' },
  json: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const;


function numberOption(value: string, flag: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n)) throw new UsageError(`${flag} must be a number; got "${value}"`);
  return n;
}

type ProfileRates = Awaited<ReturnType<CommandContext['services']['simProfile']>>;

function ratesOf(profile: ProfileRates, form: DeliveryForm, kinds: readonly StudyKind[]): KindRates {
  return Object.fromEntries(kinds.map((k) => {
    const rate = profile.rates[k]?.[SITUATION_NAME[form]]?.p;
    if (rate === undefined) throw new UsageError(`the profile ${profile.id} has no rate for ${k} under ${form}`);
    return [k, rate];
  }));
}

/**
 * `recovery-bench delivery plan`: how many scenarios a study needs, simulated with a sim profile's rates (the suite
 * lends the profiles: a benchmark library does not import the sim engine).
 */
export async function runPlanCommand(args: string[], ctx: CommandContext): Promise<number> {
  const { values } = parseCommandArgs(args, OPTIONS);
  if (values.help) {
    process.stdout.write(`${HELP}\n`);
    return 0;
  }
  if (!values.profile) throw new UsageError('delivery plan needs --profile (a sim profile such as paper/llama-3.1-8b)');
  const baseline = oneOfOption(values.baseline, DELIVERY_FORMS, '--baseline')!;
  const form = oneOfOption(values.form, DELIVERY_FORMS, '--form')!;
  if (baseline === form) throw new UsageError('--form and --baseline must differ');
  const kinds = values.kinds === undefined ? [...KINDS] : values.kinds.split(',').map((k) => oneOfOption(k.trim(), KINDS, '--kinds')!);
  const profile = await ctx.services.simProfile(values.profile);
  const effect = values.effect === undefined ? undefined : numberOption(values.effect, '--effect');
  const seed = numberOption(values.seed, '--seed');
  if (!(Number.isInteger(seed) && seed >= 0 && seed <= 0xffff_ffff)) throw new UsageError(`--seed must be an integer from 0 to 4294967295; got "${values.seed}"`);
  const t0 = performance.now();
  const result = planScenarios({
    baseline: ratesOf(profile, baseline, kinds),
    ...(effect === undefined ? { compared: ratesOf(profile, form, kinds) } : { effect }),
    power: numberOption(values.power, '--power'),
    alpha: numberOption(values.alpha, '--alpha'),
    simulations: numberOption(values.simulations, '--simulations'),
    seed,
    maxScenarios: numberOption(values['max-scenarios'], '--max-scenarios'),
  });
  const seconds = (performance.now() - t0) / 1000;
  if (values.json) process.stdout.write(`${JSON.stringify({ profile: profile.id, form, baselineForm: baseline, ...result, seconds }, null, 2)}\n`);
  else process.stdout.write(`${describe(profile.id, form, baseline, effect !== undefined, result, seconds)}\n`);
  return 0;
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const rates = (r: Record<string, number>) => Object.entries(r).map(([k, p]) => `${k} ${p.toFixed(3)}`).join(', ');

function describe(profile: string, form: DeliveryForm, baseline: DeliveryForm, planned: boolean, r: PlanResult, seconds: number): string {
  const s = r.settings;
  const lines = [
    `plan: ${profile} (simulated rates), ${form} over ${baseline} by +${r.effect.toFixed(1)} points pooled over ${s.kinds.join(', ')}`,
    `  ${baseline}: ${rates(r.baseline)}`,
    `  ${form}${planned ? ' (planned effect)' : ' (the profile\'s rates)'}: ${rates(r.compared)}`,
  ];
  if (r.scenarios === null || r.at === null) {
    lines.push(`not reachable: even ${s.maxScenarios} scenarios give power ${pct(r.curve.at(-1)?.power ?? 0)} < ${pct(s.power)} (raise --max-scenarios)`);
  } else {
    const range = r.range.low === r.range.high ? `${r.range.low}` : `${r.range.low ?? '?'}–${r.range.high ?? `>${s.maxScenarios}`}`;
    lines.push(
      `scenarios needed for ${pct(s.power)} power: ${r.scenarios} (${r.scenarios * s.kinds.length} pairs per form)`,
      `  simulated power at ${r.scenarios}: ${pct(r.at.power)} ± ${pct(r.at.standardError)} (simulation standard error); within ±2 SE the answer lies in ${range} scenarios`,
    );
  }
  lines.push(`  ${s.simulations} simulated studies per count, McNemar exact two-sided α = ${s.alpha}, seed ${s.seed}; ${r.curve.length} counts simulated in ${seconds.toFixed(1)} s`);
  return lines.join('\n');
}
