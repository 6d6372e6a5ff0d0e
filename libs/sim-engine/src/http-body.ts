import type { ServerResponse } from 'node:http';
import { malformedJson, type SimDialect } from './dialect.ts';
import { errorBody } from './respond.ts';

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

/** Parses a JSON request body, answering 413, or the dialect's answer to JSON it cannot read. */
export function parseJsonBody(text: string | undefined, res: ServerResponse, dialect: SimDialect): { ok: true; value: unknown } | { ok: false } {
  if (text === undefined) {
    sendJson(res, 413, errorBody('request body too large', 'invalid_request_error', 413));
    return { ok: false };
  }
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    const answer = malformedJson(dialect, text, error as Error);
    sendJson(res, answer.status, answer.body);
    return { ok: false };
  }
}
