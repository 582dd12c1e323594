/**
 * Inputs for the route fuzz test, derived from a route's own JSON schema: a valid sample, and
 * invalid variants that each break exactly one field (so the answer must name that field). Random
 * parts come from fast-check with a fixed seed, so a failure replays.
 */
import fc from 'fast-check';
import { textProblem } from '../../src/http/text-rules';

export type Schema = Record<string, unknown>;

const isObj = (v: unknown): v is Schema => !!v && typeof v === 'object' && !Array.isArray(v);
const typesOf = (s: Schema): string[] =>
  Array.isArray(s.type) ? (s.type as string[]) : typeof s.type === 'string' ? [s.type] : [];

/** Values for our string formats (server/src/http/validation.ts FORMATS). */
const FORMAT_SAMPLES: Record<string, string> = {
  fullName: '测试名称',
  account: 'fuzzuser',
  loginAccount: 'fuzzuser',
  enCode: 'fuzz.code',
  mobile: '13800000000',
  email: 'fuzz@example.org',
  md5: '0123456789abcdef0123456789abcdef',
  safeLink: 'https://example.org/fuzz',
};
const PATTERN_CANDIDATES = [
  '1',
  '12',
  'a',
  'abc',
  'a1',
  '2030-01',
  '0123456789abcdef0123456789abcdef',
  'x.y',
  '0',
];

/** A value the schema accepts (best effort: patterns are tried from a list). */
export function sample(s: unknown, depth = 0): unknown {
  if (!isObj(s) || depth > 6) return null;
  if (s.const !== undefined) return s.const;
  if (Array.isArray(s.enum)) return s.enum[0];
  if (s.default !== undefined) return s.default;
  const types = typesOf(s);
  const t = types.find((x) => x !== 'null') ?? (isObj(s.properties) ? 'object' : 'null');
  switch (t) {
    case 'object': {
      const out: Record<string, unknown> = {};
      const props = isObj(s.properties) ? s.properties : {};
      const required = Array.isArray(s.required) ? (s.required as string[]) : [];
      for (const k of required) out[k] = sample(props[k], depth + 1);
      return out;
    }
    case 'array': {
      const n = typeof s.minItems === 'number' ? s.minItems : 0;
      return Array.from({ length: n }, () => sample(s.items, depth + 1));
    }
    case 'string': {
      if (typeof s.format === 'string' && FORMAT_SAMPLES[s.format]) return FORMAT_SAMPLES[s.format];
      const min = typeof s.minLength === 'number' ? s.minLength : 1;
      const max = typeof s.maxLength === 'number' ? s.maxLength : 50;
      if (typeof s.pattern === 'string') {
        const re = new RegExp(s.pattern);
        const hit = PATTERN_CANDIDATES.find((c) => re.test(c) && c.length >= min && c.length <= max);
        if (hit) return hit;
        // a string the pattern matches, from fast-check (deterministic seed), within the lengths
        const generated = fc
          .sample(fc.stringMatching(re), { numRuns: 50, seed: 7 })
          .find((c) => c.length >= min && c.length <= max && textProblem(c, 'line') === null);
        if (generated !== undefined) return generated;
      }
      return 'f'.repeat(Math.min(Math.max(min, 3), max));
    }
    case 'integer':
    case 'number': {
      if (typeof s.minimum === 'number') return s.minimum;
      if (typeof s.exclusiveMinimum === 'number') return s.exclusiveMinimum + 1;
      return typeof s.maximum === 'number' ? Math.min(1, s.maximum) : 1;
    }
    case 'boolean':
      return false;
    default:
      return null;
  }
}

export interface Variant {
  /** the field the answer must name ('' when the whole part is wrong) */
  field: string;
  what: string;
  value: unknown;
}

const WRONG_BY_TYPE: Array<[string, unknown]> = [
  ['string', 'x'],
  ['integer', 7],
  ['number', 1.5],
  ['boolean', true],
  ['null', null],
  ['object', { a: 1 }],
  ['array', [1]],
];

/** A value of a JSON type the schema does not allow. */
function wrongTypeValue(s: Schema): unknown {
  const types = typesOf(s);
  if (!types.length) return undefined;
  for (const [t, v] of WRONG_BY_TYPE) {
    const allowed =
      types.includes(t) ||
      (t === 'integer' && types.includes('number')) ||
      (t === 'number' && types.includes('integer') && false);
    if (!allowed) return v;
  }
  return undefined;
}

