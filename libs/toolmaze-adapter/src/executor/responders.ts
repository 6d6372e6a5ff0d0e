import { clonePyJson, pyJsonEqual } from '../python-json.ts';
import type { Responder, ToolSpec } from '../schema.ts';
import { coerceArguments, validateArguments } from './arguments.ts';

export const NO_MATCHING_CASE = { error: 'no matching case' } as const;

/** Every key of `when` is in the arguments with a deep-equal value (Python equality: 20 == 20.0). */
export function matchesWhen(when: Readonly<Record<string, unknown>> | undefined, args: Readonly<Record<string, unknown>>): boolean {
  if (when === undefined) return true;
  return Object.entries(when).every(([k, v]) => Object.hasOwn(args, k) && pyJsonEqual(v, args[k]));
}

/** A fixture tool's answer to a clean, valid call; a fresh copy, so no caller can edit the suite. */
export function respond(responder: Responder, args: Readonly<Record<string, unknown>>): unknown {
  if (responder.kind === 'static') return clonePyJson(responder.output);
  const hit = responder.cases.find((c) => matchesWhen(c.when, args));
  return clonePyJson(hit ? hit.output : responder.fallback !== undefined ? responder.fallback : NO_MATCHING_CASE);
}

/**
 * One clean call in fixture mode: ToolMaze's steps 1–3 (coerce, validate, unknown tool), then the responder.
 * A tool without a responder (a checkout spec) is as good as one without a plug-in.
 */
export function runFixtureCall(tools: Readonly<Record<string, ToolSpec>>, name: string, args: Readonly<Record<string, unknown>>): unknown {
  const spec = Object.hasOwn(tools, name) ? tools[name] : undefined;
  if (!spec) return { error: `Plugin not found: ${name}` };
  const coerced = coerceArguments(args, spec.parameters);
  const details = validateArguments(coerced, spec.parameters);
  if (details.length > 0) return { error: 'Validation failed', details };
  if (!spec.responder) return { error: `Plugin not found: ${name}` };
  return respond(spec.responder, coerced);
}
