import { RecoveryBenchError } from '@recovery-bench/errors';
import { FORMS, KINDS, RULE_SETS, type Form, type Kind, type RuleSetName, type Scope } from './types.ts';

/**
 * `X-GeulPU-Tool-Errors`, one line:
 *
 *   form=<off|c1|c2|c3|c4>; rules=<paper|extended>; changed=<true|false>; failures=<none | item,item,…>
 *   item = <messageIndex>:<kind>:<rule>:<decision|history>[:retry-unsafe]
 *
 * Example: `form=c3; rules=paper; changed=true; failures=3:fixable:generic:decision,1:transient:is_error:history`
 * Items are in message order. Rule names use only letters, digits, `-` and `_`, so `:` and `,` never occur inside.
 */
export interface HeaderFailure {
  messageIndex: number;
  kind: Kind;
  rule: string;
  scope: Scope;
  withheld?: 'retry-unsafe';
}

export interface ToolErrorsHeader {
  form: Form;
  rules: RuleSetName;
  changed: boolean;
  failures: HeaderFailure[];
}

export const HEADER_NAME = 'X-GeulPU-Tool-Errors';

export function formatHeader(header: ToolErrorsHeader): string {
  const items = header.failures.map((f) => [f.messageIndex, f.kind, f.rule, f.scope, ...(f.withheld ? [f.withheld] : [])].join(':'));
  return `form=${header.form}; rules=${header.rules}; changed=${header.changed}; failures=${items.length > 0 ? items.join(',') : 'none'}`;
}

/** A header value `formatHeader` did not write: input from outside (an engine's answer, a recorded call). */
export class HeaderParseError extends RecoveryBenchError {
  declare readonly code: 'layer:bad-header';
  constructor(message: string) {
    super('layer:bad-header', message, { userError: true });
    this.name = 'HeaderParseError';
  }
}

const RULE_NAME = /^[A-Za-z0-9_-]+$/;
const HEADER_FIELDS = new Set(['form', 'rules', 'changed', 'failures']);

/** Parses a header value written by `formatHeader`; anything else throws `HeaderParseError`. */
export function parseHeader(value: string): ToolErrorsHeader {
  const fields = new Map<string, string>();
  for (const part of value.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) throw new HeaderParseError(`header field without "=": ${JSON.stringify(part.trim())}`);
    const name = part.slice(0, eq).trim();
    if (!HEADER_FIELDS.has(name)) throw new HeaderParseError(`unknown header field ${JSON.stringify(name)}`);
    if (fields.has(name)) throw new HeaderParseError(`header field ${JSON.stringify(name)} given twice`);
    fields.set(name, part.slice(eq + 1).trim());
  }
  const form = oneOf(fields.get('form'), FORMS, 'form');
  const rules = oneOf(fields.get('rules'), RULE_SETS, 'rules');
  const changed = oneOf(fields.get('changed'), ['true', 'false'] as const, 'changed') === 'true';
  const list = fields.get('failures');
  if (list === undefined) throw new HeaderParseError('header has no "failures" field');
  const failures = list === 'none' ? [] : list.split(',').map(parseFailure);
  return { form, rules, changed, failures };
}

function parseFailure(item: string): HeaderFailure {
  const [index, kind, rule, scope, withheld, ...rest] = item.trim().split(':');
  if (index === undefined || !/^\d+$/.test(index) || rule === undefined || !RULE_NAME.test(rule) || rest.length > 0) {
    throw new HeaderParseError(`bad failure item ${JSON.stringify(item)}`);
  }
  const failure: HeaderFailure = {
    messageIndex: Number(index),
    kind: oneOf(kind, KINDS, 'kind'),
    rule,
    scope: oneOf(scope, ['decision', 'history'] as const, 'scope'),
  };
  if (withheld !== undefined) failure.withheld = oneOf(withheld, ['retry-unsafe'] as const, 'withheld');
  return failure;
}

function oneOf<T extends string>(value: string | undefined, allowed: readonly T[], what: string): T {
  if (value === undefined || !(allowed as readonly string[]).includes(value)) {
    throw new HeaderParseError(`header ${what} must be one of ${allowed.join('|')}, got ${JSON.stringify(value)}`);
  }
  return value as T;
}
