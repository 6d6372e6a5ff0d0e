// A failing-tool agent written with the AI SDK, as a user writes it, with the recovery layer as a middleware.
// Run by pack-test.mjs in a fresh project that has only the AI SDK: SIM_URL names a running sim engine.
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { toolErrorRecovery } from '@recovery-bench/toolerror-frameworks/ai-sdk';
import { generateText, stepCountIs, tool, wrapLanguageModel } from 'ai';
import { z } from 'zod';

const headers = [];
const recovery = toolErrorRecovery({ form: 'c3', onDetections: (report) => headers.push(report.header) });
const provider = createOpenAICompatible({ name: 'sim', baseURL: `${process.env.SIM_URL}/v1` });
let calls = 0;
const fetchPage = tool({
  description: 'Fetch a web page',
  inputSchema: z.object({ url: z.string() }),
  execute: async ({ url }) => {
    if (calls++ === 0) throw Object.assign(new Error('HTTP 503 Service Unavailable'), { status: 503 });
    return `fetched ${url}`;
  },
});
const result = await generateText({
  model: wrapLanguageModel({ model: provider.chatModel(process.env.SIM_MODEL), middleware: recovery }),
  tools: { fetch_page: fetchPage },
  prompt: 'Fetch url=https://example.com',
  stopWhen: stepCountIs(4),
  onStepFinish: recovery.onStepFinish,
});
console.log(JSON.stringify({ headers, calls, text: result.text }));
