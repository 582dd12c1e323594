/** Single assets and small sets of them as the asset, topology and fault-judgement routes look them up. */
import type { Expression, SqlBool } from 'kysely';
import type { Db } from '../database';

/** Some assets' kinds and codes. */
export async function assetKindsAndCodes(db: Db, ids: number[]) {
  return ids.length
    ? db.selectFrom('map_asset').select(['objectid', 'kind', 'code']).where('objectid', 'in', ids).execute()
    : [];
}

/** An asset's kind, code and place, or undefined. */
export async function assetPlace(db: Db, objectid: number) {
  return db
    .selectFrom('map_asset')
    .select(['objectid', 'kind', 'code', 'x', 'y'])
    .where('objectid', '=', objectid)
    .executeTakeFirst();
}

/** Assets whose code starts with `prefix` (already upper-cased, without LIKE wildcards), in code order. */
export async function assetsByCodePrefix(
  db: Db,
  prefix: string,
  limit: number,
  scope: Expression<SqlBool> | null = null,
) {
  let q = db
    .selectFrom('map_asset as a')
    .select(['a.objectid', 'a.code', 'a.kind', 'a.status', 'a.x', 'a.y', 'a.district', 'a.road'])
    .where('a.code', '>=', prefix)
    .where('a.code', '<', `${prefix}\uffff`);
  // the caller's data permissions on assets (map/scope.ts)
  if (scope) q = q.where(scope);
  return q.orderBy('a.code').limit(limit).execute();
}

/** An asset's id and code, or null. */
export async function assetRef(
  db: Db,
  objectid: number | null,
): Promise<{ objectid: number; code: string } | null> {
  if (objectid === null) return null;
  return (
    (await db
      .selectFrom('map_asset')
      .select(['objectid', 'code'])
      .where('objectid', '=', objectid)
      .executeTakeFirst()) ?? null
  );
}

/** Some assets' districts and roads, by object id. */
export async function assetPlaces(
  db: Db,
  ids: readonly number[],
): Promise<Map<number, { district: string; road: string }>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('map_asset')
    .select(['objectid', 'district', 'road'])
    .where('objectid', 'in', [...ids])
    .execute();
  return new Map(rows.map((r) => [r.objectid, { district: r.district, road: r.road }]));
}
