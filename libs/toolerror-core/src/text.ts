import type { Content, ContentPart, Message } from './types.ts';

const TEXT_PART_TYPES = new Set(['text', 'input_text', 'output_text']);

export function isTextPart(part: unknown): part is ContentPart & { text: string } {
  if (typeof part !== 'object' || part === null) return false;
  const p = part as ContentPart;
  return TEXT_PART_TYPES.has(p.type) && typeof p.text === 'string';
}

/** The text of a message: a string as is; text parts joined with `\n`; anything else `""`. */
export function contentText(content: Content | undefined): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  const texts: string[] = [];
  for (const part of content) if (isTextPart(part)) texts.push(part.text);
  return texts.join('\n');
}

export function messageText(message: Message): string {
  return contentText(message.content);
}

/**
 * Appends `suffix` to a message's content: to a string directly, to the last text part of an array,
 * or as a new text part where the array has none. `null` or missing content becomes the suffix alone.
 */
export function appendToContent(content: Content | undefined, suffix: string): Content {
  if (typeof content === 'string') return content + suffix;
  if (!Array.isArray(content)) return suffix;
  const parts = content.slice();
  for (let i = parts.length - 1; i >= 0; i--) {
    const part = parts[i];
    if (isTextPart(part)) {
      parts[i] = { ...part, text: part.text + suffix };
      return parts;
    }
  }
  // Responses input uses `input_*` part types; keep the array in its own dialect.
  const partType = parts.some((p) => typeof p?.type === 'string' && p.type.startsWith('input_')) ? 'input_text' : 'text';
  parts.push({ type: partType, text: suffix });
  return parts;
}

/** The content is missing, null or the empty string (spec point 10). */
export function hasNoText(content: Content | undefined): boolean {
  return content === undefined || content === null || content === '';
}
