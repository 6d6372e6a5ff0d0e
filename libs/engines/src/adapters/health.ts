import type { EngineHealth } from './types.ts';

/** One GET of a health endpoint; any answer but 200 is "not ready", with the reason in `message`. */
export async function probeHealth(url: string, opts: { timeoutMs?: number; headers?: Record<string, string> } = {}): Promise<EngineHealth> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(opts.timeoutMs ?? 2_000), headers: opts.headers });
    const body = (await response.text()).slice(0, 200).replace(/\s+/g, ' ').trim();
    return { ok: response.status === 200, status: response.status, message: `${response.status}${body ? ` ${body}` : ''}` };
  } catch (error) {
    const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
    const code = typeof cause?.code === 'string' ? cause.code : (error as Error).name === 'TimeoutError' ? 'timeout' : typeof cause?.message === 'string' ? cause.message : (error as Error).message;
    return { ok: false, message: `no answer (${code})` };
  }
}
