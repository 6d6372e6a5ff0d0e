// A failing-tool agent written with OpenAI Agents JS, as a user writes it, with the recovery layer's input filter
// and error function. Run by pack-test.mjs in a fresh project that has only Agents JS: SIM_URL names a running sim.
import { Agent, OpenAIProvider, run, setTracingDisabled, tool } from '@openai/agents';
import { toolErrorRecovery } from '@recovery-bench/toolerror-frameworks/openai-agents';
import { z } from 'zod';

setTracingDisabled(true);
const headers = [];
const recovery = toolErrorRecovery({ form: 'c3', onDetections: (report) => headers.push(report.header) });
let calls = 0;
const fetchPage = tool({
  name: 'fetch_page',
  description: 'Fetch a web page',
  parameters: z.object({ url: z.string() }),
  execute: async ({ url }) => {
    if (calls++ === 0) throw Object.assign(new Error('HTTP 503 Service Unavailable'), { status: 503 });
    return `fetched ${url}`;
  },
  errorFunction: recovery.errorFunction,
});
const model = await new OpenAIProvider({ baseURL: `${process.env.SIM_URL}/v1`, apiKey: 'unused', useResponses: false }).getModel(process.env.SIM_MODEL);
const agent = new Agent({ name: 'fetcher', instructions: 'Use the tools.', tools: [fetchPage], model });
const result = await run(agent, 'Fetch url=https://example.com', { maxTurns: 4, callModelInputFilter: recovery.callModelInputFilter });
console.log(JSON.stringify({ headers, calls, text: result.finalOutput }));
