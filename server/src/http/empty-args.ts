/**
 * An optional argument sent empty is absent. Clients send every field of their form, filled or not:
 * GeoReport v2 clients (`status=&start_date=`), the JNPF 3.x client after 重置 (`startTime=`). An
 * argument with no value is not a filter, so it is dropped before the schema reads it.
 */
import type { FastifyRequest } from 'fastify';

/** The arguments as given, an empty (or blank) one absent. */
export function withoutEmpty<T extends Record<string, unknown>>(args: T): T {
  return Object.fromEntries(
    Object.entries(args).filter(([, v]) => !(v === '' || (typeof v === 'string' && v.trim() === ''))),
  ) as T;
}

/** A route hook (preValidation): the query's and a form body's empty arguments are absent. */
export async function emptyArgsAreAbsent(req: FastifyRequest): Promise<void> {
  if (req.query && typeof req.query === 'object')
    req.query = withoutEmpty(req.query as Record<string, unknown>);
  if (req.body && typeof req.body === 'object' && !Array.isArray(req.body))
    req.body = withoutEmpty(req.body as Record<string, unknown>);
}
