/**
 * Running a data interface (effects), for its own Response call and for the forms whose options come
 * from one (the low-code server checks a submitted choice against the interface's answer): SQL
 * interfaces run one parameterised, read-only SELECT in a rolled-back, read-only transaction; HTTP
 * interfaces call a URL whose host is on the allow-list (config DATA_INTERFACE_HOSTS).
 */
import { sql, type RawBuilder } from 'kysely';
import type { AppContext } from '../context';
import { badRequest } from '../http/envelope';
import { URL_NOT_ALLOWED, splitParameters, sqlProblem, urlAllowed } from './data-interface-rules';

const MAX_ROWS = 500;
const HTTP_TIMEOUT_MS = 10_000;

export interface Param {
  field: string;
  defaultValue?: string;
}

/** The stored parameter list (JSON text) → parameters; [] when unreadable. */
export const parseParams = (s: string): Param[] => {
  try {
    const v: unknown = JSON.parse(s);
    return Array.isArray(v) ? (v as Param[]) : [];
  } catch {
    return [];
  }
};

export interface InterfaceRow {
  dataType: number;
  query: string;
  path: string;
  requestMethod: string;
  /** JSON text of `Param[]` */
  requestParameters: string;
}

type Ctx = Pick<AppContext, 'db' | 'dialect' | 'config'>;

/** A path starting with '/' is this server itself (no token is forwarded). */
export function interfaceTarget(ctx: Pick<AppContext, 'config'>, path: string): string {
  return path.startsWith('/') && !path.startsWith('//') ? `http://127.0.0.1:${ctx.config.port}${path}` : path;
}

/** Runs the SQL read-only: a transaction that is always rolled back, read-only on both back ends. */
async function runSql(
  ctx: Ctx,
  text: string,
  values: Record<string, string>,
): Promise<{ list: unknown[]; total: number }> {
  const problem = sqlProblem(text);
  if (problem) throw badRequest(`query: ${problem}`);
  const parts: RawBuilder<unknown>[] = splitParameters(text).map((p) =>
    'text' in p ? sql.raw(p.text) : sql`${values[p.param] ?? null}`,
  );
  const query = sql<
    Record<string, unknown>
  >`select * from (${sql.join(parts, sql.raw(''))}) as q limit ${MAX_ROWS + 1}`;
  const ROLLBACK = new Error('rollback');
  let rows: Record<string, unknown>[] = [];
  try {
    await ctx.db.transaction().execute(async (trx) => {
      if (ctx.dialect === 'postgres') await sql`set transaction read only`.execute(trx);
      else await sql`pragma query_only = 1`.execute(trx);
      try {
        rows = (await query.execute(trx)).rows;
      } finally {
        if (ctx.dialect === 'sqlite') await sql`pragma query_only = 0`.execute(trx);
      }
      throw ROLLBACK;
    });
  } catch (e) {
    if (e !== ROLLBACK) throw badRequest(`query: ${e instanceof Error ? e.message : String(e)}`);
  }
  const list = rows
    .slice(0, MAX_ROWS)
    .map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => !/password/i.test(k))));
  return { list, total: list.length };
}

/**
 * The interface's answer for `query` (the stored parameters' defaults, overridden by the query's
 * values): SQL → `{ list, total }`; HTTP → `{ status, data }` (JSON when the answer is JSON).
 */
export async function runDataInterface(
  ctx: Ctx,
  r: InterfaceRow,
  query: Readonly<Record<string, string>> = {},
): Promise<unknown> {
  const values: Record<string, string> = {};
  for (const p of parseParams(r.requestParameters)) values[p.field] = query[p.field] ?? p.defaultValue ?? '';
  for (const [k, v] of Object.entries(query)) if (k !== 'n') values[k] = v;
  if (r.dataType === 1) return runSql(ctx, r.query, values);
  const url = new URL(interfaceTarget(ctx, r.path));
  if (!urlAllowed(url.href, ctx.config.dataInterfaceHosts)) throw badRequest(`path: ${URL_NOT_ALLOWED}`);
  const init: RequestInit = {
    method: r.requestMethod,
    signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
    redirect: 'manual',
  };
  if (r.requestMethod === 'GET') for (const [k, v] of Object.entries(values)) url.searchParams.set(k, v);
  else {
    init.body = JSON.stringify(values);
    init.headers = { 'content-type': 'application/json' };
  }
  let res: Response;
  try {
    res = await fetch(url, init);
  } catch (e) {
    throw badRequest(`path: 请求失败 ${e instanceof Error ? e.message : String(e)}`);
  }
  const text = (await res.text()).slice(0, 1_000_000);
  let data: unknown = text;
  try {
    data = JSON.parse(text);
  } catch {
    /* not JSON: answered as text */
  }
  return { status: res.status, data };
}
