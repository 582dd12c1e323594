/**
 * The envelope's `msg` in the caller's language: one mechanism for every answer, applied where the
 * envelope is serialised (app.ts), never per route. Routes keep writing their messages in one
 * language; this finds the message in the catalogue (./message-catalogue.ts) and answers it in the
 * language the caller asked for. Pure.
 *
 * The caller's language: `Accept-Language` (the console sends its own language on every call),
 * else the signed-in user's language when they chose one other than the default (zh); a caller
 * that says neither gets the message as written (the API's contract wording).
 */
import { MESSAGE_CATALOGUE, type CatalogueRow } from './message-catalogue';

export type MessageLanguage = 'zh' | 'zhtw' | 'en';
const COLUMN: Record<MessageLanguage, 0 | 1 | 2> = { zh: 0, zhtw: 1, en: 2 };

/** The language an `Accept-Language` value prefers among ours (by q), or null when it names none. */
export function acceptedLanguage(header: string | undefined): MessageLanguage | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim().toLowerCase(), q: q === undefined ? 1 : Number(q), i };
    })
    .filter((x) => x.tag && x.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const { tag } of ranked) {
    if (/^zh-(tw|hk|mo)\b|^zh-hant\b/.test(tag) || tag === 'zhtw') return 'zhtw';
    if (tag === 'zh' || tag.startsWith('zh-')) return 'zh';
    if (tag === 'en' || tag.startsWith('en-')) return 'en';
  }
  return null;
}

/** Whom to answer in which language; null: as written. */
export function languageOf(
  acceptLanguage: string | undefined,
  sessionLanguage: string | null | undefined,
): MessageLanguage | null {
  const asked = acceptedLanguage(acceptLanguage);
  if (asked) return asked;
  return sessionLanguage === 'zhtw' || sessionLanguage === 'en' ? sessionLanguage : null;
}

interface Template {
  row: CatalogueRow;
  pattern: RegExp;
  names: string[];
}

const exact = new Map<string, CatalogueRow>();
const templates: Template[] = [];
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const PLACEHOLDER = /\{(\d+|m)\}/g;
const HAS_PLACEHOLDER = /\{(\d+|m)\}/;

for (const row of MESSAGE_CATALOGUE) {
  for (const text of row) {
    if (!HAS_PLACEHOLDER.test(text)) {
      if (!exact.has(text)) exact.set(text, row);
      continue;
    }
    const names: string[] = [];
    const source = text
      .split(PLACEHOLDER)
      .map((part, i) => {
        if (i % 2 === 0) return escape(part);
        names.push(part);
        return '([\\s\\S]+?)';
      })
      .join('');
    templates.push({ row, pattern: new RegExp(`^${source}$`), names });
  }
}
// longer templates first: the more literal text a template holds, the more specific it is
templates.sort((a, b) => b.pattern.source.length - a.pattern.source.length);

/** `field: problem` (a body path, `items[2].qty`, `candidates.n1`): the field is kept, the problem translated. */
const FIELD = /^([A-Za-z_$][\w$-]*(?:\[\d+\])*(?:\.[\w$-]+(?:\[\d+\])*)*): ([\s\S]+)$/;

/** `msg` in `lang`; a message the catalogue does not hold is answered as written. */
export function translateMessage(msg: string, lang: MessageLanguage): string {
  return translate(msg, lang) ?? msg;
}

/** Whether the catalogue holds `msg` (in any of its languages, with any values). */
export function isCatalogued(msg: string): boolean {
  return translate(msg, 'en') !== null;
}

function translate(msg: string, lang: MessageLanguage): string | null {
  const hit = exact.get(msg);
  if (hit) return hit[COLUMN[lang]];
  const field = FIELD.exec(msg);
  if (field) {
    const problem = translate(field[2]!, lang);
    if (problem !== null) return `${field[1]!}: ${problem}`;
  }
  for (const t of templates) {
    const m = t.pattern.exec(msg);
    if (!m) continue;
    const values = new Map(t.names.map((n, i) => [n, m[i + 1] ?? '']));
    const inner = values.get('m');
    if (inner !== undefined) {
      const nested = translate(inner, lang);
      if (nested === null) continue;
      values.set('m', nested);
    }
    return t.row[COLUMN[lang]].replace(PLACEHOLDER, (_, n: string) => values.get(n) ?? '');
  }
  return null;
}
