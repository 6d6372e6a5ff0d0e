import type { EngineError } from './error-body.ts';

/** A context-budget rejection (spec 1.3) with the numbers the engine stated. */
export interface Overflow {
  /** `prompt_too_long`: the prompt alone reaches the context; no output budget can help. */
  code: 'context_overflow' | 'prompt_too_long';
  contextLength: number | null;
  promptTokens: number | null;
  requested: number | null;
}

const N = String.raw`(\d[\d,]*)`;

interface Pattern {
  re: RegExp;
  read(m: RegExpExecArray): { c: number; p: number; n: number | null };
  promptOnly?: true;
}

/** Engine messages, newest wording first; the engine and version are in each comment. */
const PATTERNS: readonly Pattern[] = [
  {
    // vLLM (new): "This model's maximum context length is C tokens. However, you requested N output tokens and
    // your prompt contains at least P input tokens, for a total of at least T tokens." P is a lower bound.
    re: new RegExp(`maximum context length is ${N} tokens\\. However, you requested ${N} output tokens and your prompt contains at least ${N} input tokens`),
    read: (m) => ({ c: num(m[1]), n: num(m[2]), p: num(m[3]) }),
  },
  {
    // vLLM (old): "'max_tokens' or 'max_completion_tokens' is too large: N. This model's maximum context length
    // is C tokens and your request has P input tokens (N > C - P)."
    re: new RegExp(`is too large: ${N}\\.[\\s\\S]*?context length is ${N} tokens and your request has ${N} input tokens`),
    read: (m) => ({ n: num(m[1]), c: num(m[2]), p: num(m[3]) }),
  },
  {
    // vLLM (older, OpenAI's wording): "… maximum context length is C tokens. However, you requested T tokens
    // (P in the messages, N in the completion)."
    re: new RegExp(`maximum context length is ${N} tokens\\. However, you requested ${N} tokens \\(${N} in the messages, ${N} in the completion\\)`),
    read: (m) => ({ c: num(m[1]), p: num(m[3]), n: num(m[4]) }),
  },
  {
    // vLLM, prompt alone too long: "… maximum context length is C tokens. However, your request has P input tokens."
    re: new RegExp(`maximum context length is ${N} tokens\\. However, your request has ${N} input tokens`),
    read: (m) => ({ c: num(m[1]), p: num(m[2]), n: null }),
    promptOnly: true,
  },
  {
    // SGLang (P + N >= C): "Requested token count exceeds the model's maximum context length of C tokens. You
    // requested a total of T tokens: P tokens from the input messages and N tokens for the completion."
    re: new RegExp(`maximum context length of ${N} tokens\\. You requested a total of ${N} tokens: ${N} tokens from the input messages and ${N} tokens for the completion`),
    read: (m) => ({ c: num(m[1]), p: num(m[3]), n: num(m[4]) }),
  },
  {
    // SGLang (P >= C): "The input (P tokens) is longer than the model's context length (C tokens)."
    re: new RegExp(`The input \\(${N} tokens\\) is longer than the model's context length \\(${N} tokens\\)`),
    read: (m) => ({ p: num(m[1]), c: num(m[2]), n: null }),
    promptOnly: true,
  },
];

/**
 * llama.cpp (b10573) when the KV cache runs out while generating, e.g. slots sharing one cache each asking more than
 * their share: 500 `server_error` "Context size has been exceeded.", without numbers.
 */
const LLAMA_GENERATION_OVERFLOW = /^Context size has been exceeded\.?$/;

export function parseOverflow(error: EngineError): Overflow | null {
  // llama.cpp does not check N; it rejects only P >= n_ctx, with the numbers as fields.
  if (error.type === 'exceed_context_size_error') {
    return { code: 'prompt_too_long', contextLength: error.contextLength ?? null, promptTokens: error.promptTokens ?? null, requested: null };
  }
  if (LLAMA_GENERATION_OVERFLOW.test(error.message.trim())) return { code: 'context_overflow', contextLength: null, promptTokens: null, requested: null };
  for (const pattern of PATTERNS) {
    const m = pattern.re.exec(error.message);
    if (!m) continue;
    const { c, p, n } = pattern.read(m);
    const code = pattern.promptOnly || p >= c ? 'prompt_too_long' : 'context_overflow';
    return { code, contextLength: c, promptTokens: p, requested: n };
  }
  return null;
}

function num(text: string | undefined): number {
  return Number((text ?? '').replaceAll(',', ''));
}
