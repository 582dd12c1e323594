/** The poles a QR plate sheet prints, read from the map's assets. */
import type { Db } from '../database';

/**
 * Poles by number, district and road (each filter optional), in number order, at most `limit` of them
 * (ask one more than allowed to tell a sheet too long).
 */
export async function platePoles(
  db: Db,
  q: { codes: string[]; district?: string; road?: string },
  limit: number,
) {
  let qb = db.selectFrom('map_asset').select(['code', 'road', 'district']).where('kind', '=', 'pole');
  if (q.codes.length) qb = qb.where('code', 'in', q.codes);
  if (q.district) qb = qb.where('district', '=', q.district);
  if (q.road) qb = qb.where('road', '=', q.road);
  return qb.orderBy('code').limit(limit).execute();
}
