import { dumpsPy, isPyDict, type PyValue } from '../records/pyjson.ts';

/** The encoding fields are compared in: `json.dumps(v, sort_keys=True, default=str)` (a missing field is `null`). */
export function fieldKey(v: PyValue | undefined): string {
  return dumpsPy(v === undefined ? null : v, { sortKeys: true });
}

export interface Agreement {
  matched: number;
  total: number;
  /** matched / total; NaN when the reference has no field. */
  value: number;
}

/**
 * State agreement of `state` with the reference `ref` (spec §8): every field of every reference class counts once,
 * pooled over classes, equal only if the `json.dumps` texts are (so `40` differs from `40.0`). A reference class
 * `{}` adds no field; an empty reference gives NaN.
 */
export function stateAgreement(state: PyValue, ref: PyValue): Agreement {
  let matched = 0;
  let total = 0;
  if (isPyDict(ref)) {
    for (const [cls, fields] of ref) {
      if (!isPyDict(fields)) continue;
      const mine = isPyDict(state) ? state.get(cls) : undefined;
      for (const [k, v] of fields) {
        total++;
        if (fieldKey(isPyDict(mine) ? mine.get(k) : undefined) === fieldKey(v)) matched++;
      }
    }
  }
  return { matched, total, value: total === 0 ? NaN : matched / total };
}
