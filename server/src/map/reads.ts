/**
 * What the map's route files share: the FastifyInstance's context, the push to every open map, and the
 * fault / repair-order / asset reads every answer is built from.
 */
import type { FastifyInstance } from 'fastify';
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { Database } from '../database';
import { missingRef } from '../kernel';
import { notFound } from '../http/envelope';
import { REPAIR_APPROVAL_THRESHOLD, repairApprovals } from '../workflow';
import { dispatchApproval, type DispatchApproval } from './rules';
import { FAULT_COLUMNS, MENU_ASSETS, MENU_FAULT, ORDER_COLUMNS } from './store';
import { assetPlaces } from './asset-store';
import type { MapAssetChange } from '../realtime/protocol';
import { MENU_REPAIR } from './scope';
import type { DeliveryScope } from '../realtime/hub';

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

type Row = Record<string, unknown>;
const field = (r: Row, k: string): string | number | null => {
  const v = r[k];
  return typeof v === 'string' || typeof v === 'number' ? v : null;
};

/** The page and the fields data permissions test, of a fault's or an order's change message. */
function scopedPush(msg: Row): DeliveryScope | null {
  if (msg.method === 'mapFaultChange' && msg.fault && typeof msg.fault === 'object') {
    const f = msg.fault as Row;
    return {
      menu: MENU_FAULT,
      row: {
        district: field(f, 'district'),
        source: field(f, 'source'),
        typeCode: field(f, 'typeCode'),
        urgency: field(f, 'urgency'),
        assetKind: field(f, 'assetKind'),
      },
    };
  }
  if (msg.method === 'mapRepairOrderChange' && msg.order && typeof msg.order === 'object') {
    const o = msg.order as Row;
    return {
      menu: MENU_REPAIR,
      row: {
        district: field(o, 'district'),
        crewId: field(o, 'crewId'),
        state: field(o, 'state'),
        urgency: field(o, 'urgency'),
      },
    };
  }
  return null;
}

export function mapReads(app: FastifyInstance) {
  const ctx = app.ctx;
  const { db, clock } = ctx;
  /**
   * A map push. A fault's, an order's or an asset's change reaches only who may see the row (data
   * permissions: the fields map/scope.ts offers); other map changes reach everyone.
   */
  const push = (msg: Parameters<typeof ctx.realtime.pushToAll>[0]) => {
    const sent = scopedPush(msg);
    const going =
      msg.method === 'mapAssetChange' && Array.isArray(msg.assets)
        ? pushAssetChanges(msg, msg.assets as MapAssetChange[])
        : sent
          ? ctx.realtime.pushScoped(msg, sent)
          : ctx.realtime.pushToAll(msg);
    return going.catch((err: unknown) => app.log.error({ err }, 'map push'));
  };
  /**
   * Assets' status changes, as many messages as there are (district, kind, road) among them, each
   * reaching who may see those assets (data permissions on the asset menu).
   */
  const pushAssetChanges = async (
    msg: Parameters<typeof ctx.realtime.pushToAll>[0],
    assets: readonly MapAssetChange[],
  ) => {
    const places = await assetPlaces(
      db,
      assets.map((a) => a.objectid),
    );
    const groups = new Map<
      string,
      { row: { district: string; kind: string; road: string }; assets: MapAssetChange[] }
    >();
    for (const a of assets) {
      const p = places.get(a.objectid);
      const row = { district: p?.district ?? '', kind: a.kind, road: p?.road ?? '' };
      const key = JSON.stringify(row);
      const g = groups.get(key) ?? { row, assets: [] };
      g.assets.push(a);
      groups.set(key, g);
    }
    for (const g of groups.values())
      await ctx.realtime.pushScoped(
        { ...msg, assets: g.assets },
        {
          menu: MENU_ASSETS,
          row: g.row,
        },
      );
  };

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
  /** An order; 404 when there is none or it is outside `scope` (the caller's data permissions). */
  const loadOrder = async (id: string, scope: Expression<SqlBool> | null = null) => {
    let q = orderSelect().where('o.id', '=', id).where('o.assetId', 'is not', null);
    if (scope) q = q.where(scope);
    const o = await q.executeTakeFirst();
    if (!o) throw notFound('维修工单不存在');
    const [out] = await withApproval([orderOut(o)]);
    if (!out) throw notFound('维修工单不存在');
    return out;
  };
  /** A fault; 404 when there is none or it is outside `scope` (the caller's data permissions). */
  const loadFault = async (id: string, scope: Expression<SqlBool> | null = null) => {
    let q = faultSelect().where('f.id', '=', id).where('f.assetId', 'is not', null);
    if (scope) q = q.where(scope);
    const f = await q.executeTakeFirst();
    if (!f) throw notFound('故障不存在');
    return faultOut(f);
  };
  /**
   * An asset: 404 when the path names it; 400 naming `field` when a body's reference does; the same
   * when it is outside `scope` (the caller's data permissions on assets).
   */
  const loadAsset = async (objectid: number, field?: string, scope: Expression<SqlBool> | null = null) => {
    let q = db.selectFrom('map_asset as a').selectAll('a').where('a.objectid', '=', objectid);
    if (scope) q = q.where(scope);
    const a = await q.executeTakeFirst();
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
