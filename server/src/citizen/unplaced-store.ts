/** Open311 requests kept as given until staff place them (migration 0025): their queries. */
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../database';
import type { Tx } from '../map';
import type { CitizenReportUnplacedTable } from './schema';

export type UnplacedRow = Selectable<CitizenReportUnplacedTable>;

/** The map's road names with their districts, one row per name and district. */
export async function roadNames(db: Db) {
  return db.selectFrom('map_road').select(['name', 'district']).distinct().execute();
}

export async function insertUnplaced(trx: Tx, row: Insertable<CitizenReportUnplacedTable>): Promise<void> {
  await trx.insertInto('citizen_report_unplaced').values(row).execute();
}

export async function unplacedById(db: Tx, id: string): Promise<UnplacedRow | undefined> {
  return db.selectFrom('citizen_report_unplaced').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function unplacedByRef(db: Db, refNo: string): Promise<UnplacedRow | undefined> {
  return db.selectFrom('citizen_report_unplaced').selectAll().where('refNo', '=', refNo).executeTakeFirst();
}

/** As reportsMatching (report-store.ts): by reference numbers, or else made from `start` to `end`. */
export async function unplacedMatching(
  db: Db,
  q: { refNos: string[]; start: number; end: number; categories: string[] },
): Promise<UnplacedRow[]> {
  let qb = db.selectFrom('citizen_report_unplaced').selectAll();
  if (q.refNos.length) qb = qb.where('refNo', 'in', q.refNos);
  else qb = qb.where('createdAt', '>=', q.start).where('createdAt', '<=', q.end);
  if (q.categories.length) qb = qb.where('category', 'in', q.categories);
  return qb.orderBy('createdAt', 'desc').limit(1000).execute();
}

/** The console's list: not yet placed (oldest first, as a queue), or placed (latest first); at most 500. */
export async function unplacedList(db: Db, placed: boolean): Promise<UnplacedRow[]> {
  const qb = db.selectFrom('citizen_report_unplaced').selectAll();
  return (
    placed
      ? qb.where('placedAt', 'is not', null).orderBy('placedAt', 'desc')
      : qb.where('placedAt', 'is', null).orderBy('createdAt')
  )
    .orderBy('id')
    .limit(500)
    .execute();
}

/** Marks it placed, only if nobody did first; whether this call did. */
export async function markPlaced(
  trx: Tx,
  id: string,
  p: { reportId: string; folded: boolean; placedBy: string; placedCode: string; now: number },
): Promise<boolean> {
  const r = await trx
    .updateTable('citizen_report_unplaced')
    .set({
      reportId: p.reportId,
      folded: p.folded ? 1 : 0,
      placedAt: p.now,
      placedBy: p.placedBy,
      placedCode: p.placedCode,
      updatedAt: p.now,
    })
    .where('id', '=', id)
    .where('placedAt', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** A staff member's name, for the list ('' when gone). */
export async function userName(db: Db, id: string): Promise<string> {
  const u = await db.selectFrom('user').select('realName').where('id', '=', id).executeTakeFirst();
  return u?.realName ?? '';
}
