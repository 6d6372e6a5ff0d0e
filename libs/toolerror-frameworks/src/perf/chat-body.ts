import { EXCHANGES, SYSTEM, USER } from './history.ts';

/** The benchmark's history as a Chat Completions request. */
export function chatBody(): string {
  const messages: unknown[] = [{ role: 'system', content: SYSTEM }, { role: 'user', content: USER }];
  for (const e of EXCHANGES) {
    messages.push({ role: 'assistant', content: null, tool_calls: [{ id: e.id, type: 'function', function: { name: e.name, arguments: JSON.stringify(e.args) } }] });
    messages.push({ role: 'tool', tool_call_id: e.id, content: e.result });
  }
  return JSON.stringify({ model: 'bench', messages });
}
