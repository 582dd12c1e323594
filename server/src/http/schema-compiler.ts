/**
 * How every route's schema is checked and compiled (installed with `app.setValidatorCompiler`).
 *
 * - Bodies are JSON: validated strictly. No type coercion (`true` is not "true", `null` is not 0),
 *   no silent removal of unknown properties (`additionalProperties: false` refuses them, naming them).
 * - Query strings and path parameters are all text: coerced to the declared types, as HTTP requires.
 * - Every string (body, query, params) passes the text rules of text-rules.ts; `x-text: 'line'`
 *   fields (and the name-like formats) must be one line.
 * - The habits of schema-habits.ts are checked when a route is compiled, so a route with an
 *   unbounded string, an unbounded array or a body object that does not say what else it accepts
 *   fails the server's start (and every test) instead of shipping.
 */
import Ajv, { type AnySchema, type ErrorObject, type Options, type ValidateFunction } from 'ajv';
import type { FastifySchemaCompiler } from 'fastify';
import { schemaHabitProblems } from './schema-habits';
import { textProblem, type TextKind } from './text-rules';
import { FORMATS, MSG_KEYWORD } from './validation';

export const TEXT_KEYWORD = 'x-text';
/** Marks a body schema as form-encoded text: validated with the query strings' coercion. */
export const FORM_KEYWORD = 'x-form';
/** Formats whose values are single-line names or codes. */
const LINE_FORMATS = new Set([
  'fullName',
  'account',
  'loginAccount',
  'enCode',
  'mobile',
  'email',
  'md5',
  'safeLink',
]);

type SchemaNode = Record<string, unknown>;

const isStringSchema = (s: SchemaNode): boolean =>
  s.type === 'string' || (Array.isArray(s.type) && s.type.includes('string'));

/** Property names that hold names, titles, codes, links and ids: one line unless a schema says otherwise. */
export const LINE_NAMES =
  /^(id|ids|.*Ids?|account|code|enCode|fullName|realName|name|.*Name|title|icon|linkTarget|quickQuery|urlAddress|prefix|suffix|signature|postalAddress)$/;

/**
 * A copy of `schema` in which every string node carries `x-text`: its own, else 'line' for the
 * name-like formats and property names (LINE_NAMES), else 'multi'. So the text rules run wherever a
 * string is accepted, and names, titles, codes and ids are one line.
 */
export function withTextRules(schema: unknown, key = ''): unknown {
  if (Array.isArray(schema)) return schema.map((s) => withTextRules(s, key));
  if (!schema || typeof schema !== 'object') return schema;
  const out: SchemaNode = {};
  for (const [k, v] of Object.entries(schema as SchemaNode)) {
    // enum / const / default / examples hold values, not schemas
    if (k === 'enum' || k === 'const' || k === 'default' || k === 'examples') out[k] = v;
    else if (k === 'properties' && v && typeof v === 'object')
      out[k] = Object.fromEntries(
        Object.entries(v as SchemaNode).map(([pk, pv]) => [pk, withTextRules(pv, pk)]),
      );
    // array items and combinators speak for the same property
    else
      out[k] = withTextRules(v, k === 'items' || k === 'oneOf' || k === 'anyOf' || k === 'allOf' ? key : '');
  }
  if (isStringSchema(out) && out[TEXT_KEYWORD] === undefined)
    out[TEXT_KEYWORD] =
      (typeof out.format === 'string' && LINE_FORMATS.has(out.format)) || LINE_NAMES.test(key)
        ? 'line'
        : ('multi' satisfies TextKind);
  return out;
}

function makeAjv(coerce: boolean): Ajv {
  const opts: Options = {
    coerceTypes: coerce ? 'array' : false,
    useDefaults: true,
    removeAdditional: false,
    allErrors: false,
    verbose: true,
    // unknown keywords are mistakes, except our annotations and OpenAPI's
    strict: false,
    formats: FORMATS,
  };
  const ajv = new Ajv(opts);
  ajv.addKeyword({ keyword: MSG_KEYWORD, schemaType: 'string' });
  ajv.addKeyword({ keyword: FORM_KEYWORD, schemaType: 'boolean' });
  ajv.addKeyword({
    keyword: TEXT_KEYWORD,
    schemaType: 'string',
    errors: true,
    validate: function textRule(kind: TextKind, data: unknown): boolean {
      if (typeof data !== 'string') return true;
      const problem = textProblem(data, kind);
      if (!problem) return true;
      (textRule as unknown as { errors: Partial<ErrorObject>[] }).errors = [
        { keyword: TEXT_KEYWORD, message: problem, params: { kind } },
      ];
      return false;
    },
  });
  return ajv;
}

export interface CompilerOptions {
  /** Throw on a schema that breaks a habit (the server); off only for schema-less experiments. */
  enforceHabits?: boolean;
}

/** The validator compiler: strict bodies, coerced query/params, text rules everywhere, habits enforced. */
export function createValidatorCompiler(opts: CompilerOptions = {}): FastifySchemaCompiler<AnySchema> {
  const enforce = opts.enforceHabits ?? true;
  const strict = makeAjv(false);
  const coercing = makeAjv(true);
  return ({ schema, method, url, httpPart }) => {
    if (enforce) {
      const problems = schemaHabitProblems(schema, httpPart ?? 'body');
      if (problems.length)
        throw new Error(`schema habits of ${method} ${url} ${httpPart ?? ''}:\n  ${problems.join('\n  ')}`);
    }
    // a form-encoded body is text like a query string (FeatureServer's POST query)
    const form = (schema as { [FORM_KEYWORD]?: boolean })[FORM_KEYWORD] === true;
    const ajv = httpPart === 'body' && !form ? strict : coercing;
    const validate: ValidateFunction = ajv.compile(withTextRules(schema) as AnySchema);
    return validate;
  };
}
