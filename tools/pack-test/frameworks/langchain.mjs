// A failing-tool agent written with LangChain.js, as a user writes it, with the recovery layer as an agent
// middleware. Run by pack-test.mjs in a fresh project that has only LangChain: SIM_URL names a running sim engine.
import { ChatOpenAI } from '@langchain/openai';
import { toolErrorRecoveryMiddleware } from '@recovery-bench/toolerror-frameworks/langchain';
import { createAgent, tool } from 'langchain';
import { z } from 'zod';

const headers = [];
let calls = 0;
const fetchPage = tool(
  async ({ url }) => {
    if (calls++ === 0) throw Object.assign(new Error('HTTP 503 Service Unavailable'), { status: 503 });
    return `fetched ${url}`;
  },
  { name: 'fetch_page', description: 'Fetch a web page', schema: z.object({ url: z.string() }) },
);
const model = new ChatOpenAI({ model: process.env.SIM_MODEL, apiKey: 'unused', configuration: { baseURL: `${process.env.SIM_URL}/v1` } });
const agent = createAgent({ model, tools: [fetchPage], middleware: [toolErrorRecoveryMiddleware({ form: 'c3', onDetections: (report) => headers.push(report.header) })] });
const result = await agent.invoke({ messages: [{ role: 'user', content: 'Fetch url=https://example.com' }] }, { recursionLimit: 10 });
console.log(JSON.stringify({ headers, calls, text: result.messages.at(-1).content }));