/** Values that break one property `s` (each invalid for `s` alone). */
export function badValues(s: Schema, seed: number | null = null): Array<{ what: string; value: unknown }> {
  const out: Array<{ what: string; value: unknown }> = [];
  const types = typesOf(s);
  const wrong = wrongTypeValue(s);
  if (wrong !== undefined) out.push({ what: 'wrong type', value: wrong });
  if (types.includes('string') && s.enum === undefined && s.const === undefined) {
    if (typeof s.maxLength === 'number') out.push({ what: 'over-long', value: 'y'.repeat(s.maxLength + 1) });
    const base = String(sample(s) ?? 'a');
    out.push({ what: 'NUL', value: `${base.slice(0, 1)}\u0000` });
    out.push({ what: 'bidi override', value: `${base.slice(0, 1)}\u202E` });
    out.push({ what: 'lone surrogate', value: `${base.slice(0, 1)}\uD800` });
    if (s['x-text'] === 'line' || typeof s.format === 'string')
      out.push({ what: 'line break in a one-line field', value: `${base.slice(0, 1)}\n${base.slice(0, 1)}` });
    if (seed !== null) {
      // a random string over every code point, weighted to the odd ones
      const odd = fc.sample(
        fc.string({
          unit: fc.oneof(
            fc.constantFrom('\u0000', '\u0007', '\u202E', '\u2066', '\uFFFF', '\uDC00'),
            fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
          ),
          minLength: 1,
          maxLength: 8,
        }),
        { numRuns: 1, seed },
      )[0];
      if (odd !== undefined && textProblem(odd, 'multi') !== null)
        out.push({ what: 'random odd text', value: odd });
    }
  }
  if (Array.isArray(s.enum) && types.includes('string'))
    out.push({ what: 'not in enum', value: '__not_in_enum__' });
  if (Array.isArray(s.enum) && (types.includes('integer') || types.includes('number')))
    out.push({ what: 'not in enum', value: 987654 });
  if (types.includes('integer') || types.includes('number')) {
    if (typeof s.maximum === 'number') out.push({ what: 'above maximum', value: s.maximum + 1 });
    if (typeof s.minimum === 'number') out.push({ what: 'below minimum', value: s.minimum - 1 });
    if (types.includes('integer')) out.push({ what: 'not an integer', value: 1.5 });
  }
  if (types.includes('array') && typeof s.maxItems === 'number')
    out.push({
      what: 'too many items',
      value: Array.from({ length: s.maxItems + 1 }, () => sample(s.items)),
    });
  return out;
}

/** Invalid bodies for a body schema: each breaks one field of an otherwise valid sample. */
export function bodyVariants(schema: Schema, seed: number): Variant[] {
  const out: Variant[] = [];
  const types = typesOf(schema);
  if (!types.includes('array')) out.push({ field: '', what: 'an array body', value: [] });
  if (!types.includes('string')) out.push({ field: '', what: 'a string body', value: 'fuzz' });
  if (!types.includes('null') && types.includes('object'))
    out.push({ field: '', what: 'a null body', value: null });
  if (!isObj(schema.properties) && schema.additionalProperties !== false) return out;
  const base = (sample(schema) ?? {}) as Record<string, unknown>;
  const props = isObj(schema.properties) ? schema.properties : {};
  if (schema.additionalProperties === false)
    out.push({ field: '__fuzz', what: 'an unknown property', value: { ...base, __fuzz: 1 } });
  for (const k of Array.isArray(schema.required) ? (schema.required as string[]) : []) {
    const v = { ...base };
    delete v[k];
    out.push({ field: k, what: 'missing', value: v });
  }
  for (const [k, ps] of Object.entries(props)) {
    if (!isObj(ps)) continue;
    for (const b of badValues(ps, seed))
      out.push({ field: k, what: b.what, value: { ...base, [k]: b.value } });
    // one level down: objects inside the body, and the items of arrays of objects
    if (isObj(ps.properties)) {
      const inner = (sample(ps) ?? {}) as Record<string, unknown>;
      for (const [ik, is] of Object.entries(ps.properties))
        if (isObj(is))
          for (const b of badValues(is).slice(0, 2))
            out.push({
              field: `${k}.${ik}`,
              what: b.what,
              value: { ...base, [k]: { ...inner, [ik]: b.value } },
            });
    }
  }
  return out;
}

/** A body field that names a row elsewhere: a string or integer id, or a list of them. */
export interface RefField {
  field: string;
  schema: Schema;
  /** a list of ids (roleIds, toUserIds…) rather than one */
  list: boolean;
  type: 'string' | 'integer';
}

