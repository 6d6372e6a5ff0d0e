import type { LanguageModelV4Prompt } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { applyToParams } from '../ai-sdk/index.ts';
import { kindOfError } from './error-kind.ts';
import { ErrorKinds, SPAN_ATTRIBUTE } from './layer.ts';

/** A prompt whose last tool result failed with `text` (flagged). */
function failedPrompt(text: string, extra: LanguageModelV4Prompt = []): LanguageModelV4Prompt {
  return [
    { role: 'user', content: [{ type: 'text', text: 'Book room 12' }] },
    { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'book_room', input: { room: 12 } }] },
    { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'c1', toolName: 'book_room', output: { type: 'error-text', value: text } }] },
    ...extra,
  ];
}

describe('kindOfError', () => {
  it('reads an HTTP status, a network code and a schema error, through the cause chain', () => {
    expect(kindOfError(Object.assign(new Error('x'), { status: 429 }))).toEqual({ kind: 'transient', rule: 'error-status' });
    expect(kindOfError(Object.assign(new Error('x'), { statusCode: 503 }))).toEqual({ kind: 'transient', rule: 'error-status' });
    expect(kindOfError(Object.assign(new Error('x'), { response: { status: 403 } }))).toEqual({ kind: 'unrecoverable', rule: 'error-status' });
    expect(kindOfError(new Error('fetch failed', { cause: Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }) }))).toEqual({ kind: 'transient', rule: 'error-code' });
    expect(kindOfError(Object.assign(new Error('bad input'), { name: 'AI_InvalidToolInputError' }))).toEqual({ kind: 'fixable', rule: 'error-schema' });
  });

  it('leaves anything else to the rules', () => {
    expect(kindOfError(new TypeError("f() got an unexpected keyword argument 'x'"))).toBeUndefined();
    expect(kindOfError(Object.assign(new Error('not found'), { status: 404 }))).toBeUndefined();
    expect(kindOfError('a string')).toBeUndefined();
    expect(kindOfError(null)).toBeUndefined();
  });
});

describe('ErrorKinds', () => {
  it('keeps only the kinds it read, and forgets the oldest beyond its bound', () => {
    const kinds = new ErrorKinds(undefined);
    expect(kinds.remember('a', new TypeError('x'))).toBeUndefined();
    for (let i = 0; i < 10_001; i++) kinds.remember(`k${i}`, Object.assign(new Error('x'), { status: 503 }));
    expect(kinds.size).toBe(10_000);
    expect(kinds.get('k0')).toBeUndefined();
    expect(kinds.get('k10000')).toEqual({ kind: 'transient', rule: 'error-status' });
    expect(new ErrorKinds(false).remember('a', Object.assign(new Error('x'), { status: 503 }))).toBeUndefined();
  });
});

describe('the shared layer options', () => {
  it('withholds transient guidance for a tool whose metadata says a repeat is unsafe', () => {
    const params = { prompt: failedPrompt('Error: 503 Service Unavailable') };
    const plain = applyToParams(params, { form: 'c3' });
    expect(plain.report.detections[0]).toMatchObject({ kind: 'transient' });
    const unsafe = applyToParams(params, {
      form: 'c3',
      options: { retry_safety: 'annotations' },
      toolAnnotations: { book_room: { readOnlyHint: false, idempotentHint: false } },
    });
    expect(unsafe.report.detections[0]).toMatchObject({ kind: 'ambiguous', withheld: 'retry-unsafe' });
    expect(unsafe.params).toBe(params);
  });

  it('reports each call to the callback and the span, also when nothing changed', () => {
    const seen: string[] = [];
    const attributes: [string, string][] = [];
    const span = { setAttribute: (k: string, v: string) => attributes.push([k, v]) };
    applyToParams({ prompt: failedPrompt('Error: 503 Service Unavailable') }, { onDetections: (r) => seen.push(r.header), span: () => span });
    applyToParams({ prompt: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }] }, { onDetections: (r) => seen.push(r.header), span: () => span });
    expect(seen).toEqual(['form=c3; rules=paper; changed=true; failures=2:transient:is_error:decision', 'form=c3; rules=paper; changed=false; failures=none']);
    expect(attributes).toEqual(seen.map((h) => [SPAN_ATTRIBUTE, h]));
  });

  it('keeps items the layer cannot see in their place, and rewrites only what it must', () => {
    const approval: LanguageModelV4Prompt = [{ role: 'tool', content: [{ type: 'tool-approval-response', approvalId: 'a1', approved: true }] }];
    const prompt = failedPrompt('Error: 503 Service Unavailable', approval);
    const { params } = applyToParams({ prompt }, { form: 'c3' });
    expect(params.prompt.slice(0, 4)).toEqual(prompt);
    params.prompt.slice(0, 4).forEach((m, i) => expect(m).toBe(prompt[i]));
    expect(params.prompt[4]).toMatchObject({ role: 'user', content: [{ type: 'text', text: expect.stringContaining('Note from the tool runtime') }] });
  });

  it('c1 and c2 write the guidance into the failed result and remove the failed exchange, in the provider\'s text', () => {
    const prompt = failedPrompt('Error: 503 Service Unavailable');
    const c1 = applyToParams({ prompt }, { form: 'c1', provider: 'anthropic.messages' }).params.prompt;
    expect(c1[2]).toEqual({ role: 'tool', content: [{ type: 'tool-result', toolCallId: 'c1', toolName: 'book_room', output: { type: 'error-text', value: 'Error: 503 Service Unavailable\nThis is a temporary failure. Retrying the same call is expected to succeed.' } }] });
    const openai = applyToParams({ prompt }, { form: 'c1', provider: 'openai.chat' }).params.prompt;
    expect(openai[2]).toMatchObject({ content: [{ output: { type: 'text', value: '{"error":"Error: 503 Service Unavailable"}\nThis is a temporary failure. Retrying the same call is expected to succeed.' } }] });
    const c2 = applyToParams({ prompt }, { form: 'c2' }).params.prompt;
    expect(c2.map((m) => m.role)).toEqual(['user']);
    expect(c2[0]).toMatchObject({ content: [{ type: 'text', text: expect.stringMatching(/^Book room 12\n\nNote from the tool runtime/) }] });
  });
});
