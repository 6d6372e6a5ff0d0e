import { createHash } from 'node:crypto';

/** JSON with object keys sorted at every depth, so that key order in a request never changes a hash. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    const v = (value as Record<string, unknown>)[key];
    if (v !== undefined) out[key] = sortKeys(v);
  }
  return out;
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** A uniform number in [0, 1) from the first 48 bits of SHA-256(domain, seed, text). */
export function uniformFrom(domain: string, seed: number, text: string): number {
  const hex = sha256Hex(`recovery-bench-sim/v1\n${domain}\n${seed}\n${text}`);
  return Number.parseInt(hex.slice(0, 12), 16) / 2 ** 48;
}

/** Response identity (id, created, call ids) derived from the whole request, never from the clock. */
export interface ResponseIdentity {
  id: string;
  created: number;
  callId(index: number): string;
}

// 2026-01-01T00:00:00Z: `created` lands in one plausible year instead of 1970.
const CREATED_BASE = 1_767_225_600;
const YEAR_SECONDS = 31_536_000;

export function responseIdentity(seed: number, body: unknown): ResponseIdentity {
  const hex = sha256Hex(`recovery-bench-sim/v1\nidentity\n${seed}\n${canonicalJson(body)}`);
  return {
    id: `chatcmpl-sim${hex.slice(0, 24)}`,
    created: CREATED_BASE + (Number.parseInt(hex.slice(24, 32), 16) % YEAR_SECONDS),
    callId: (index) => `call_${sha256Hex(`${hex}\n${index}`).slice(0, 24)}`,
  };
}
