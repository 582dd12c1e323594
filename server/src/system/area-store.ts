/** Administrative areas (the area tree) in and out of the database. */
import type { Db } from '../database';
import { contains } from '../db/search';
import { notFound } from '../http/envelope';

const AREA_COLS = [
  'id',
  'parentId',
  'fullName',
  'enCode',
  'type',
  'sortCode',
  'enabledMark',
  'createdAt',
] as const;

/** Which of these areas have children. */
export async function areasWithChildren(db: Db, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set<string>();
  return new Set(
    (
      await db
        .selectFrom('area')
        .select('parentId')
        .where('parentId', 'in', ids)
        .groupBy('parentId')
        .execute()
    ).map((r) => r.parentId),
  );
}

/** An area by id, or 404. */
export async function loadArea(db: Db, id: string) {
  const a = await db.selectFrom('area').select(AREA_COLS).where('id', '=', id).executeTakeFirst();
  if (!a) throw notFound('区划不存在');
  return a;
}

/** The enabled children of an area, in sort order. */
export async function enabledChildAreas(db: Db, parentId: string) {
  return db
    .selectFrom('area')
    .select(AREA_COLS)
    .where('parentId', '=', parentId)
    .where('enabledMark', '=', 1)
    .orderBy('sortCode')
    .orderBy('id')
    .execute();
}

/** The children of an area, or (with a keyword) areas anywhere matching it by name or code; at most 2000. */
export async function childAreas(db: Db, parentId: string, keyword: string | undefined) {
  let q = db.selectFrom('area').select(AREA_COLS);
  if (keyword) {
    const kw = keyword;
    q = q.where((eb) => eb.or([contains('fullName', kw), contains('enCode', kw)]));
  } else q = q.where('parentId', '=', parentId);
  return q.orderBy('sortCode').orderBy('id').limit(2000).execute();
}

/** Every area's place in the tree. */
export async function areaPlaces(db: Db) {
  return db.selectFrom('area').select(['id', 'parentId']).execute();
}

export async function deleteArea(db: Db, id: string): Promise<void> {
  await db.deleteFrom('area').where('id', '=', id).execute();
}
