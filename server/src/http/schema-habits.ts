/**
 * The habits every route schema keeps, checked when the route is compiled (schema-compiler.ts) and
 * listed by the route-table test. Pure.
 *
 * - every string is bounded: `maxLength`, or an `enum` / `const`, or a fixed-length format (md5);
 * - every array is bounded: `maxItems`;
 * - in a body, every object says what else it accepts: `additionalProperties` (false, or a schema
 *   that is itself bounded), so an unknown property is refused by name instead of dropped.
 */

type Node = Record<string, unknown>;

const FIXED_FORMATS = new Set(['md5']);

const typesOf = (s: Node): string[] =>
  Array.isArray(s.type) ? (s.type as string[]) : typeof s.type === 'string' ? [s.type] : [];

const isObj = (v: unknown): v is Node => !!v && typeof v === 'object' && !Array.isArray(v);

/** Problems of `schema` as the `part` of a request ('body', 'querystring', 'params', 'headers'). */
export function schemaHabitProblems(schema: unknown, part: string): string[] {
  const problems: string[] = [];
  const walk = (s: unknown, path: string): void => {
    if (!isObj(s)) return;
    const types = typesOf(s);
    const bounded = s.enum !== undefined || s.const !== undefined;
    if (types.includes('string') && !bounded && typeof s.maxLength !== 'number') {
      if (!(typeof s.format === 'string' && FIXED_FORMATS.has(s.format)))
        problems.push(`${path}: a string needs maxLength (or enum)`);
    }
    if (types.includes('array') && typeof s.maxItems !== 'number')
      problems.push(`${path}: an array needs maxItems`);
    const isObject = types.includes('object') || isObj(s.properties);
    if (part === 'body' && isObject && s.additionalProperties === undefined && !s.oneOf && !s.anyOf)
      problems.push(`${path}: an object in a body needs additionalProperties (false or a schema)`);
    if (isObj(s.properties))
      for (const [k, v] of Object.entries(s.properties)) walk(v, path ? `${path}.${k}` : k);
    if (isObj(s.additionalProperties)) walk(s.additionalProperties, `${path || part}.*`);
    if (isObj(s.patternProperties))
      for (const v of Object.values(s.patternProperties)) walk(v, `${path || part}.*`);
    if (s.items !== undefined)
      for (const it of Array.isArray(s.items) ? s.items : [s.items]) walk(it, `${path || part}[]`);
    for (const k of ['oneOf', 'anyOf', 'allOf'] as const)
      if (Array.isArray(s[k])) for (const sub of s[k] as unknown[]) walk(sub, path || part);
  };
  walk(schema, '');
  return problems.map((p) => (p.startsWith(':') ? `${part}${p}` : p));
}
