import { invalidSpec } from '../errors.ts';
import type { AnalysisPlan } from './plan.ts';
import { layer } from './layer.ts';
import { study3 } from './study3.ts';

/** Analysis plans: the contrasts a run config asks for by id (`analysis: {plans: [...]}`). */
export const PLANS = { study3, layer } as const satisfies Record<string, AnalysisPlan>;
export type AnalysisPlanId = keyof typeof PLANS;

export function getAnalysisPlan(id: string): AnalysisPlan {
  if (Object.hasOwn(PLANS, id)) return PLANS[id as AnalysisPlanId];
  throw invalidSpec(`unknown analysis plan "${id}"; analysis plans: ${Object.keys(PLANS).join(', ')}`);
}
