/**
 * Reference checks: every id a body carries names a row that exists, or the request is refused with
 * 400 naming the field ("assetId: 资产不存在"), before anything is written. A reference in the BODY
 * that names nothing is bad input, never a 404: a 404 says the resource in the PATH does not exist.
 * The database's own foreign keys are the last line, not the message a user sees. An optional
 * reference given as '' or null means "none" and is stored as null, never as ''.
 *
 * Every domain checks its body references here: `assertRefs` for existence (first, all of a body's
 * references), `missingRef` / `requireRef` where the handler reads the row anyway.
 */
import { ApiError, badRequest } from '../http/envelope';
import type { Database, Db } from '../database';

/** '' and undefined (an emptied select) mean no reference: stored as null. */
export const refId = (v: string | null | undefined): string | null =>
  v === '' || v === undefined ? null : v;

type Id = string | number;

export interface Ref {
  /** the body's field, as the message names it */
  field: string;
  table: keyof Database & string;
  /** one id ('' / null / undefined: none) … */
  id?: Id | null;
  /** … or a list of them (roleIds, toUserIds…) */
  ids?: readonly Id[];
  /** what the id names, for the message ('岗位' → '岗位不存在') */
  what?: string;
  /** the id column when it is not `id` (map assets: `objectid`) */
  column?: string;
  /** what the row must also be, column by column (a role of category 'role', an enabled user…) */
  where?: Readonly<Record<string, string | number>>;
  /** the message when `where` makes "不存在" too narrow ('用户不存在或已禁用') */
  problem?: string;
}

/** The refusal for a body reference that names nothing: 400 naming the field. */
export function missingRef(field: string, what = '引用的数据', id?: Id, problem?: string): ApiError {
  return badRequest(`${field}: ${problem ?? `${what}不存在`}${id === undefined ? '' : ` (${String(id)})`}`);
}

/** The row a body reference named, or the 400 naming the field when there is none. */
export function requireRef<T>(row: T | null | undefined, field: string, what?: string): T {
  if (row === null || row === undefined) throw missingRef(field, what);
  return row;
}

async function existing(db: Db, r: Ref, ids: readonly Id[]): Promise<Set<string>> {
  const column = r.column ?? 'id';
  // kysely cannot type a table chosen at run time; every table has the column named
  let q = db
    .selectFrom(r.table as 'user')
    .select(column as 'id')
    .where(column as 'id', 'in', [...new Set(ids)] as string[]);
  for (const [c, v] of Object.entries(r.where ?? {})) q = q.where(c as 'id', '=', v as string);
  const rows = (await q.execute()) as Array<Record<string, unknown>>;
  return new Set(rows.map((x) => String(x[column])));
}

/**
 * Refuses the first reference (in the order given) whose row does not exist, naming its field; a
 * list names its first missing id.
 */
export async function assertRefs(db: Db, refs: readonly Ref[]): Promise<void> {
  for (const r of refs) {
    const ids = r.ids ?? (r.id === '' || r.id === null || r.id === undefined ? [] : [r.id]);
    if (!ids.length) continue;
    const found = await existing(db, r, ids);
    const missing = ids.find((id) => !found.has(String(id)));
    if (missing !== undefined) throw missingRef(r.field, r.what, r.ids ? missing : undefined, r.problem);
  }
}
