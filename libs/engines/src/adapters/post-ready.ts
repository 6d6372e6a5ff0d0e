import type { EngineKindId } from '@recovery-bench/proxy';

export interface ReadyCheck {
  name: string;
  ok: boolean;
  message: string;
}

async function getJson(url: string, timeoutMs: number): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
  const text = await response.text();
  try {
    return { status: response.status, body: JSON.parse(text) as unknown };
  } catch {
    return { status: response.status, body: text };
  }
}

const at = (value: unknown, ...path: string[]): unknown => path.reduce<unknown>((v, key) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined), value);

/**
 * After the health endpoint answers: does the engine serve the context length asked for (spec section 2,
 * *verify* on a GPU host), and SGLang's warm-up generation. The results go to the run record; a mismatch is
 * reported, not fatal, until the endpoints are confirmed on the pinned versions.
 */
export async function postReadyChecks(engine: EngineKindId, url: string, contextLength: number, parallel: number): Promise<ReadyCheck[]> {
  const checks: ReadyCheck[] = [];
  const run = async (name: string, body: () => Promise<ReadyCheck>) => {
    try {
      checks.push(await body());
    } catch (error) {
      checks.push({ name, ok: false, message: `no answer: ${(error as Error).message}` });
    }
  };
  if (engine === 'llama.cpp') {
    await run('context', async () => {
      const { body } = await getJson(`${url}/props`, 10_000);
      const perSlot = at(body, 'default_generation_settings', 'n_ctx');
      return { name: 'context', ok: perSlot === contextLength, message: `/props n_ctx ${String(perSlot)} (wanted ${contextLength} per slot, ${parallel} slot(s))` };
    });
  }
  if (engine === 'vllm') {
    await run('context', async () => {
      const { body } = await getJson(`${url}/v1/models`, 10_000);
      const max = at(at(body, 'data'), '0', 'max_model_len');
      return { name: 'context', ok: max === contextLength, message: `/v1/models max_model_len ${String(max)} (wanted ${contextLength})` };
    });
  }
  if (engine === 'sglang') {
    await run('context', async () => {
      const { body } = await getJson(`${url}/get_model_info`, 10_000);
      const max = at(body, 'max_context_length') ?? at(body, 'context_length');
      return { name: 'context', ok: max === contextLength, message: `/get_model_info context ${String(max)} (wanted ${contextLength})` };
    });
    await run('warm-up', async () => {
      const { status } = await getJson(`${url}/health_generate`, 300_000);
      return { name: 'warm-up', ok: status === 200, message: `/health_generate ${status}` };
    });
  }
  return checks;
}
