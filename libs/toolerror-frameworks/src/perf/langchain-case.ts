import { AIMessage, HumanMessage, SystemMessage, ToolMessage, type BaseMessage } from '@langchain/core/messages';
import { toolErrorRecoveryMiddleware } from '../langchain/index.ts';
import type { BenchCase } from './case.ts';
import { EXCHANGES, SYSTEM, USER } from './history.ts';

function messages(): BaseMessage[] {
  const out: BaseMessage[] = [new SystemMessage(SYSTEM), new HumanMessage(USER)];
  for (const e of EXCHANGES) {
    out.push(new AIMessage({ content: '', tool_calls: [{ id: e.id, name: e.name, args: e.args, type: 'tool_call' }] }));
    out.push(new ToolMessage({ content: e.failed ? `${e.result}\n Please fix your mistakes.` : e.result, tool_call_id: e.id, name: e.name, status: e.failed ? 'error' : 'success' }));
  }
  return out;
}

interface Request {
  messages: BaseMessage[];
  tools: unknown[];
}

export function langchainCase(): BenchCase {
  const middleware = toolErrorRecoveryMiddleware({ form: 'c3' });
  // The hook as LangChain calls it, with a handler that returns at once: only the middleware's own work is timed.
  const wrap = middleware.wrapModelCall as unknown as (request: Request, handler: (r: Request) => Request) => Request | Promise<Request>;
  const call = (input: unknown) => wrap(input as Request, (r) => r);
  return {
    name: 'LangChain.js',
    hook: 'wrapModelCall',
    input: (): Request => ({ messages: messages(), tools: [] }),
    call,
    check: async () => {
      const out = await call({ messages: messages(), tools: [] });
      return out.messages.length === 21 && String(out.messages[20]!.content).includes('Note from the tool runtime');
    },
  };
}
