/** Map faults as the fault list, the fault judgement and the wall read them (faults are written by fault-service.ts). */
import type { Expression, SqlBool } from 'kysely';
import type { Db } from '../database';
import { paged, type PageQuery } from '../db/paging';
import { contains } from '../db/search';
import { LAMP_KINDS } from './city';
import { latestOrderId } from './reads';
import { FAULT_COLUMNS } from './store';

export interface FaultListQuery extends PageQuery {
  status: 'open' | 'closed' | 'all';
  district?: string;
  typeCode?: string;
  urgency?: number;
  source?: string;
  kind?: string;
  assetId?: number;
  from?: number;
  to?: number;
  keyword?: string;
  /** the caller's data permissions (map/scope.ts) */
  scope?: Expression<SqlBool> | null;
}

/** One page of map faults (those on an asset) with each one's latest order, newest first. */
export async function pageFaults(db: Db, q: FaultListQuery) {
  let base = db
    .selectFrom('fault as f')
    .leftJoin('map_asset as a', 'a.objectid', 'f.assetId')
    .where('f.assetId', 'is not', null);
  if (q.scope) base = base.where(q.scope);
  if (q.status === 'open') base = base.where('f.closedAt', 'is', null);
  if (q.status === 'closed') base = base.where('f.closedAt', 'is not', null);
  if (q.district) base = base.where('f.district', '=', q.district);
  if (q.typeCode) base = base.where('f.typeCode', '=', q.typeCode);
  if (q.urgency) base = base.where('f.urgency', '=', q.urgency);
  if (q.source) base = base.where('f.source', '=', q.source);
  if (q.kind) base = base.where('a.kind', '=', q.kind);
  if (q.assetId) base = base.where('f.assetId', '=', q.assetId);
  if (q.from !== undefined) base = base.where('f.reportedAt', '>=', q.from);
  if (q.to !== undefined) base = base.where('f.reportedAt', '<=', q.to);
  const kw = q.keyword?.trim();
  if (kw)
    base = base.where((eb) =>
      eb.or([
        contains('a.code', kw),
        contains('f.faultType', kw),
        contains('f.sourceRef', kw),
        contains('f.description', kw),
      ]),
    );
  return paged(base, q, (b) =>
    b.select(FAULT_COLUMNS).select(latestOrderId).orderBy('f.reportedAt', 'desc').orderBy('f.id', 'desc'),
  );
}

/** The lamps in fault (of one district when given) with their circuit, control box and transformer. */
export async function faultyLamps(
  db: Db,
  district: string | undefined,
  scope: Expression<SqlBool> | null = null,
) {
  let fq = db
    .selectFrom('map_asset as a')
    .select(['a.objectid', 'a.circuitId', 'a.controlBoxId', 'a.transformerId'])
    .where('a.status', '=', 'fault')
    .where('a.kind', 'in', [...LAMP_KINDS]);
  if (district) fq = fq.where('a.district', '=', district);
  if (scope) fq = fq.where(scope);
  return fq.execute();
}

/**
 * How many lamps each circuit, control box and transformer has, keyed `circuit:{id}`,
 * `controlBox:{objectid}` and `transformer:{objectid}` (what the shared-cause judgement divides by).
 */
export async function lampCountsOf(
  db: Db,
  groups: { circuits: string[]; boxes: number[]; transformers: number[] },
): Promise<Map<string, number>> {
  const members = new Map<string, number>();
  const countBy = async (
    col: 'circuitId' | 'controlBoxId' | 'transformerId',
    keys: Array<string | number>,
    prefix: string,
  ) => {
    for (let i = 0; i < keys.length; i += 500) {
      const part = keys.slice(i, i + 500);
      const rows = await db
        .selectFrom('map_asset')
        .select((eb) => [col, eb.fn.countAll<number>().as('n')])
        .where(col, 'in', part as never[])
        .where('kind', 'in', [...LAMP_KINDS])
        .groupBy(col)
        .execute();
      for (const r of rows) members.set(`${prefix}:${String(r[col])}`, Number(r.n));
    }
  };
  await countBy('circuitId', groups.circuits, 'circuit');
  await countBy('controlBoxId', groups.boxes, 'controlBox');
  await countBy('transformerId', groups.transformers, 'transformer');
  return members;
}

/** The open map faults' places for the wall, newest first, at most `limit`. */
export async function openFaultPoints(db: Db, limit: number, scope?: Expression<SqlBool>) {
  let q = db
    .selectFrom('fault as f')
    .innerJoin('map_asset as a', 'a.objectid', 'f.assetId')
    .select(['f.id', 'a.x', 'a.y', 'f.urgency', 'f.district', 'f.typeCode', 'f.reportedAt'])
    .where('f.closedAt', 'is', null);
  // data permissions (map/scope.ts, aliases `f` and `a`)
  if (scope) q = q.where(scope);
  return q.orderBy('f.reportedAt', 'desc').orderBy('f.id').limit(limit).execute();
}

/** How many map faults are open (of those `scope` lets the caller see). */
export async function openFaultCount(db: Db, scope?: Expression<SqlBool>): Promise<number> {
  let q = db
    .selectFrom('fault as f')
    .innerJoin('map_asset as a', 'a.objectid', 'f.assetId')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('f.closedAt', 'is', null);
  if (scope) q = q.where(scope);
  const r = await q.executeTakeFirst();
  return Number(r?.n ?? 0);
}
