/**
 * Repair orders in and out of the database: the order list, the checks before an order is made from a
 * fault, the numbered insert, state-guarded updates, and what completing an order closes (the order's
 * fault, or all its asset's open faults).
 */
import { sql, type Expression, type Insertable, type SqlBool, type Updateable } from 'kysely';
import type { Database, Db } from '../database';
import { paged, type PageQuery } from '../db/paging';
import { contains } from '../db/search';
import { allocateBillNumber } from '../system';
import { OPEN_ORDER_STATES } from './rules';
import { REPAIR_ORDER_RULE } from './seed';
import { ORDER_COLUMNS, type Tx } from './store';

export interface OrderListQuery extends PageQuery {
  state?: string;
  crewId?: string;
  district?: string;
  urgency?: number;
  assetId?: number;
  keyword?: string;
  /** the caller's data permissions (map/scope.ts) */
  scope?: Expression<SqlBool> | null;
}

/** One page of map repair orders (those on an asset), newest first, filtered and searched. */
export async function pageOrders(db: Db, q: OrderListQuery) {
  let base = db
    .selectFrom('work_order as o')
    .leftJoin('map_asset as a', 'a.objectid', 'o.assetId')
    .leftJoin('map_crew as c', 'c.id', 'o.crewId')
    .where('o.assetId', 'is not', null);
  if (q.scope) base = base.where(q.scope);
  if (q.state) base = base.where('o.state', '=', q.state);
  if (q.crewId) base = base.where('o.crewId', '=', q.crewId);
  if (q.district) base = base.where('o.district', '=', q.district);
  if (q.urgency) base = base.where('o.urgency', '=', q.urgency);
  if (q.assetId) base = base.where('o.assetId', '=', q.assetId);
  const kw = q.keyword?.trim();
  if (kw) {
    const like = `%${kw.replace(/[%_\\]/g, (m) => `\\${m}`)}%`;
    base = base.where((eb) =>
      eb.or([
        eb('o.billNo', 'like', sql<string>`${like} escape '\\'`),
        eb('o.title', 'like', sql<string>`${like} escape '\\'`),
        // the order of a fault a citizen reported, by the reference the citizen quotes
        eb.exists(
          eb
            .selectFrom('fault as kf')
            .select('kf.id')
            .whereRef('kf.id', '=', 'o.faultId')
            .where(contains('kf.sourceRef', kw)),
        ),
      ]),
    );
  }
  return paged(base, q, (b) =>
    b.select(ORDER_COLUMNS).orderBy('o.createdAt', 'desc').orderBy('o.id', 'desc'),
  );
}

/** A map fault (one on an asset: home's dashboard rows are not the map's) by id, or undefined. */
export async function mapFault(db: Db, id: string) {
  return db
    .selectFrom('fault')
    .selectAll()
    .where('id', '=', id)
    .where('assetId', 'is not', null)
    .executeTakeFirst();
}

/** Whether a fault already has an order not yet completed. */
export async function faultHasOpenOrder(db: Db, faultId: string): Promise<boolean> {
  const open = await db
    .selectFrom('work_order')
    .select('id')
    .where('faultId', '=', faultId)
    .where('state', 'in', [...OPEN_ORDER_STATES])
    .executeTakeFirst();
  return !!open;
}

/** Inserts an order with the next repair-order bill number, in one transaction. */
export async function insertNumberedOrder(
  db: Db,
  row: Omit<Insertable<Database['work_order']>, 'billNo'>,
  now: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const billNo = await allocateBillNumber(trx, REPAIR_ORDER_RULE, now);
    await trx
      .insertInto('work_order')
      .values({ ...row, billNo })
      .execute();
  });
}

/**
 * Writes a patch to an order still in the state it was read in (and, when `costCents` is given,
 * still at the estimated cost it was judged at); false when it moved on in between.
 */
export async function updateOrderInState(
  db: Tx,
  id: string,
  state: string,
  patch: Updateable<Database['work_order']>,
  costCents?: number | null,
): Promise<boolean> {
  const r = await db
    .updateTable('work_order')
    .set(patch)
    .where('id', '=', id)
    .where('state', '=', state)
    .$if(costCents !== undefined, (qb) =>
      costCents === null || costCents === undefined
        ? qb.where('estimatedCostCents', 'is', null)
        : qb.where('estimatedCostCents', '=', costCents),
    )
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** An order's state, or undefined for no such order. */
export async function orderState(db: Db, id: string): Promise<string | undefined> {
  const o = await db.selectFrom('work_order').select('state').where('id', '=', id).executeTakeFirst();
  return o?.state;
}

/**
 * Closes the open faults a completed order covers (its fault, or all its asset's open faults when it
 * names none) and returns them with the status each would restore.
 */
export async function closeOrderFaults(trx: Tx, assetId: number, faultId: string | null, now: number) {
  let fq = trx
    .updateTable('fault')
    .set({ closedAt: now })
    .where('closedAt', 'is', null)
    .where('assetId', '=', assetId);
  if (faultId) fq = fq.where('id', '=', faultId);
  const closing = await trx
    .selectFrom('fault')
    .select(['id', 'restoreStatus'])
    .where('closedAt', 'is', null)
    .where('assetId', '=', assetId)
    .$if(!!faultId, (qb) => qb.where('id', '=', faultId ?? ''))
    .execute();
  await fq.execute();
  return closing;
}

/** Whether an asset still has an open fault. */
export async function assetHasOpenFault(trx: Tx, assetId: number): Promise<boolean> {
  const stillOpen = await trx
    .selectFrom('fault')
    .select('id')
    .where('assetId', '=', assetId)
    .where('closedAt', 'is', null)
    .executeTakeFirst();
  return !!stillOpen;
}

/** An asset's kind and status, or undefined. */
export async function assetKindStatus(trx: Tx, objectid: number) {
  return trx
    .selectFrom('map_asset')
    .select(['kind', 'status'])
    .where('objectid', '=', objectid)
    .executeTakeFirst();
}

/** How many orders are open for a crew. */
export async function openOrdersOfCrew(db: Db, crewId: string, scope?: Expression<SqlBool>): Promise<number> {
  let q = db
    .selectFrom('work_order as o')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('o.crewId', '=', crewId)
    .where('o.state', 'in', [...OPEN_ORDER_STATES]);
  // data permissions: only the orders the caller may see are counted (map/scope.ts, alias `o`)
  if (scope) q = q.where(scope);
  const open = await q.executeTakeFirst();
  return Number(open?.n ?? 0);
}

/** How many map orders are in each state. */
export async function orderCountsByState(db: Db, scope?: Expression<SqlBool>) {
  let q = db
    .selectFrom('work_order as o')
    .select((eb) => ['o.state', eb.fn.countAll<number>().as('n')])
    .where('o.assetId', 'is not', null);
  // data permissions (map/scope.ts, alias `o`)
  if (scope) q = q.where(scope);
  return q.groupBy('o.state').execute();
}

/** The open map orders' urgencies and due times (of those `scope` lets the caller see). */
export async function openOrderDues(db: Db, scope?: Expression<SqlBool>) {
  let q = db
    .selectFrom('work_order as o')
    .select(['o.urgency', 'o.dueAt'])
    .where('o.assetId', 'is not', null)
    .where('o.state', 'in', [...OPEN_ORDER_STATES]);
  if (scope) q = q.where(scope);
  return q.execute();
}
