// Links a menu entry or a message may carry (kept apart from validators, which need the expression
// tokenizer: the menu's route generation is on every signed-in page, the tokenizer is not).

/**
 * A link that is safe to store and to put in an href or a frame: an external link as validators'
 * url rule has it (http and https with a host) or a path on our own origin ('/help/…', not
 * '//host', which is another origin). No whitespace or control characters anywhere, so ' javascript:', 'java\tscript:' and
 * 'data:' never pass; letter case matters, as in the original rule ('JaVaScRiPt:' is refused).
 */
export function isSafeLink(value: unknown): boolean {
  if (typeof value !== 'string' || value.length === 0) return false;
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (/[\s\u0000-\u001F\u007F-\u009F\u2028\u2029]/.test(value)) return false;
  if (/^\/(?![/\\])/.test(value)) return true;
  if (/^https?:\/\/[^/\\?#@]+(?:[/?#]|$)/.test(value)) return true;
  return /^(?:mailto|tel):[^/]/.test(value);
}

/**
 * Our operator's guide (server/public/help) in the console's language: `/help/x.html` is the
 * Simplified Chinese page, `/help/x.zh-TW.html` and `/help/x.en.html` its translations. Any other
 * link is returned as it is.
 */
export function helpPageIn(url: string, lang: string): string {
  const m = /^\/help\/([\w-]+)\.html((?:[?#].*)?)$/.exec(url);
  if (!m || (lang !== 'zhtw' && lang !== 'en')) return url;
  return `/help/${m[1]!}.${lang === 'zhtw' ? 'zh-TW' : 'en'}.html${m[2] ?? ''}`;
}
