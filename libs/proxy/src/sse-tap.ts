import { isRecord, streamEventError, type EngineError } from './error-body.ts';

/** One tool call put back together from its `delta.tool_calls` fragments. */
export interface TappedToolCall {
  id: string | null;
  type: string | null;
  name: string | null;
  arguments: string;
}

interface ChoiceState {
  content: string;
  reasoning: string;
  toolCalls: Map<number, TappedToolCall>;
  finishReason: string | null;
}

/** Bounds on what a hostile or endless stream can make the tap hold. */
const MAX_PENDING_CHARS = 16 * 1024 * 1024;
const MAX_TEXT_CHARS = 8 * 1024 * 1024;

/**
 * Reads a copy of an upstream SSE stream (spec 1.5): splits events on blank lines, skips comments
 * (llama.cpp `: ping`), accumulates deltas per choice and tool-call index, and notices `[DONE]`, usage,
 * `data: {"error":…}` and old llama.cpp's `error: {…}` lines. It never changes what the client gets.
 */
export class SseTap {
  events = 0;
  comments = 0;
  malformedEvents = 0;
  done = false;
  /** The pending event grew past its bound and was dropped. */
  overflowed = false;
  error: EngineError | null = null;
  errorEvent: unknown = null;
  legacyError = false;
  usage: unknown = null;
  /** Called with each parsed chunk that is not an error (a surface's stream translator listens here). */
  onEvent: ((event: Record<string, unknown>) => void) | null = null;
  /** Values of legacy `error:` lines not yet re-sent to the client as `data:` events. */
  readonly legacyQueue: unknown[] = [];
  private readonly decoder = new TextDecoder();
  private pending = '';
  private carryCr = false;
  private readonly choices = new Map<number, ChoiceState>();
  private meta: { id: unknown; model: unknown; created: unknown } = { id: null, model: null, created: null };
  private clipped = false;

  /** True when no partial event is buffered: a point where an extra event may be inserted. */
  get atBoundary(): boolean {
    return this.pending === '' && !this.carryCr;
  }

  push(chunk: Uint8Array): void {
    let text = this.decoder.decode(chunk, { stream: true });
    if (this.carryCr) text = `\r${text}`;
    this.carryCr = text.endsWith('\r');
    if (this.carryCr) text = text.slice(0, -1);
    if (text.includes('\r')) text = text.replace(/\r\n?/g, '\n');
    this.pending += text;
    this.drain();
    if (this.pending.length > MAX_PENDING_CHARS) {
      this.pending = '';
      this.overflowed = true;
    }
  }

  /** The stream ended: a final event without its blank line still counts. */
  end(): void {
    this.pending += this.decoder.decode() + (this.carryCr ? '\n' : '');
    this.carryCr = false;
    this.drain();
    if (this.pending.trim() !== '') this.handleBlock(this.pending);
    this.pending = '';
  }

  get finishReason(): string | null {
    for (const choice of this.choices.values()) if (choice.finishReason !== null) return choice.finishReason;
    return null;
  }

  toolCalls(choiceIndex = 0): TappedToolCall[] {
    const calls = this.choices.get(choiceIndex)?.toolCalls;
    return calls ? [...calls.entries()].sort((a, b) => a[0] - b[0]).map(([, call]) => call) : [];
  }

  content(choiceIndex = 0): string {
    return this.choices.get(choiceIndex)?.content ?? '';
  }

  /** The stream as one `chat.completion` object, for the record. */
  reassemble(): Record<string, unknown> {
    const choices = [...this.choices.entries()].sort((a, b) => a[0] - b[0]).map(([index, c]) => ({
      index,
      message: reassembledMessage(c),
      finish_reason: c.finishReason,
    }));
    return {
      id: this.meta.id, object: 'chat.completion', created: this.meta.created, model: this.meta.model, choices, usage: this.usage,
      stream: {
        events: this.events, comments: this.comments, done: this.done, malformedEvents: this.malformedEvents,
        error: this.errorEvent, legacyError: this.legacyError, overflowed: this.overflowed, clipped: this.clipped,
      },
    };
  }

  private drain(): void {
    let start = 0;
    for (let end = this.pending.indexOf('\n\n'); end >= 0; end = this.pending.indexOf('\n\n', start)) {
      this.handleBlock(this.pending.slice(start, end));
      start = end + 2;
    }
    if (start > 0) this.pending = this.pending.slice(start);
  }

