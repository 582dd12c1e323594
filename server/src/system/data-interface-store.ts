/** Data interfaces as their administration lists, reads and deletes them (saves go through save-routes.ts). */
import type { Db } from '../database';
import { paged, type PageQuery } from '../db/paging';
import { contains } from '../db/search';
import { notFound } from '../http/envelope';

const COLS = [
  'id',
  'fullName',
  'enCode',
  'dataType',
  'query',
  'path',
  'requestMethod',
  'requestParameters',
  'description',
  'sortCode',
  'enabledMark',
  'createdAt',
] as const;

/** A data interface by id, or 404. */
export async function loadDataInterface(db: Db, id: string) {
  const r = await db.selectFrom('data_interface').select(COLS).where('id', '=', id).executeTakeFirst();
  if (!r) throw notFound('数据接口不存在');
  return r;
}

/** One page of data interfaces in sort order, of one type, searched by name and code. */
export async function pageDataInterfaces(db: Db, q: PageQuery & { keyword?: string; dataType?: number }) {
  let base = db.selectFrom('data_interface');
  if (q.keyword) {
    const kw = q.keyword;
    base = base.where((eb) => eb.or([contains('fullName', kw), contains('enCode', kw)]));
  }
  if (q.dataType) base = base.where('dataType', '=', q.dataType);
  return paged(base, q, (b) => b.select(COLS).orderBy('sortCode').orderBy('id'));
}

/** The enabled data interfaces, briefly, in sort order. */
export async function enabledDataInterfaces(db: Db) {
  return db
    .selectFrom('data_interface')
    .select(['id', 'fullName', 'enCode', 'dataType'])
    .where('enabledMark', '=', 1)
    .orderBy('sortCode')
    .orderBy('id')
    .execute();
}

export async function deleteDataInterface(db: Db, id: string): Promise<void> {
  await db.deleteFrom('data_interface').where('id', '=', id).execute();
}
