/** Citizens' reports and their photos as the public pages and Open311 read and write them (the report's life is service.ts). */
import type { Db } from '../database';

/** A report's site: the asset's code, road, district and place, or undefined. */
export async function reportSite(db: Db, objectid: number) {
  return db
    .selectFrom('map_asset')
    .select(['code', 'road', 'district', 'x', 'y'])
    .where('objectid', '=', objectid)
    .executeTakeFirst();
}

/**
 * Reports newest first, at most 1000: those with these reference numbers, or else those made from
 * `start` to `end`; of these categories when given.
 */
export async function reportsMatching(
  db: Db,
  q: { refNos: string[]; start: number; end: number; categories: string[] },
) {
  let qb = db.selectFrom('citizen_report').selectAll();
  if (q.refNos.length) qb = qb.where('refNo', 'in', q.refNos);
  else qb = qb.where('createdAt', '>=', q.start).where('createdAt', '<=', q.end);
  if (q.categories.length) qb = qb.where('category', 'in', q.categories);
  return qb.orderBy('createdAt', 'desc').limit(1000).execute();
}

/** A report by its reference number, or undefined. */
export async function reportByRef(db: Db, refNo: string) {
  return db.selectFrom('citizen_report').selectAll().where('refNo', '=', refNo).executeTakeFirst();
}

/**
 * The latest 50 reports of a citizen (signed in), of this device (made without signing in), and
 * those they said "me too" on (a folded submit, or the button), by their supporter keys.
 */
export async function reportsOfCitizen(
  db: Db,
  who: { citizenId: string | null; deviceId: string; supporterKeys: string[] },
) {
  const { citizenId, deviceId, supporterKeys: keys } = who;
  return db
    .selectFrom('citizen_report as r')
    .selectAll('r')
    .where((eb) =>
      eb.or([
        ...(citizenId !== null ? [eb('r.citizenId', '=', citizenId)] : []),
        eb.and([eb('r.citizenId', 'is', null), eb('r.deviceId', '=', deviceId)]),
        eb.exists(
          eb
            .selectFrom('citizen_report_support as s')
            .select('s.reportId')
            .whereRef('s.reportId', '=', 'r.id')
            .where('s.supporterKey', 'in', keys.length ? keys : ['-']),
        ),
      ]),
    )
    .orderBy('r.createdAt', 'desc')
    .limit(50)
    .execute();
}

/** Notes an uploaded photo, not yet used by a report. */
export async function insertPhoto(
  db: Db,
  p: { name: string; deviceId: string; size: number; createdAt: number },
): Promise<void> {
  await db
    .insertInto('citizen_photo')
    .values({ ...p, usedBy: null })
    .execute();
}
