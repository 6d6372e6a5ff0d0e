export { OpenAIClient, parseCompletion, type OpenAIClientOptions } from './client/openai-client.ts';
export * from './adapters/index.ts';
