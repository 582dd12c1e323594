// Emoji in chat text (pure). Text is stored with alt codes ('好的[微笑]'); when shown, the text stays
// text (React escapes it) and only a known code becomes an image. Anything else in brackets stays
// exactly as typed ('[不存在]', '[', '[[微笑]]' keeps its outer brackets).
import { EMOJI, type EmojiEntry } from './table';

export type Segment = { kind: 'text'; text: string } | { kind: 'emoji'; emoji: EmojiEntry };

const BY_CODE: ReadonlyMap<string, EmojiEntry> = new Map(EMOJI.map((e) => [e.code, e]));
const LONGEST = Math.max(...EMOJI.map((e) => e.code.length));
/** A bracket pair with no bracket inside, short enough to be a code. */
const CANDIDATE = new RegExp(`\\[[^\\[\\]]{1,${LONGEST - 2}}\\]`, 'g');

export function emojiOf(code: string): EmojiEntry | undefined {
  return BY_CODE.get(code);
}

/** Splits text into plain runs and known emoji, in order; joining them back gives the text. */
export function segments(text: string): Segment[] {
  const out: Segment[] = [];
  let last = 0;
  for (const m of text.matchAll(CANDIDATE)) {
    const e = BY_CODE.get(m[0]);
    if (!e || m.index === undefined) continue;
    if (m.index > last) out.push({ kind: 'text', text: text.slice(last, m.index) });
    out.push({ kind: 'emoji', emoji: e });
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push({ kind: 'text', text: text.slice(last) });
  return out;
}

/** The text with `code` put in at the caret; returns the new text and caret. */
export function insertAt(
  text: string,
  start: number,
  end: number,
  code: string,
): { text: string; caret: number } {
  const a = Math.max(0, Math.min(start, text.length));
  const b = Math.max(a, Math.min(end, text.length));
  return { text: text.slice(0, a) + code + text.slice(b), caret: a + code.length };
}

/** Whether a text has anything to send (spec §5: an empty text does nothing). */
export const isBlank = (text: string): boolean => text.trim().length === 0;
