/** A model's records and their keys as the pickers and the published lists read and delete them. */
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db, Dialect } from '../database';
import { notFound } from '../http/envelope';
import { paged, type PageQuery } from '../db/paging';
import { jsonContains } from './json-column';
import { filteredKeys, orderedKeys, type ListContext, type ListRequest } from './list-query';

/** One page of a model's records, newest first, whose value of one of `keys` contains the keyword (when given). */
export async function pageRecordsMatching(
  db: Db,
  dialect: Dialect,
  modelId: string,
  keys: string[],
  q: PageQuery & { keyword?: string },
  /** the caller's data permissions on the model (a condition on its list keys, scope.ts) */
  scope: Expression<SqlBool> | null = null,
) {
  let base = db.selectFrom('lowcode_record').where('modelId', '=', modelId);
  if (scope)
    base = base.where((eb) =>
      eb.exists(
        eb
          .selectFrom('lowcode_record_key')
          .select('lowcode_record_key.recordId')
          .whereRef('lowcode_record_key.recordId', '=', 'lowcode_record.id')
          .where(scope),
      ),
    );
  const keyword = q.keyword;
  if (keyword) base = base.where((eb) => eb.or(keys.map((k) => jsonContains(dialect, k, keyword))));
  return paged(base, q, (b) =>
    b.select(['id', 'modelId', 'version', 'data']).orderBy('createdAt', 'desc').orderBy('id'),
  );
}

/** Some records' documents (by id, in no order). */
export async function recordsByIds(db: Db, ids: readonly string[]) {
  return db
    .selectFrom('lowcode_record')
    .select(['id', 'modelId', 'version', 'data', 'createdAt'])
    .where('id', 'in', [...ids])
    .execute();
}

/** How many records a list's filters keep. */
export async function keyCount(db: Db, scope: { lc: ListContext; request: ListRequest }): Promise<number> {
  const counted = await filteredKeys(db.selectFrom('lowcode_record_key'), scope.lc, scope.request)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirst();
  return Number(counted?.n ?? 0);
}

/** The ids of the records a list's filters keep, in the list's order, `limit` of them from `offset`. */
export async function keyIds(
  db: Db,
  scope: { lc: ListContext; request: ListRequest },
  limit: number,
  offset: number,
): Promise<string[]> {
  const base = filteredKeys(db.selectFrom('lowcode_record_key'), scope.lc, scope.request);
  const rows = await orderedKeys(base, scope.lc, scope.request)
    .select('lowcode_record_key.recordId')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((r) => r.recordId);
}

/** The page of a list's filtered, ordered keys: record ids and the total. */
export async function keyPage(
  db: Db,
  scope: { lc: ListContext; request: ListRequest },
  page: { currentPage: number; pageSize: number },
): Promise<{ ids: string[]; total: number }> {
  const total = await keyCount(db, scope);
  const ids = await keyIds(db, scope, page.pageSize, (page.currentPage - 1) * page.pageSize);
  return { ids, total };
}

/** Each record's key in one slot (the group field's), by record id; null when it has none. */
export async function slotKeysOf(
  db: Db,
  slot: string,
  ids: string[],
): Promise<Map<string, string | number | null>> {
  const col = sql.ref(`lowcode_record_key.${slot}`);
  const keyRows = await db
    .selectFrom('lowcode_record_key')
    .select(['recordId', sql<string | number | null>`${col}`.as('k')])
    .where('recordId', 'in', ids)
    .execute();
  return new Map(keyRows.map((r) => [r.recordId, r.k ?? null]));
}

/** How many of a list's filtered records have each of these keys in one slot (null: no key). */
export async function slotKeyCounts(
  db: Db,
  scope: { lc: ListContext; request: ListRequest },
  slot: string,
  keys: ReadonlyArray<string | number | null>,
): Promise<Map<string | number | null, number>> {
  const col = sql.ref(`lowcode_record_key.${slot}`);
  const present = keys.filter((k): k is string | number => k !== null);
  const counts = await filteredKeys(db.selectFrom('lowcode_record_key'), scope.lc, scope.request)
    .select([sql<string | number | null>`${col}`.as('k'), (eb) => eb.fn.countAll<number | string>().as('n')])
    .where((eb) =>
      eb.or([
        ...(present.length ? [sql<SqlBool>`${col} in (${sql.join(present)})`] : []),
        ...(keys.includes(null) ? [sql<SqlBool>`${col} is null`] : []),
      ]),
    )
    .groupBy(col)
    .execute();
  return new Map(counts.map((c) => [c.k ?? null, Number(c.n)]));
}

/** Deletes some of a model's records (ids of other models' records are left alone); how many went. */
export async function deleteRecords(db: Db, modelId: string, ids: string[]): Promise<number> {
  const res = await db
    .deleteFrom('lowcode_record')
    .where('modelId', '=', modelId)
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}

/**
 * Of `ids`, those of the model's records inside `scope` (a condition on their list keys, scope.ts);
 * every id when nothing restricts the caller.
 */
export async function recordsInScope(
  db: Db,
  modelId: string,
  ids: readonly string[],
  scope: Expression<SqlBool> | undefined,
): Promise<string[]> {
  if (!scope || ids.length === 0) return [...ids];
  const rows = await db
    .selectFrom('lowcode_record_key')
    .select('lowcode_record_key.recordId')
    .where('lowcode_record_key.modelId', '=', modelId)
    .where('lowcode_record_key.recordId', 'in', [...ids])
    .where(scope)
    .execute();
  return rows.map((r) => r.recordId);
}

/** A model's record by id, or 404. */
export async function loadRecordRow(db: Db, modelId: string, id: string) {
  const rec = await db
    .selectFrom('lowcode_record')
    .selectAll()
    .where('modelId', '=', modelId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!rec) throw notFound('记录不存在');
  return rec;
}

/** Rewrites a record's document and who changed it. */
export async function updateRecordData(
  db: Db,
  id: string,
  data: string,
  userId: string,
  now: number,
): Promise<void> {
  await db
    .updateTable('lowcode_record')
    .set({ data, updatedBy: userId, updatedAt: now })
    .where('id', '=', id)
    .execute();
}

export async function deleteRecord(db: Db, id: string): Promise<void> {
  await db.deleteFrom('lowcode_record').where('id', '=', id).execute();
}
