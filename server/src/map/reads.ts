/**
 * What the map's route files share: the FastifyInstance's context, the push to every open map, and the
 * fault / repair-order / asset reads every answer is built from.
 */
import type { FastifyInstance } from 'fastify';
import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../database';
import { missingRef } from '../kernel';
import { notFound } from '../http/envelope';
import { REPAIR_APPROVAL_THRESHOLD, repairApprovals } from '../workflow';
import { dispatchApproval, type DispatchApproval } from './rules';
import { FAULT_COLUMNS, ORDER_COLUMNS } from './store';

/** A fault's photo URLs (stored as a JSON array; anything else reads as none). */
export function parsePhotos(json: string): string[] {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * The id of a fault's latest repair order, as a column `orderId` of a query over `fault as f` (a
 * fault reopened after its order was closed gets another order; the newest is the one to show).
 */
export const latestOrderId = (eb: ExpressionBuilder<Database & { f: Database['fault'] }, 'f'>) =>
  eb
    .selectFrom('work_order as o')
    .select('o.id')
    .whereRef('o.faultId', '=', 'f.id')
    .orderBy('o.createdAt', 'desc')
    .limit(1)
    .as('orderId');

export function mapReads(app: FastifyInstance) {
  const ctx = app.ctx;
  const { db, clock } = ctx;
  const push = (msg: Parameters<typeof ctx.realtime.pushToAll>[0]) =>
    ctx.realtime.pushToAll(msg).catch((err: unknown) => app.log.error({ err }, 'map push'));

  const faultSelect = () =>
    db
      .selectFrom('fault as f')
      .leftJoin('map_asset as a', 'a.objectid', 'f.assetId')
      .select(FAULT_COLUMNS)
      .select(latestOrderId);
  type FaultDto = Awaited<ReturnType<ReturnType<typeof faultSelect>['execute']>>[number];
  const faultOut = (f: FaultDto) => ({
    ...f,
    photos: parsePhotos(f.photos),
    x: f.x === null ? null : Number(f.x),
    y: f.y === null ? null : Number(f.y),
    orderId: f.orderId ?? null,
  });

  const orderSelect = () =>
    db
      .selectFrom('work_order as o')
      .leftJoin('map_asset as a', 'a.objectid', 'o.assetId')
      .leftJoin('map_crew as c', 'c.id', 'o.crewId')
      .select(ORDER_COLUMNS);
  type OrderDto = Awaited<ReturnType<ReturnType<typeof orderSelect>['execute']>>[number];
  const orderOut = ({ estimatedCostCents, ...o }: OrderDto) => ({
    ...o,
    x: o.x === null ? null : Number(o.x),
    y: o.y === null ? null : Number(o.y),
    crewName: o.crewName ?? '',
    /** 元, two decimals; null when none was entered */
    estimatedCost: estimatedCostCents === null ? null : Number(estimatedCostCents) / 100,
  });
  type OrderOut = ReturnType<typeof orderOut>;
  /** Orders with where each stands with its dispatch approval (one query for the lot). */
  const withApproval = async <T extends OrderOut>(
    list: readonly T[],
  ): Promise<Array<T & { dispatchApproval: DispatchApproval }>> => {
    const approvals = await repairApprovals(
      db,
      list.map((o) => o.id),
    );
    return list.map((o) => {
      const a = approvals.get(o.id) ?? { waiting: false, approvedCents: null };
      return {
        ...o,
        dispatchApproval: dispatchApproval({
          costCents: o.estimatedCost === null ? null : Math.round(o.estimatedCost * 100),
          approvedCents: a.approvedCents,
          waiting: a.waiting,
          thresholdYuan: REPAIR_APPROVAL_THRESHOLD,
        }),
      };
    });
  };
  const loadOrder = async (id: string) => {
    const o = await orderSelect()
      .where('o.id', '=', id)
      .where('o.assetId', 'is not', null)
      .executeTakeFirst();
    if (!o) throw notFound('维修工单不存在');
    const [out] = await withApproval([orderOut(o)]);
    if (!out) throw notFound('维修工单不存在');
    return out;
  };
  const loadFault = async (id: string) => {
    const f = await faultSelect()
      .where('f.id', '=', id)
      .where('f.assetId', 'is not', null)
      .executeTakeFirst();
    if (!f) throw notFound('故障不存在');
    return faultOut(f);
  };
  /** An asset: 404 when the path names it; 400 naming `field` when a body's reference does. */
  const loadAsset = async (objectid: number, field?: string) => {
    const a = await db
      .selectFrom('map_asset')
      .selectAll()
      .where('objectid', '=', objectid)
      .executeTakeFirst();
    if (!a) throw field ? missingRef(field, '资产') : notFound('资产不存在');
    return { ...a, x: Number(a.x), y: Number(a.y) };
  };

  return {
    ctx,
    db,
    clock,
    push,
    faultSelect,
    faultOut,
    orderSelect,
    orderOut,
    withApproval,
    loadOrder,
    loadFault,
    loadAsset,
  };
}

export type MapReads = ReturnType<typeof mapReads>;
