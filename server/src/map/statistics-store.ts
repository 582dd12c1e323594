/**
 * The grouped counts the city statistics are summed from (stats.ts and rules.ts do the sums), each
 * narrowed by the caller's data permissions when given (map/scope.ts: assets `a`, faults `f`,
 * orders `o`).
 */
import type { Expression, SqlBool } from 'kysely';
import type { Db } from '../database';
import { type GroupCount } from './stats';

type Scope = Expression<SqlBool> | null | undefined;

/** Assets counted by district, kind, status and road class (of one district when given). */
export async function assetGroupCounts(db: Db, district?: string, scope?: Scope): Promise<GroupCount[]> {
  let gq = db
    .selectFrom('map_asset as a')
    .select((eb) => ['a.district', 'a.kind', 'a.status', 'a.roadClass', eb.fn.countAll<number>().as('n')])
    .groupBy(['a.district', 'a.kind', 'a.status', 'a.roadClass']);
  if (district) gq = gq.where('a.district', '=', district);
  if (scope) gq = gq.where(scope);
  return (await gq.execute()) as GroupCount[];
}

/** Open map faults counted by district (of one district when given). */
export async function openFaultsByDistrict(
  db: Db,
  district?: string,
  scope?: Scope,
): Promise<Map<string, number>> {
  let fq = db
    .selectFrom('fault as f')
    .leftJoin('map_asset as a', 'a.objectid', 'f.assetId')
    .select((eb) => ['f.district', eb.fn.countAll<number>().as('n')])
    .where('f.closedAt', 'is', null)
    .where('f.assetId', 'is not', null)
    .groupBy('f.district');
  if (district) fq = fq.where('f.district', '=', district);
  if (scope) fq = fq.where(scope);
  return new Map((await fq.execute()).map((r) => [r.district, Number(r.n)]));
}

/** The map orders completed since `since` (of one district when given): urgency, due and completion times. */
export async function ordersCompletedSince(db: Db, since: number, district?: string, scope?: Scope) {
  let oq = db
    .selectFrom('work_order as o')
    .select(['o.urgency', 'o.dueAt', 'o.completedAt'])
    .where('o.completedAt', '>=', since)
    .where('o.assetId', 'is not', null);
  if (district) oq = oq.where('o.district', '=', district);
  if (scope) oq = oq.where(scope);
  return oq.execute();
}