/** Fields named like ids that are not references to rows (client-made ids, device ids, WeChat ids). */
const NOT_REFERENCES = /^(socketId|clientMsgId|deviceId|openid)$/;

/**
 * The body's reference fields, from the schema alone: `id` / `…Id` holding a string or an integer,
 * and `…Ids` holding a list of them (roleIds, toUserIds, userIds…).
 */
export function referenceFields(schema: Schema): RefField[] {
  const props = isObj(schema.properties) ? schema.properties : {};
  const out: RefField[] = [];
  for (const [field, s] of Object.entries(props)) {
    if (!isObj(s) || NOT_REFERENCES.test(field) || s.enum !== undefined || s.const !== undefined) continue;
    const types = typesOf(s);
    const scalar = (t: Schema): 'string' | 'integer' | null => {
      const ts = typesOf(t);
      return ts.includes('string') ? 'string' : ts.includes('integer') ? 'integer' : null;
    };
    if (/(^id$|Id$)/.test(field)) {
      const type = scalar(s);
      if (type) out.push({ field, schema: s, list: false, type });
    } else if (
      /Ids$/.test(field) &&
      types.includes('array') &&
      isObj(s.items) &&
      s.items.enum === undefined
    ) {
      const type = scalar(s.items);
      if (type) out.push({ field, schema: s, list: true, type });
    }
  }
  return out;
}

/** A string id no row has (a v4 UUID, so it passes any id-shaped pattern). */
export const NOWHERE = '00000000-0000-4000-8000-00000000dead';

/** A value of a reference field that names no row, within the field's schema. */
export function missingReference(ref: RefField): unknown {
  const one = (s: Schema, type: 'string' | 'integer'): unknown => {
    if (type === 'string') return NOWHERE;
    return typeof s.maximum === 'number' ? s.maximum : 2_000_000_000;
  };
  if (!ref.list) return one(ref.schema, ref.type);
  return [one(isObj(ref.schema.items) ? ref.schema.items : {}, ref.type)];
}

/** A query string from a flat object (values as given; strings are percent-encoded). */
export function queryString(q: Record<string, unknown>): string {
  const parts = Object.entries(q)
    .filter(([, v]) => v !== undefined && v !== null)
    .map(
      ([k, v]) =>
        `${encodeURIComponent(k)}=${typeof v === 'string' ? encodeURIComponentLoose(v) : encodeURIComponentLoose(JSON.stringify(v))}`,
    );
  return parts.length ? `?${parts.join('&')}` : '';
}

/** encodeURIComponent, except that a lone surrogate becomes invalid UTF-8 rather than a throw. */
export function encodeURIComponentLoose(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return s
      .split('')
      .map((c) => (/[\uD800-\uDFFF]/.test(c) ? '%ED%A0%80' : encodeURIComponent(c)))
      .join('');
  }
}

/** The table a reference field most likely names (organizeId → organize, managerId → user…). */
const FIELD_ALIASES: Record<string, string> = {
  manager: 'user',
  creator: 'user',
  creatorUser: 'user',
  toUser: 'user',
  asset: 'map_asset',
  crew: 'map_crew',
  dictionaryType: 'dictionary_type',
  flow: 'flow_engine',
  model: 'visualdev_base',
  department: 'organize',
  company: 'organize',
};
export function tableForField(field: string, tables: readonly string[]): string | null {
  const stem = field.replace(/Ids?$/, '');
  const snake = (FIELD_ALIASES[stem] ?? stem).replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
  return tables.includes(snake) ? snake : null;
}

/**
 * The tables a route's path most likely names, best first (…/Base/DictionaryData/:id →
 * dictionary_data, …/Permission/Users/:id → user), then every other table: where the fuzz test
 * looks for a row a path parameter (or a parent) can name.
 */
export function tablesForUrl(url: string, tables: readonly string[]): string[] {
  const segments = url
    .split('/')
    .filter((x) => x && !x.startsWith(':'))
    .map((x) => x.toLowerCase().replace(/[^a-z0-9]/g, ''));
  const score = (t: string): number => {
    const name = t.replace(/_/g, '');
    let best = 0;
    for (const [i, seg] of segments.entries()) {
      const weight = i + 1; // later segments name the resource more precisely
      if (seg === name || seg === `${name}s`) best = Math.max(best, 100 + weight);
      else if (name.length >= 4 && (seg.includes(name) || name.includes(seg)) && seg.length >= 4)
        best = Math.max(best, 50 + weight);
    }
    return best;
  };
  return [...tables].sort((a, b) => score(b) - score(a) || (a < b ? -1 : 1));
}
