/**
 * Response schemas: what a route answers, declared beside what it accepts (`schema.response[200]`).
 * The API description carries them, the console's API types are generated from that description
 * (shared/src/api/schema.gen.ts), and every server test checks each answer against its route's
 * schema (http/response-check.ts), so the three cannot drift. Serialisation stays JSON.stringify:
 * a schema never silently drops a field from an answer.
 *
 * The builders keep literal types (json-schema-to-ts reads them), and an object is closed unless it
 * says otherwise: a field an answer carries and its schema does not name fails the check.
 */

export const str = { type: 'string' } as const;
export const int = { type: 'integer' } as const;
export const num = { type: 'number' } as const;
export const bool = { type: 'boolean' } as const;
/** 0 or 1: JNPF's flags (enabledMark, isTree…). */
export const flag = { type: 'integer', enum: [0, 1] } as const;
export const strOrNull = { type: ['string', 'null'] } as const;
export const intOrNull = { type: ['integer', 'null'] } as const;
export const numOrNull = { type: ['number', 'null'] } as const;
/** Any JSON value: a designer's JSON, a record's data, a data interface's answer. */
export const anyJson = {} as const;
/** An object whose keys the answer chooses (a record's fields, a dictionary of counts). */
export const mapOf = <const V>(values: V) => ({ type: 'object', additionalProperties: values }) as const;

/** A closed object: every property named, the required ones listed. */
export const obj = <const P extends Record<string, unknown>, const R extends readonly (keyof P & string)[]>(
  properties: P,
  required: R,
) => ({ type: 'object', additionalProperties: false, properties, required }) as const;

/** A closed object whose properties are all required. */
export const record = <const P extends Record<string, unknown>>(properties: P) =>
  ({
    type: 'object',
    additionalProperties: false,
    properties,
    required: Object.keys(properties) as Array<keyof P & string>,
  }) as const;

export const arr = <const I>(items: I) => ({ type: 'array', items }) as const;
export const orNull = <const S>(schema: S) => ({ anyOf: [schema, { type: 'null' }] }) as const;

/** The envelope `{code, msg, data}` around `data`. */
export const envelope = <const D>(data: D) =>
  ({
    type: 'object',
    additionalProperties: false,
    required: ['code', 'msg', 'data'],
    properties: { code: int, msg: str, data },
  }) as const;

export const PAGINATION = record({ currentPage: int, pageSize: int, total: int });

/** A page of a list: `data.list` and `data.pagination`. */
export const paged = <const I>(item: I) => envelope(record({ list: arr(item), pagination: PAGINATION }));

/** An answer with nothing in `data` (null). */
export const NOTHING = envelope({ type: 'null' });

/** `schema.response` of a route answering `data` with HTTP 200. */
export const answers = <const S>(schema: S) => ({ 200: schema }) as const;

/** `schema.response` of a route that answers by sending the browser elsewhere (302, no body). */
export const redirects = (description: string) => ({ 302: { description, type: 'null' } }) as const;

/**
 * A node of a tree (kernel buildTree, auth's menu tree): its properties (all required unless
 * `required` names them), `hasChildren` and its `children`, described four levels deep. A schema
 * without references cannot name itself, so below the fourth level the children are any JSON: the
 * check does not follow them there, and the console's trees (company → department → department →
 * person) are no deeper. The console's types make the tree whole again (ApiTree in shared/api).
 */
export const tree = <
  const P extends Record<string, unknown>,
  const R extends readonly (keyof P & string)[] = Array<keyof P & string>,
>(
  properties: P,
  required?: R,
) => {
  const names = [
    ...(required ?? (Object.keys(properties) as Array<keyof P & string>)),
    'hasChildren',
    'children',
  ];
  const level = <const C>(children: C) =>
    ({
      type: 'object',
      additionalProperties: false,
      properties: { ...properties, hasChildren: bool, children: arr(children) },
      required: names as Array<R[number] | 'hasChildren' | 'children'>,
    }) as const;
  return level(level(level(level(anyJson))));
};

/**
 * A route answering a file (a PDF, a spreadsheet, an image, a zip), not JSON: its media type, which
 * is what the API description can say of it (platform/api-docs.ts lists it as that content). The
 * bytes have no JSON schema, so the handler's type is not narrowed; the response check never sees a
 * file (it checks the JSON a handler answers), so nothing is checked against it.
 */
export const fileAnswer = <const T extends string>(mediaType: T, description: string) =>
  ({
    content: { [mediaType]: { schema: { description } } } as Record<T, { schema: { description: string } }>,
  }) as const;