  private handleBlock(block: string): void {
    // The usual event is one `data: …` line; it needs no splitting.
    if (block.startsWith('data: ') && !block.includes('\n')) {
      this.events++;
      this.handleData(block.slice(6));
      return;
    }
    const data: string[] = [];
    let legacy: string | undefined;
    let sawField = false;
    for (const line of block.split('\n')) {
      if (line === '') continue;
      if (line.startsWith(':')) continue;
      sawField = true;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(line.charCodeAt(colon + 1) === 32 ? colon + 2 : colon + 1);
      if (field === 'data') data.push(value);
      else if (field === 'error') legacy = legacy === undefined ? value : `${legacy}\n${value}`;
    }
    if (!sawField) {
      if (block.trim() !== '') this.comments++;
      return;
    }
    this.events++;
    if (data.length > 0) this.handleData(data.join('\n'));
    if (legacy !== undefined) this.handleLegacy(legacy);
  }

  private handleData(data: string): void {
    if (data.trim() === '[DONE]') {
      this.done = true;
      return;
    }
    const event = parseJson(data);
    if (event === undefined) {
      this.malformedEvents++;
      return;
    }
    const error = streamEventError(event);
    if (error) {
      this.setError(error, isRecord(event) ? event.error : event);
      return;
    }
    if (isRecord(event)) this.handleChunk(event);
  }

  /** Old llama.cpp wrote `error: {…}`, which OpenAI SDKs drop; it is recorded and queued for re-sending. */
  private handleLegacy(value: string): void {
    const parsed = parseJson(value);
    const errorValue = parsed === undefined ? { message: value } : parsed;
    this.legacyError = true;
    this.legacyQueue.push(errorValue);
    this.setError(streamEventError({ error: errorValue }) ?? { message: value, type: null, code: null }, errorValue);
  }

  private setError(error: EngineError, raw: unknown): void {
    if (this.error !== null) return;
    this.error = error;
    this.errorEvent = raw;
  }

  private handleChunk(event: Record<string, unknown>): void {
    this.onEvent?.(event);
    if (this.meta.id === null && event.id !== undefined) this.meta = { id: event.id, model: event.model ?? null, created: event.created ?? null };
    if (isRecord(event.usage)) this.usage = event.usage;
    if (!Array.isArray(event.choices)) return;
    for (const choice of event.choices) if (isRecord(choice)) this.handleChoice(choice);
  }

  private handleChoice(choice: Record<string, unknown>): void {
    const index = typeof choice.index === 'number' ? choice.index : 0;
    let state = this.choices.get(index);
    if (!state) {
      state = { content: '', reasoning: '', toolCalls: new Map(), finishReason: null };
      this.choices.set(index, state);
    }
    if (typeof choice.finish_reason === 'string') state.finishReason = choice.finish_reason;
    const delta = choice.delta;
    if (!isRecord(delta)) return;
    if (typeof delta.content === 'string') state.content = this.append(state.content, delta.content);
    if (typeof delta.reasoning_content === 'string') state.reasoning = this.append(state.reasoning, delta.reasoning_content);
    if (Array.isArray(delta.tool_calls)) delta.tool_calls.forEach((tc, position) => this.handleToolCall(state, tc, position));
  }

  private handleToolCall(state: ChoiceState, fragment: unknown, position: number): void {
    if (!isRecord(fragment)) return;
    const index = typeof fragment.index === 'number' ? fragment.index : position;
    let call = state.toolCalls.get(index);
    if (!call) {
      call = { id: null, type: null, name: null, arguments: '' };
      state.toolCalls.set(index, call);
    }
    if (call.id === null && typeof fragment.id === 'string') call.id = fragment.id;
    if (call.type === null && typeof fragment.type === 'string') call.type = fragment.type;
    const fn = fragment.function;
    if (!isRecord(fn)) return;
    if (call.name === null && typeof fn.name === 'string') call.name = fn.name;
    if (typeof fn.arguments === 'string') call.arguments = this.append(call.arguments, fn.arguments);
  }

  private append(text: string, more: string): string {
    if (text.length + more.length <= MAX_TEXT_CHARS) return text + more;
    this.clipped = true;
    return text;
  }
}

function reassembledMessage(c: ChoiceState): Record<string, unknown> {
  const message: Record<string, unknown> = { role: 'assistant', content: c.content === '' && c.toolCalls.size > 0 ? null : c.content };
  if (c.reasoning !== '') message.reasoning_content = c.reasoning;
  if (c.toolCalls.size > 0) {
    message.tool_calls = [...c.toolCalls.entries()].sort((a, b) => a[0] - b[0]).map(([, t]) => ({
      id: t.id, type: t.type ?? 'function', function: { name: t.name, arguments: t.arguments },
    }));
  }
  return message;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
