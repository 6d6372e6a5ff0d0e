import type { ServerResponse } from 'node:http';
import { errorBody } from './respond.ts';

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

/** Parses a JSON request body, answering 413 or 400 in OpenAI's error envelope when it cannot. */
export function parseJsonBody(text: string | undefined, res: ServerResponse): { ok: true; value: unknown } | { ok: false } {
  if (text === undefined) {
    sendJson(res, 413, errorBody('request body too large', 'invalid_request_error', 413));
    return { ok: false };
  }
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    sendJson(res, 400, errorBody(`We could not parse the JSON body of your request. (${(error as Error).message})`, 'invalid_request_error', null));
    return { ok: false };
  }
}
