/** The map domain's shared constants, schema snippets and writes (asset status with the layer's lastEditDate). */
import { type Transaction } from 'kysely';
import type { Db, Database } from '../database';
import { type MapAssetChange } from '../realtime/protocol';

export const MENU_ASSETS = 'bt.map.assets';
export const MENU_FAULT = 'bt.map.fault';
export const MENU_STATISTIC = 'bt.gzyp.statistic';
/** The city wall display (menu type 6 城市照明大屏, /dv/view/screen-city). */
export const MENU_WALL = 'dashboard.city';
export const BASE = '/api/map';

export type Tx = Transaction<Database> | Db;

export const objectidParams = {
  type: 'object',
  required: ['objectid'],
  properties: { objectid: { type: 'integer', minimum: 1, maximum: 100_000_000 } },
} as const;
export const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 64 } },
} as const;
export const msQuery = { type: 'integer', minimum: 0, maximum: 10_000_000_000_000 } as const;

/** Bumps a layer's lastEditDate to at least `now` (strictly increasing). */
export async function bumpLayer(db: Tx, layerId: number, now: number): Promise<number> {
  const cur = await db
    .selectFrom('map_layer_state')
    .select('lastEditDate')
    .where('layerId', '=', layerId)
    .executeTakeFirst();
  const next = Math.max(now, Number(cur?.lastEditDate ?? 0) + 1);
  if (cur)
    await db
      .updateTable('map_layer_state')
      .set({ lastEditDate: next })
      .where('layerId', '=', layerId)
      .execute();
  else await db.insertInto('map_layer_state').values({ layerId, lastEditDate: next }).execute();
  return next;
}

/** Sets assets' status (and symbol); returns the changed assets and layer 0's new lastEditDate. */
export async function setAssetStatus(
  db: Tx,
  ids: readonly number[],
  status: string,
  now: number,
): Promise<{ changed: MapAssetChange[]; lastEditDate: number }> {
  const rows = await db
    .selectFrom('map_asset')
    .select(['objectid', 'code', 'kind', 'status', 'x', 'y'])
    .where('objectid', 'in', ids.length ? [...ids] : [-1])
    .execute();
  const changed = rows.filter((r) => r.status !== status);
  for (const r of changed)
    await db
      .updateTable('map_asset')
      .set({ status, symbol: `${r.kind}|${status}`, updatedAt: now })
      .where('objectid', '=', r.objectid)
      .execute();
  const lastEditDate = changed.length
    ? await bumpLayer(db, 0, now)
    : Number(
        (
          await db
            .selectFrom('map_layer_state')
            .select('lastEditDate')
            .where('layerId', '=', 0)
            .executeTakeFirst()
        )?.lastEditDate ?? now,
      );
  return {
    changed: changed.map((r) => ({
      objectid: r.objectid,
      code: r.code,
      kind: r.kind,
      status,
      symbol: `${r.kind}|${status}`,
      x: Number(r.x),
      y: Number(r.y),
    })),
    lastEditDate,
  };
}

/** What a repair-order row carries in every answer (with its asset and crew). */
export const ORDER_COLUMNS = [
  'o.id',
  'o.billNo',
  'o.title',
  'o.faultId',
  'o.assetId',
  'a.code as assetCode',
  'a.kind as assetKind',
  'o.district',
  'a.x',
  'a.y',
  'o.urgency',
  'o.state',
  'o.crewId',
  'c.name as crewName',
  'o.createdAt',
  'o.dueAt',
  'o.dispatchedAt',
  'o.startedAt',
  'o.completedAt',
  'o.verifiedAt',
  'o.remark',
  'o.estimatedCostCents',
] as const;

/** What a fault row carries in every answer (with its asset's code, kind, road and position). */
export const FAULT_COLUMNS = [
  'f.id',
  'f.assetId',
  'a.code as assetCode',
  'a.kind as assetKind',
  'f.district',
  'a.road',
  'a.x',
  'a.y',
  'f.faultType',
  'f.typeCode',
  'f.urgency',
  'f.source',
  'f.description',
  'f.photos',
  'f.sourceRef',
  'f.reportedAt',
  'f.closedAt',
] as const;
