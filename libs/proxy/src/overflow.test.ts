import { describe, expect, it } from 'vitest';
import { readEngineError } from './error-body.ts';
import { parseOverflow } from './overflow.ts';

const overflowOf = (message: string) => parseOverflow({ message, type: null, code: null });

describe('parseOverflow: the engines’ context messages (spec 1.3)', () => {
  it.each([
    [
      'vLLM old',
      "'max_tokens' or 'max_completion_tokens' is too large: 32000. This model's maximum context length is 32768 tokens and your request has 1200 input tokens (32000 > 32768 - 1200).",
      { code: 'context_overflow', contextLength: 32_768, promptTokens: 1_200, requested: 32_000 },
    ],
    [
      'vLLM new',
      "This model's maximum context length is 32768 tokens. However, you requested 32000 output tokens and your prompt contains at least 1201 input tokens, for a total of at least 33201 tokens. Please reduce the length of the input prompt or the number of requested output tokens. (parameter=input_tokens, value=1201)",
      { code: 'context_overflow', contextLength: 32_768, promptTokens: 1_201, requested: 32_000 },
    ],
    [
      'vLLM older, OpenAI wording',
      "This model's maximum context length is 4096 tokens. However, you requested 5000 tokens (1000 in the messages, 4000 in the completion). Please reduce the length of the messages or completion.",
      { code: 'context_overflow', contextLength: 4_096, promptTokens: 1_000, requested: 4_000 },
    ],
    [
      'vLLM, prompt alone',
      "This model's maximum context length is 4096 tokens. However, your request has 5000 input tokens. Please reduce the length of the input messages.",
      { code: 'prompt_too_long', contextLength: 4_096, promptTokens: 5_000, requested: null },
    ],
    [
      'SGLang, P + N >= C',
      "Requested token count exceeds the model's maximum context length of 32768 tokens. You requested a total of 33500 tokens: 1500 tokens from the input messages and 32000 tokens for the completion. Please reduce the number of tokens in the input messages or the completion to fit within the limit.",
      { code: 'context_overflow', contextLength: 32_768, promptTokens: 1_500, requested: 32_000 },
    ],
    [
      'SGLang, P >= C',
      "The input (40000 tokens) is longer than the model's context length (32768 tokens).",
      { code: 'prompt_too_long', contextLength: 32_768, promptTokens: 40_000, requested: null },
    ],
  ])('%s', (_name, message, expected) => {
    expect(overflowOf(message)).toEqual(expected);
  });

  it("reads llama.cpp's running out of context while generating (500, no numbers)", () => {
    expect(overflowOf('Context size has been exceeded.')).toEqual({ code: 'context_overflow', contextLength: null, promptTokens: null, requested: null });
  });

  it("reads llama.cpp's exceed_context_size_error fields", () => {
    const error = readEngineError({ error: { code: 400, message: 'request (5000 tokens) exceeds the available context size (4096 tokens), try increasing it', type: 'exceed_context_size_error', n_prompt_tokens: 5000, n_ctx: 4096 } }, '');
    expect(parseOverflow(error)).toEqual({ code: 'prompt_too_long', contextLength: 4_096, promptTokens: 5_000, requested: null });
  });

  it('ignores other errors', () => {
    expect(overflowOf('Failed to parse input at pos 3')).toBeNull();
    expect(overflowOf('max_tokens must be at least 1, got -1.')).toBeNull();
  });
});

describe('readEngineError: every body shape', () => {
  it.each([
    ['envelope', { error: { message: 'm', type: 't', code: 400, param: null } }, { message: 'm', type: 't', code: 400 }],
    ['flat', { object: 'error', message: 'm', type: 'BadRequestError', code: 400 }, { message: 'm', type: 'BadRequestError', code: 400 }],
    ['detail string', { detail: 'Not Found' }, { message: 'Not Found', type: null, code: null }],
    ['detail list', { detail: [{ msg: 'a' }, { msg: 'b' }] }, { message: 'a; b', type: null, code: null }],
    ['error string', { error: 'bad' }, { message: 'bad', type: null, code: null }],
  ])('%s', (_name, body, expected) => {
    expect(readEngineError(body, JSON.stringify(body))).toEqual(expected);
  });

  it('plain text', () => {
    expect(readEngineError(undefined, 'Internal Server Error')).toEqual({ message: 'Internal Server Error', type: null, code: null });
  });
});
