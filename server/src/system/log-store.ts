/** The system log as its administration page reads and clears it (rows are written by SystemLog). */
import type { Db } from '../database';
import { paged, type PageQuery } from '../db/paging';
import { contains } from '../db/search';
import { notFound } from '../http/envelope';
import { LogCategory } from './system-log';

/** What a log line says about its request, in the order both log lists answer it. */
const REQUEST_COLUMNS = [
  'ipAddress',
  'ipAddressName',
  'requestUrl',
  'requestMethod',
  'duration',
  'abstracts',
] as const;

export interface LogFilter extends PageQuery {
  category: number;
  startTime?: number;
  endTime?: number;
  keyword?: string;
}

/**
 * One page of a category's log, newest first. Errors (category 4) are one row per distinct error:
 * listed and filtered by when last seen; the others by when written.
 */
export async function pageLog(db: Db, q: LogFilter) {
  const time = q.category === LogCategory.ERROR ? 'lastSeen' : 'createdAt';
  let base = db.selectFrom('system_log').where('category', '=', q.category);
  if (q.startTime !== undefined) base = base.where(time, '>=', q.startTime);
  if (q.endTime !== undefined) base = base.where(time, '<=', q.endTime);
  if (q.keyword) {
    const kw = q.keyword;
    base = base.where((eb) =>
      eb.or([
        contains('userName', kw),
        contains('ipAddress', kw),
        contains('requestUrl', kw),
        contains('abstracts', kw),
      ]),
    );
  }
  return paged(base, q, (b) =>
    b
      .select([
        'id',
        'category',
        'userId',
        'userName',
        ...REQUEST_COLUMNS,
        'createdAt',
        'count',
        'lastSeen',
        'json',
      ])
      .orderBy(time, 'desc')
      .orderBy('id', 'desc'),
  );
}

/** A log row by id, or 404. */
export async function loadLogRow(db: Db, id: string) {
  const r = await db.selectFrom('system_log').selectAll().where('id', '=', id).executeTakeFirst();
  if (!r) throw notFound('日志不存在');
  return r;
}

/** Deletes a category's rows (those written before `before` when given); how many went. */
export async function clearLog(db: Db, category: number, before: number | undefined): Promise<number> {
  let q = db.deleteFrom('system_log').where('category', '=', category);
  if (before !== undefined) q = q.where('createdAt', '<', before);
  const r = await q.executeTakeFirst();
  return Number(r.numDeletedRows);
}

/**
 * One page of a user's own log (the profile's 系统日志), newest first, of one category or all, searched
 * in the summary and the URL.
 */
export async function pageOwnLog(
  db: Db,
  userId: string,
  q: PageQuery & { category?: number; startTime?: number; endTime?: number; keyword?: string },
) {
  let base = db.selectFrom('system_log').where('userId', '=', userId);
  if (q.category !== undefined) base = base.where('category', '=', q.category);
  if (q.startTime !== undefined) base = base.where('createdAt', '>=', q.startTime);
  if (q.endTime !== undefined) base = base.where('createdAt', '<=', q.endTime);
  if (q.keyword) {
    const kw = q.keyword;
    base = base.where((eb) => eb.or([contains('abstracts', kw), contains('requestUrl', kw)]));
  }
  return paged(base, q, (b) =>
    b
      .select(['id', 'category', ...REQUEST_COLUMNS, 'userName', 'createdAt'])
      .orderBy('createdAt', 'desc')
      .orderBy('id'),
  );
}

/** Deletes the rows picked by id (the JNPF 3.x log page's selection); how many went. */
export async function deleteLogRows(db: Db, ids: readonly string[]): Promise<number> {
  if (!ids.length) return 0;
  const r = await db.deleteFrom('system_log').where('id', 'in', ids).executeTakeFirst();
  return Number(r.numDeletedRows);
}
