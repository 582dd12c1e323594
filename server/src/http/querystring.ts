/**
 * The query-string parser (fastify's `querystringParser`). Like the default it decodes `+` and
 * percent escapes and collects repeated keys into arrays; unlike it, a value whose escapes are not
 * valid UTF-8 (`%FF`, a cut-off `%E0%A4%A`) is not passed on as if it were text: it is marked with a
 * lone surrogate, which the text rules refuse with a message naming the parameter. Pure.
 */

/** A string no valid text contains: the decoding failed. */
export const UNDECODABLE = '\uD800';

function decodePart(s: string): string {
  const plus = s.includes('+') ? s.replace(/\+/g, ' ') : s;
  if (!plus.includes('%')) return plus;
  try {
    return decodeURIComponent(plus);
  } catch {
    return UNDECODABLE + plus;
  }
}

export function parseQueryString(str: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = Object.create(null) as Record<string, string | string[]>;
  if (!str) return out;
  for (const part of str.split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    const key = decodePart(eq < 0 ? part : part.slice(0, eq));
    const value = eq < 0 ? '' : decodePart(part.slice(eq + 1));
    const prev = out[key];
    if (prev === undefined) out[key] = value;
    else if (Array.isArray(prev)) prev.push(value);
    else out[key] = [prev, value];
  }
  return out;
}
