import type { LanguageModelV4, LanguageModelV4CallOptions, LanguageModelV4Prompt } from '@ai-sdk/provider';
import { toolErrorRecovery } from '../ai-sdk/index.ts';
import type { BenchCase } from './case.ts';
import { EXCHANGES, SYSTEM, USER } from './history.ts';

function prompt(): LanguageModelV4Prompt {
  const out: LanguageModelV4Prompt = [{ role: 'system', content: SYSTEM }, { role: 'user', content: [{ type: 'text', text: USER }] }];
  for (const e of EXCHANGES) {
    out.push({ role: 'assistant', content: [{ type: 'tool-call', toolCallId: e.id, toolName: e.name, input: e.args }] });
    const output = e.failed ? { type: 'error-text' as const, value: e.result } : { type: 'text' as const, value: e.result };
    out.push({ role: 'tool', content: [{ type: 'tool-result', toolCallId: e.id, toolName: e.name, output }] });
  }
  return out;
}

export function aiSdkCase(): BenchCase {
  const middleware = toolErrorRecovery({ form: 'c3' });
  const model = { provider: 'openai.chat' } as LanguageModelV4;
  const call = (params: unknown) => middleware.transformParams!({ type: 'generate', params: params as LanguageModelV4CallOptions, model });
  return {
    name: 'AI SDK',
    hook: 'transformParams',
    input: (): LanguageModelV4CallOptions => ({ prompt: prompt() }),
    call,
    check: async () => {
      const out = await call({ prompt: prompt() });
      return out.prompt.length === 21 && JSON.stringify(out.prompt[20]).includes('Note from the tool runtime');
    },
  };
}
