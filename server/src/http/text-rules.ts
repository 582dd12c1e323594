/**
 * What a stored string may contain. Pure.
 *
 * Every string the API accepts refuses what no user types and what only hides or garbles text: NUL
 * and the other C0/C1 control characters (tab and line breaks excepted), DEL, lone UTF-16 surrogates
 * (not text at all: they cannot be encoded as UTF-8), the bidirectional overrides and isolates
 * (U+202A–U+202E, U+2066–U+2069: they make a name read backwards, "Trojan source"), and the
 * non-characters U+FFFE / U+FFFF. A single-line field (names, titles, codes: `x-text: 'line'`) also
 * refuses tab, line breaks and the Unicode line / paragraph separators.
 */

export type TextKind = 'line' | 'multi';

export const TEXT_MESSAGES = {
  surrogate: 'must be valid text (contains a broken character)',
  control: 'must not contain control characters',
  bidi: 'must not contain bidirectional-override characters',
  newline: 'must be a single line',
} as const;

// Lone surrogates: a high one not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]/;
const BIDI = /[\u202A-\u202E\u2066-\u2069]/;
const LINE_BREAK = /[\t\n\r\u2028\u2029]/;

/** The problem with `s` as a `kind` field, or null when it may be stored. */
export function textProblem(s: string, kind: TextKind): string | null {
  if (LONE_SURROGATE.test(s)) return TEXT_MESSAGES.surrogate;
  if (CONTROL.test(s)) return TEXT_MESSAGES.control;
  if (BIDI.test(s)) return TEXT_MESSAGES.bidi;
  if (kind === 'line' && LINE_BREAK.test(s)) return TEXT_MESSAGES.newline;
  return null;
}
