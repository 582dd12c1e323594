/**
 * Paths for a route from the route table: its parameters filled from their schemas (a sample), or
 * with rows that exist (so a call reaches past the path's row: the fuzz test's references, the
 * permission sweep's detail answers).
 */
import type { RouteInfo } from '../../src/http/route-table';
import type { TableRows } from './digest';
import { sample, tablesForUrl, type Schema } from './inputs';

const isObj = (v: unknown): v is Schema => !!v && typeof v === 'object' && !Array.isArray(v);
export const propsOf = (s: unknown): Record<string, Schema> =>
  isObj(s) && isObj(s.properties) ? (s.properties as Record<string, Schema>) : {};

export const paramNames = (r: RouteInfo): string[] => [...r.url.matchAll(/:(\w+)/g)].map((m) => m[1] ?? '');

export function pathWith(r: RouteInfo, params: Record<string, string>): string {
  return r.url.replace(/:(\w+)/g, (_m, name: string) => params[name] ?? 'x');
}

/** Each path parameter as its schema's sample (percent-encoded). */
export function sampleParams(r: RouteInfo): Record<string, string> {
  const paramSchemas = propsOf(r.schema.params);
  const out: Record<string, string> = {};
  for (const name of paramNames(r)) {
    const v = sample(paramSchemas[name] ?? { type: 'string', maxLength: 64 });
    out[name] = encodeURIComponent(String(v ?? 'x'));
  }
  return out;
}

/**
 * Values for the route's path parameters that name real rows: every row read of the three tables
 * the path most likely names (a company among departments, a notice among workflow messages),
 * then the first rows of every other table. A parameter with a fixed set of values (an enum) keeps
 * its sample.
 */
export function* pathCandidates(
  r: RouteInfo,
  rows: Map<string, TableRows>,
): Generator<Record<string, string>> {
  const schemas = propsOf(r.schema.params);
  const fixed = sampleParams(r);
  const names = paramNames(r).filter(
    (n) => schemas[n]?.enum === undefined && schemas[n]?.const === undefined,
  );
  for (const [i, t] of tablesForUrl(r.url, [...rows.keys()]).entries())
    for (const id of (rows.get(t)?.ids ?? []).slice(0, i < 3 ? undefined : 2)) {
      const fits = names.every((n) => {
        const ts = schemas[n]?.type;
        return ts === 'integer' || ts === 'number' ? typeof id === 'number' : typeof id === 'string';
      });
      if (fits)
        yield { ...fixed, ...Object.fromEntries(names.map((n) => [n, encodeURIComponent(String(id))])) };
    }
}
