/** The city's districts and roads as the citizens' pages read them (the map domain's tables). */
import type { Db } from '../database';

/** Whether a district of this name exists. */
export async function isDistrict(db: Db, name: string): Promise<boolean> {
  const d = await db.selectFrom('map_district').select('name').where('name', '=', name).executeTakeFirst();
  return !!d;
}

/** A district's name and box, or undefined. */
export async function districtBox(db: Db, name: string) {
  return db
    .selectFrom('map_district')
    .select(['name', 'minx', 'miny', 'maxx', 'maxy'])
    .where('name', '=', name)
    .executeTakeFirst();
}

/** The roads crossing a box (at most 5000, in object order). */
export async function roadsCrossing(db: Db, box: { minx: number; miny: number; maxx: number; maxy: number }) {
  return db
    .selectFrom('map_road')
    .select(['name', 'roadClass', 'paths'])
    .where('maxx', '>=', box.minx)
    .where('minx', '<=', box.maxx)
    .where('maxy', '>=', box.miny)
    .where('miny', '<=', box.maxy)
    .orderBy('objectid')
    .limit(5000)
    .execute();
}

/** The main roads (at most 2000, in object order). */
export async function mainRoads(db: Db) {
  return db
    .selectFrom('map_road')
    .select(['name', 'roadClass', 'paths'])
    .where('roadClass', '=', 'main')
    .orderBy('objectid')
    .limit(2000)
    .execute();
}
