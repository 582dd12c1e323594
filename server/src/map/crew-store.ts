/** Repair crews and their GPS tracks. */
import type { Db } from '../database';

export async function allCrews(db: Db) {
  return db
    .selectFrom('map_crew')
    .select(['id', 'name', 'leader', 'phone', 'district'])
    .orderBy('id')
    .execute();
}

/** The ids of the crews `userId` leads (data permissions' `@crewId`). */
export async function crewsLedBy(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('map_crew')
    .select('id')
    .where('leaderId', '=', userId)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

/** Whether a crew exists. */
export async function crewExists(db: Db, id: string): Promise<boolean> {
  return !!(await db.selectFrom('map_crew').select('id').where('id', '=', id).executeTakeFirst());
}

/** A crew's latest track point, or undefined. */
export async function lastTrackPoint(db: Db, crewId: string) {
  return db
    .selectFrom('map_track')
    .select(['t', 'x', 'y'])
    .where('crewId', '=', crewId)
    .orderBy('t', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** A crew's track points from `from` to `to` (inclusive), oldest first. */
export async function trackBetween(db: Db, crewId: string, from: number, to: number) {
  return db
    .selectFrom('map_track')
    .select(['t', 'x', 'y'])
    .where('crewId', '=', crewId)
    .where('t', '>=', from)
    .where('t', '<=', to)
    .orderBy('t')
    .execute();
}
