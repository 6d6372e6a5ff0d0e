import type { IncomingMessage } from 'node:http';
import { RecoveryBenchError } from '@recovery-bench/errors';

export type RequestBody = { kind: 'ok'; body: Buffer } | { kind: 'too-large' } | { kind: 'aborted' };

/**
 * Reads a request body up to `limit` bytes. Past the limit it stops keeping bytes and answers at once, so a
 * huge upload is never held in memory; a declared Content-Length over the limit is refused before reading.
 */
export function readRequestBody(req: IncomingMessage, limit: number): Promise<RequestBody> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return Promise.resolve({ kind: 'too-large' });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const settle = (result: RequestBody): void => {
      req.off('data', onData).off('end', onEnd).off('error', onAbort).off('close', onClose);
      resolve(result);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > limit) settle({ kind: 'too-large' });
      else chunks.push(chunk);
    };
    const onEnd = (): void => settle({ kind: 'ok', body: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size) });
    const onAbort = (): void => settle({ kind: 'aborted' });
    const onClose = (): void => {
      if (!req.complete) settle({ kind: 'aborted' });
    };
    req.on('data', onData).on('end', onEnd).on('error', onAbort).on('close', onClose);
  });
}

/**
 * After answering 413: discard (never keep) what the client still sends, so that it reads the answer
 * instead of a reset connection, and close the connection if it goes on too long.
 */
export function discardRest(req: IncomingMessage, ms: number): void {
  if (req.complete) return;
  const timer = setTimeout(() => req.socket.destroy(), ms);
  timer.unref();
  req.on('data', () => {}).on('end', () => clearTimeout(timer)).on('error', () => clearTimeout(timer));
  req.resume();
}

/** Cuts off an engine's answer past the size limit; recorded on that call, never the user's mistake. */
export class ResponseTooLargeError extends RecoveryBenchError {
  override name = 'ResponseTooLargeError';
  declare readonly code: 'proxy:upstream-response-too-large';
  constructor(message: string) {
    super('proxy:upstream-response-too-large', message, { userError: false });
  }
}
