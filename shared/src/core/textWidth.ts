// How wide a line of text draws, estimated without a browser (pure): a field or a column whose
// width follows its language gives room for its own words — 'Search: navigation menu' needs more
// than '搜索：导航菜单' — instead of one width for every language that cuts the longer one.
// Estimates for the console's sans-serif at a given font size, slightly generous.

/** The width of one character in em. */
function charEm(ch: string): number {
  const c = ch.codePointAt(0) ?? 0;
  // CJK ideographs, kana, hangul, full-width forms and punctuation: one em
  if (
    (c >= 0x2e80 && c <= 0x9fff) ||
    (c >= 0xac00 && c <= 0xd7af) ||
    (c >= 0xf900 && c <= 0xfaff) ||
    (c >= 0xfe30 && c <= 0xfe4f) ||
    (c >= 0xff00 && c <= 0xffef)
  )
    return 1;
  if (ch === ' ') return 0.28;
  if (/[il.,:;'|!]/.test(ch)) return 0.28;
  if (/[fjrt()[\]/-]/.test(ch)) return 0.36;
  if (/[mw]/.test(ch)) return 0.86;
  if (/[MW]/.test(ch)) return 0.92;
  if (/[A-Z]/.test(ch)) return 0.68;
  if (/[0-9]/.test(ch)) return 0.58;
  return 0.56;
}

/** Estimated width in px of `text` on one line at `fontSize` px. */
export function textWidth(text: string, fontSize = 14): number {
  let em = 0;
  for (const ch of text) em += charEm(ch);
  return Math.ceil(em * fontSize);
}

/**
 * The width of a field that shows `placeholder` whole: at least `min` px, else the text plus the
 * field's own parts (`chrome` px: padding, border, prefix icon, clear button, arrow).
 */
export function fieldWidth(placeholder: string, min: number, chrome = 40, fontSize = 14): number {
  return Math.max(min, textWidth(placeholder, fontSize) + chrome);
}
