/**
 * Every answer checked against its route's response schema (when config.checkResponses is on: the
 * server tests turn it on, npm start does not). An object schema that does not say what else it
 * holds is closed here, so an answer carrying a field its schema does not name fails as loudly as
 * one missing a field. A failure is a 500 naming the route and the path of the first difference.
 */
import Ajv, { type ValidateFunction } from 'ajv';
import type { FastifyReply, FastifyRequest } from 'fastify';

type Node = Record<string, unknown>;

/** A copy of `schema` in which every object schema without `additionalProperties` is closed. */
export function closed(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closed);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Node = {};
  for (const [k, v] of Object.entries(schema as Node)) {
    if (k === 'enum' || k === 'const' || k === 'default' || k === 'examples') out[k] = v;
    else if (k === 'properties' && v && typeof v === 'object')
      out[k] = Object.fromEntries(Object.entries(v as Node).map(([pk, pv]) => [pk, closed(pv)]));
    else out[k] = closed(v);
  }
  if (out.properties && !('additionalProperties' in out)) out.additionalProperties = false;
  return out;
}

export class ResponseCheck {
  private readonly ajv = new Ajv({ allErrors: false, strict: false, validateFormats: false });
  private readonly compiled = new WeakMap<object, ValidateFunction>();
  /** Routes answered without a declared schema (read by the coverage test). */
  readonly undeclared = new Set<string>();

  /** Why `payload` does not fit the route's 200 schema, or null. */
  problem(req: FastifyRequest, status: number, payload: unknown): string | null {
    if (status !== 200) return null;
    const response = (req.routeOptions.schema as { response?: Record<string, unknown> } | undefined)
      ?.response;
    const schema = response?.['200'] ?? response?.[200];
    if (!schema || typeof schema !== 'object') {
      this.undeclared.add(`${req.method} ${req.routeOptions.url ?? ''}`);
      return null;
    }
    let validate = this.compiled.get(schema);
    if (!validate) {
      validate = this.ajv.compile(closed(schema) as object);
      this.compiled.set(schema, validate);
    }
    if (validate(JSON.parse(JSON.stringify(payload)))) return null;
    const e = validate.errors?.[0];
    const extra = (e?.params as { additionalProperty?: string } | undefined)?.additionalProperty;
    return `${e?.instancePath || '/'} ${e?.message ?? 'does not fit'}${extra ? ` (${extra})` : ''}`;
  }
}

/** The preSerialization hook: a misfit answer becomes a 500 that names the route and the path. */
export function responseCheckHook(check: ResponseCheck) {
  return async (req: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> => {
    if (!req.url.startsWith('/api/')) return payload;
    const problem = check.problem(req, reply.statusCode, payload);
    if (!problem) return payload;
    req.log.error({ url: req.url, problem }, 'answer does not fit its response schema');
    reply.code(500);
    return {
      code: 500,
      msg: `response schema: ${req.method} ${req.routeOptions.url ?? req.url}: ${problem}`,
      data: null,
    };
  };
}
