import type { AgentInputItem, ModelInputData } from '@openai/agents-core';
import { toolErrorRecovery } from '../openai-agents/index.ts';
import type { BenchCase } from './case.ts';
import { EXCHANGES, SYSTEM, USER } from './history.ts';

function input(): AgentInputItem[] {
  const out: AgentInputItem[] = [{ role: 'user', content: USER }];
  for (const e of EXCHANGES) {
    out.push({ type: 'function_call', callId: e.id, name: e.name, arguments: JSON.stringify(e.args), status: 'completed' });
    out.push({ type: 'function_call_result', callId: e.id, name: e.name, status: 'completed', output: { type: 'text', text: e.result } });
  }
  return out;
}

export function openAiAgentsCase(): BenchCase {
  const recovery = toolErrorRecovery({ form: 'c3' });
  const filter = recovery.callModelInputFilter as unknown as (args: { modelData: ModelInputData; agent: { tools: unknown[] }; context: undefined }) => ModelInputData | Promise<ModelInputData>;
  const call = (modelData: unknown) => filter({ modelData: modelData as ModelInputData, agent: { tools: [] }, context: undefined });
  return {
    name: 'OpenAI Agents JS',
    hook: 'callModelInputFilter',
    // The system prompt is the run's instructions, apart from the items: 19 items and the instructions.
    input: (): ModelInputData => ({ input: input(), instructions: SYSTEM }),
    call,
    check: async () => {
      const out = await call({ input: input(), instructions: SYSTEM });
      return out.input.length === 20 && JSON.stringify(out.input[19]).includes('Note from the tool runtime');
    },
  };
}
