/** Registers the map routes: FeatureServer endpoint, assets, faults, repair orders, statistics, topology. */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql, type Transaction } from 'kysely';
import type { Db } from '../db';
import { paged } from '../db/paging';
import type { Database } from '../db/schema';
import { badRequest, notFound, ok, page } from '../http/envelope';
import { requirePermission } from '../http/permissions';
import { keywordQuery, pagingQuery } from '../http/validation';
import {
  mapAssetChangeMessage,
  mapFaultChangeMessage,
  mapRepairOrderChangeMessage,
  type MapAssetChange,
} from '../realtime/protocol';
import { allocateBillNumber } from '../system/bill-number';
import { ASSET_KINDS, ASSET_STATUSES, LAMP_KINDS, isLampKind, restoredStatus } from './city';
import { registerFeatureServer } from './featureserver';
import { WEB_MERCATOR, emptyEnvelope, extendEnvelope, isEmptyEnvelope, type Envelope } from './geo';
import { downstreamOf, downstreamOfCable, sharedCauses, upstreamPath, type Edge } from './network';
import {
  DAY_MS,
  FAULT_SOURCES,
  FAULT_TYPES,
  FAULT_TYPE_CODES,
  OPEN_ORDER_STATES,
  ORDER_STATES,
  STATE_NOT_ALLOWED,
  dueAtFor,
  nextState,
  repairCompliance,
  type OrderAction,
} from './rules';
import { REPAIR_ORDER_RULE } from './seed';
import { summarize, type GroupCount } from './stats';

export const MENU_ASSETS = 'bt.map.assets';
export const MENU_FAULT = 'bt.map.fault';
export const MENU_STATISTIC = 'bt.gzyp.statistic';
const BASE = '/api/map';

type Tx = Transaction<Database> | Db;

const objectidParams = {
  type: 'object',
  required: ['objectid'],
  properties: { objectid: { type: 'integer', minimum: 1, maximum: 100_000_000 } },
} as const;
const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 64 } },
} as const;
const msQuery = { type: 'integer', minimum: 0, maximum: 10_000_000_000_000 } as const;

/** Bumps a layer's lastEditDate to at least `now` (strictly increasing). */
async function bumpLayer(db: Tx, layerId: number, now: number): Promise<number> {
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
const ORDER_COLUMNS = [
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
] as const;

/** What a fault row carries in every answer (with its asset's code, kind, road and position). */
const FAULT_COLUMNS = [
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
  'f.reportedAt',
  'f.closedAt',
] as const;

export function registerMapRoutes(app: FastifyInstance): void {
  const ctx = app.ctx;
  const { db, clock } = ctx;
  registerFeatureServer(app);

  const push = (msg: Parameters<typeof ctx.realtime.pushToAll>[0]) =>
    ctx.realtime.pushToAll(msg).catch((err: unknown) => app.log.error({ err }, 'map push'));

  /* ---------------- shared reads ---------------- */

  const faultSelect = () =>
    db
      .selectFrom('fault as f')
      .leftJoin('map_asset as a', 'a.objectid', 'f.assetId')
      .select(FAULT_COLUMNS)
      .select((eb) =>
        eb
          .selectFrom('work_order as o')
          .select('o.id')
          .whereRef('o.faultId', '=', 'f.id')
          .orderBy('o.createdAt', 'desc')
          .limit(1)
          .as('orderId'),
      );
  type FaultDto = Awaited<ReturnType<ReturnType<typeof faultSelect>['execute']>>[number];
  const faultOut = (f: FaultDto) => ({
    ...f,
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
  const orderOut = (o: OrderDto) => ({
    ...o,
    x: o.x === null ? null : Number(o.x),
    y: o.y === null ? null : Number(o.y),
    crewName: o.crewName ?? '',
  });
  const loadOrder = async (id: string) => {
    const o = await orderSelect()
      .where('o.id', '=', id)
      .where('o.assetId', 'is not', null)
      .executeTakeFirst();
    if (!o) throw notFound('维修工单不存在');
    return orderOut(o);
  };
  const loadAsset = async (objectid: number) => {
    const a = await db
      .selectFrom('map_asset')
      .selectAll()
      .where('objectid', '=', objectid)
      .executeTakeFirst();
    if (!a) throw notFound('资产不存在');
    return { ...a, x: Number(a.x), y: Number(a.y) };
  };

  /* ---------------- assets ---------------- */

  app.get<{ Querystring: { code: string; limit: number } }>(
    `${BASE}/assets/search`,
    {
      onRequest: requirePermission({ menu: MENU_ASSETS }),
      schema: {
        querystring: {
          type: 'object',
          required: ['code'],
          properties: {
            code: { type: 'string', minLength: 1, maxLength: 32 },
            limit: { type: 'integer', minimum: 1, maximum: 50, default: 20 },
          },
        },
      },
    },
    async (req) => {
      const code = req.query.code
        .trim()
        .toUpperCase()
        .replace(/[%_\\]/g, '');
      if (!code) throw badRequest('code: must not be blank');
      const rows = await db
        .selectFrom('map_asset')
        .select(['objectid', 'code', 'kind', 'status', 'x', 'y', 'district', 'road'])
        .where('code', '>=', code)
        .where('code', '<', `${code}\uffff`)
        .orderBy('code')
        .limit(req.query.limit)
        .execute();
      return ok(rows.map((r) => ({ ...r, x: Number(r.x), y: Number(r.y) })));
    },
  );

  app.get<{ Params: { objectid: number } }>(
    `${BASE}/assets/:objectid`,
    { onRequest: requirePermission({ menu: MENU_ASSETS }), schema: { params: objectidParams } },
    async (req) => {
      const asset = await loadAsset(req.params.objectid);
      const ref = async (id: number | null) =>
        id === null
          ? null
          : ((await db
              .selectFrom('map_asset')
              .select(['objectid', 'code'])
              .where('objectid', '=', id)
              .executeTakeFirst()) ?? null);
      const openFaults = await faultSelect()
        .where('f.assetId', '=', asset.objectid)
        .where('f.closedAt', 'is', null)
        .orderBy('f.reportedAt', 'desc')
        .execute();
      const openOrders = await orderSelect()
        .where('o.assetId', '=', asset.objectid)
        .where('o.state', 'in', [...OPEN_ORDER_STATES])
        .orderBy('o.createdAt', 'desc')
        .execute();
      return ok({
        asset,
        openFaults: openFaults.map(faultOut),
        openOrders: openOrders.map(orderOut),
        controlBox: await ref(asset.controlBoxId),
        transformer: await ref(asset.transformerId),
      });
    },
  );

  app.put<{ Params: { objectid: number }; Body: { status: string } }>(
    `${BASE}/assets/:objectid/status`,
    {
      onRequest: requirePermission({ menu: MENU_ASSETS, button: 'btn_edit' }),
      schema: {
        params: objectidParams,
        body: {
          type: 'object',
          required: ['status'],
          additionalProperties: false,
          properties: { status: { type: 'string', enum: [...ASSET_STATUSES] } },
        },
      },
    },
    async (req) => {
      const asset = await loadAsset(req.params.objectid);
      const now = clock();
      const { changed, lastEditDate } = await db
        .transaction()
        .execute((trx) => setAssetStatus(trx, [asset.objectid], req.body.status, now));
      if (changed.length) void push(mapAssetChangeMessage(changed, lastEditDate));
      return ok(
        {
          objectid: asset.objectid,
          status: req.body.status,
          symbol: `${asset.kind}|${req.body.status}`,
          lastEditDate,
        },
        '更新成功',
      );
    },
  );

  /* ---------------- districts ---------------- */

  app.get(`${BASE}/districts`, { schema: { querystring: { type: 'object' } } }, async () => {
    const ds = await db.selectFrom('map_district').selectAll().orderBy('objectid').execute();
    const counts = await db
      .selectFrom('map_asset')
      .select((eb) => [
        'district',
        eb.fn.countAll<number>().as('n'),
        eb.fn
          .sum<number>(
            eb
              .case()
              .when('kind', 'in', [...LAMP_KINDS])
              .then(1)
              .else(0)
              .end(),
          )
          .as('lamps'),
      ])
      .groupBy('district')
      .execute();
    const by = new Map(counts.map((c) => [c.district, c]));
    return ok(
      ds.map((d) => ({
        objectid: d.objectid,
        name: d.name,
        code: d.code,
        extent: {
          xmin: Number(d.minx),
          ymin: Number(d.miny),
          xmax: Number(d.maxx),
          ymax: Number(d.maxy),
          spatialReference: WEB_MERCATOR,
        },
        assetCount: Number(by.get(d.name)?.n ?? 0),
        lampCount: Number(by.get(d.name)?.lamps ?? 0),
      })),
    );
  });

  /* ---------------- faults ---------------- */

  interface FaultListQuery {
    currentPage: number;
    pageSize: number;
    status: 'open' | 'closed' | 'all';
    district?: string;
    typeCode?: string;
    urgency?: number;
    source?: string;
    kind?: string;
    assetId?: number;
    from?: number;
    to?: number;
  }
  app.get<{ Querystring: FaultListQuery }>(
    `${BASE}/faults`,
    {
      onRequest: requirePermission({ menu: MENU_FAULT }),
      schema: {
        querystring: {
          type: 'object',
          properties: {
            ...pagingQuery,
            status: { type: 'string', enum: ['open', 'closed', 'all'], default: 'open' },
            district: { type: 'string', maxLength: 50 },
            typeCode: { type: 'string', enum: FAULT_TYPE_CODES },
            urgency: { type: 'integer', enum: [1, 2, 3] },
            source: { type: 'string', enum: [...FAULT_SOURCES] },
            kind: { type: 'string', enum: [...ASSET_KINDS] },
            assetId: { type: 'integer', minimum: 1 },
            from: msQuery,
            to: msQuery,
          },
        },
      },
    },
    async (req) => {
      const q = req.query;
      let base = db
        .selectFrom('fault as f')
        .leftJoin('map_asset as a', 'a.objectid', 'f.assetId')
        .where('f.assetId', 'is not', null);
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
      const { list, pagination } = await paged(base, q, (b) =>
        b
          .select(FAULT_COLUMNS)
          .select((eb) =>
            eb
              .selectFrom('work_order as o')
              .select('o.id')
              .whereRef('o.faultId', '=', 'f.id')
              .orderBy('o.createdAt', 'desc')
              .limit(1)
              .as('orderId'),
          )
          .orderBy('f.reportedAt', 'desc')
          .orderBy('f.id', 'desc'),
      );
      return page(list.map(faultOut), pagination);
    },
  );

  interface NewFault {
    assetId: number;
    typeCode: string;
    urgency: 1 | 2 | 3;
    source: string;
    description?: string;
  }
  app.post<{ Body: NewFault }>(
    `${BASE}/faults`,
    {
      onRequest: requirePermission({ menu: MENU_FAULT, button: 'btn_add' }),
      schema: {
        body: {
          type: 'object',
          required: ['assetId', 'typeCode', 'urgency', 'source'],
          additionalProperties: false,
          properties: {
            assetId: { type: 'integer', minimum: 1 },
            typeCode: { type: 'string', enum: FAULT_TYPE_CODES },
            urgency: { type: 'integer', enum: [1, 2, 3] },
            source: { type: 'string', enum: [...FAULT_SOURCES] },
            description: { type: 'string', maxLength: 500 },
          },
        },
      },
    },
    async (req) => {
      const b = req.body;
      const asset = await loadAsset(b.assetId);
      const now = clock();
      const id = `flt-${randomUUID()}`;
      const res = await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('fault')
          .values({
            id,
            assetId: asset.objectid,
            district: asset.district,
            faultType: FAULT_TYPES[b.typeCode] ?? '其他',
            typeCode: b.typeCode,
            urgency: b.urgency,
            source: b.source,
            description: (b.description ?? '').trim(),
            reportedAt: now,
            closedAt: null,
            restoreStatus: asset.status === 'fault' ? restoredStatus(asset.kind, now) : asset.status,
          })
          .execute();
        return setAssetStatus(trx, [asset.objectid], 'fault', now);
      });
      const fault = faultOut(
        (await faultSelect().where('f.id', '=', id).executeTakeFirstOrThrow()) as FaultDto,
      );
      if (res.changed.length) void push(mapAssetChangeMessage(res.changed, res.lastEditDate));
      void push(mapFaultChangeMessage('created', fault));
      return ok(fault, '新建成功');
    },
  );

  app.get<{ Querystring: { assetId?: number; district?: string; days: number } }>(
    `${BASE}/faults/history`,
    {
      onRequest: requirePermission({ menu: MENU_FAULT }),
      schema: {
        querystring: {
          type: 'object',
          properties: {
            assetId: { type: 'integer', minimum: 1 },
            district: { type: 'string', minLength: 1, maxLength: 50 },
            days: { type: 'integer', minimum: 1, maximum: 365, default: 90 },
          },
        },
      },
    },
    async (req) => {
      const q = req.query;
      if (q.assetId === undefined && q.district === undefined)
        throw badRequest('assetId: assetId or district is required');
      const since = clock() - q.days * DAY_MS;
      let base = faultSelect().where('f.reportedAt', '>=', since).where('f.assetId', 'is not', null);
      if (q.assetId !== undefined) base = base.where('f.assetId', '=', q.assetId);
      if (q.district !== undefined) base = base.where('f.district', '=', q.district);
      const rows = await base.orderBy('f.reportedAt', 'desc').orderBy('f.id', 'desc').execute();
      const byType = new Map<string, number>();
      const byMonth = new Map<string, number>();
      for (const f of rows) {
        byType.set(f.typeCode, (byType.get(f.typeCode) ?? 0) + 1);
        const m = new Date(f.reportedAt + 8 * 3_600_000).toISOString().slice(0, 7);
        byMonth.set(m, (byMonth.get(m) ?? 0) + 1);
      }
      return ok({
        total: rows.length,
        open: rows.filter((f) => f.closedAt === null).length,
        byType: [...byType.entries()]
          .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
          .map(([typeCode, count]) => ({ typeCode, faultType: FAULT_TYPES[typeCode] ?? typeCode, count })),
        byMonth: [...byMonth.entries()]
          .sort((a, b) => (a[0] < b[0] ? -1 : 1))
          .map(([month, count]) => ({ month, count })),
        list: rows.slice(0, 50).map(faultOut),
      });
    },
  );

  app.get<{ Querystring: { district?: string; minFaults: number } }>(
    `${BASE}/faults/analysis`,
    {
      onRequest: requirePermission({ menu: MENU_FAULT }),
      schema: {
        querystring: {
          type: 'object',
          properties: {
            district: { type: 'string', minLength: 1, maxLength: 50 },
            minFaults: { type: 'integer', minimum: 2, maximum: 1000, default: 3 },
          },
        },
      },
    },
    async (req) => {
      let fq = db
        .selectFrom('map_asset as a')
        .select(['a.objectid', 'a.circuitId', 'a.controlBoxId', 'a.transformerId'])
        .where('a.status', '=', 'fault')
        .where('a.kind', 'in', [...LAMP_KINDS]);
      if (req.query.district) fq = fq.where('a.district', '=', req.query.district);
      const faulty = await fq.execute();
      const circuits = [...new Set(faulty.map((f) => f.circuitId).filter((c): c is string => !!c))];
      const boxes = [...new Set(faulty.map((f) => f.controlBoxId).filter((c): c is number => c !== null))];
      const trs = [...new Set(faulty.map((f) => f.transformerId).filter((c): c is number => c !== null))];
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
      await countBy('circuitId', circuits, 'circuit');
      await countBy('controlBoxId', boxes, 'controlBox');
      await countBy('transformerId', trs, 'transformer');
      const groups = sharedCauses(faulty, members, req.query.minFaults).slice(0, 200);
      const faultySet = new Set(faulty.map((f) => f.objectid));
      const out = [];
      for (const g of groups) {
        let suspected: Record<string, unknown> | null = null;
        let reason = '';
        if (g.groupBy === 'circuit') {
          // Walk the circuit's chain from its box: the segment feeding the first faulty lamp.
          const edges = await db
            .selectFrom('map_cable')
            .select(['objectid', 'fromId', 'toId', 'code', 'paths'])
            .where('circuitId', '=', g.key)
            .execute();
          const into = new Map(edges.map((e) => [e.toId, e]));
          const firstFaulty = g.assetIds
            .map((id) => ({ id, depth: upstreamPath(id, edges).length }))
            .sort((a, b) => a.depth - b.depth)[0];
          const cable = firstFaulty ? into.get(firstFaulty.id) : undefined;
          if (cable && faultySet.has(cable.toId)) {
            suspected = {
              layer: 1,
              objectid: cable.objectid,
              kind: 'cable',
              code: cable.code,
              geometry: { paths: JSON.parse(cable.paths) as unknown, spatialReference: WEB_MERCATOR },
            };
            reason = `回路 ${g.key} 有 ${g.faultCount}/${g.memberCount} 盏灯故障，疑似其上游电缆或回路故障`;
          }
        } else {
          const a = await db
            .selectFrom('map_asset')
            .select(['objectid', 'kind', 'code', 'x', 'y'])
            .where('objectid', '=', Number(g.key))
            .executeTakeFirst();
          if (a) {
            suspected = {
              layer: 0,
              objectid: a.objectid,
              kind: a.kind,
              code: a.code,
              geometry: { x: Number(a.x), y: Number(a.y), spatialReference: WEB_MERCATOR },
            };
            reason =
              g.groupBy === 'controlBox'
                ? `控制箱 ${a.code} 的 ${g.spread} 个回路共 ${g.faultCount} 盏灯故障，疑似控制箱故障`
                : `变压器 ${a.code} 供电的 ${g.spread} 个控制箱共 ${g.faultCount} 盏灯故障，疑似变压器故障`;
          }
        }
        if (suspected) out.push({ ...g, suspected, reason });
      }
      return ok(out);
    },
  );

  /* ---------------- topology ---------------- */

  const extentOfAssets = async (ids: readonly number[]): Promise<Envelope | null> => {
    const e = emptyEnvelope();
    for (let i = 0; i < ids.length; i += 900) {
      const r = await db
        .selectFrom('map_asset')
        .select((eb) => [
          eb.fn.min('x').as('xmin'),
          eb.fn.min('y').as('ymin'),
          eb.fn.max('x').as('xmax'),
          eb.fn.max('y').as('ymax'),
        ])
        .where('objectid', 'in', ids.slice(i, i + 900))
        .executeTakeFirst();
      if (r?.xmin !== null && r?.xmin !== undefined) {
        extendEnvelope(e, Number(r.xmin), Number(r.ymin));
        extendEnvelope(e, Number(r.xmax), Number(r.ymax));
      }
    }
    return isEmptyEnvelope(e) ? null : e;
  };
  /** The cable edges of the network below a transformer (its feeders and every circuit of its boxes). */
  const edgesUnderTransformer = async (transformerId: number): Promise<Edge[]> =>
    db
      .selectFrom('map_cable')
      .select(['objectid', 'fromId', 'toId'])
      .where('transformerId', '=', transformerId)
      .execute();

  app.get<{ Querystring: { objectid?: number; cableId?: number } }>(
    `${BASE}/topology/downstream`,
    {
      onRequest: requirePermission({ menu: MENU_ASSETS }),
      schema: {
        querystring: {
          type: 'object',
          properties: { objectid: { type: 'integer', minimum: 1 }, cableId: { type: 'integer', minimum: 1 } },
        },
      },
    },
    async (req) => {
      const { objectid, cableId } = req.query;
      if ((objectid === undefined) === (cableId === undefined))
        throw badRequest('objectid: give objectid or cableId');
      let root: Record<string, unknown>;
      let res: { assetIds: number[]; cableIds: number[] };
      if (cableId !== undefined) {
        const c = await db
          .selectFrom('map_cable')
          .select(['objectid', 'fromId', 'toId', 'code', 'transformerId'])
          .where('objectid', '=', cableId)
          .executeTakeFirst();
        if (!c) throw notFound('电缆不存在');
        const edges = c.transformerId === null ? [c] : await edgesUnderTransformer(c.transformerId);
        res = downstreamOfCable(c, edges);
        root = { layer: 1, objectid: c.objectid, kind: 'cable', code: c.code };
      } else {
        const a = await loadAsset(objectid ?? 0);
        if (a.kind !== 'transformer' && a.kind !== 'controlBox' && !isLampKind(a.kind))
          throw badRequest('objectid: must be a transformer, a control box or a lamp');
        const tId = a.kind === 'transformer' ? a.objectid : a.transformerId;
        const edges = tId === null ? [] : await edgesUnderTransformer(tId);
        res = downstreamOf(a.objectid, edges);
        // What a node feeds also includes the poles, wells and meters of the circuits below it.
        if (a.kind === 'transformer' || a.kind === 'controlBox') {
          const col = a.kind === 'transformer' ? 'transformerId' : 'controlBoxId';
          const more = await db
            .selectFrom('map_asset')
            .select('objectid')
            .where(col, '=', a.objectid)
            .execute();
          const set = new Set(res.assetIds);
          for (const m of more) if (!set.has(m.objectid)) res.assetIds.push(m.objectid);
        }
        root = { layer: 0, objectid: a.objectid, kind: a.kind, code: a.code };
      }
      const extent = await extentOfAssets(res.assetIds);
      return ok({ root, ...res, extent: extent ? { ...extent, spatialReference: WEB_MERCATOR } : null });
    },
  );

  app.get<{ Querystring: { objectid: number } }>(
    `${BASE}/topology/upstream`,
    {
      onRequest: requirePermission({ menu: MENU_ASSETS }),
      schema: {
        querystring: {
          type: 'object',
          required: ['objectid'],
          properties: { objectid: { type: 'integer', minimum: 1 } },
        },
      },
    },
    async (req) => {
      const a = await loadAsset(req.query.objectid);
      const tId = a.kind === 'transformer' ? a.objectid : a.transformerId;
      const edges = tId === null ? [] : await edgesUnderTransformer(tId);
      // Poles, wells and meters hang off their control box: start from it.
      const fed = edges.some((e) => e.toId === a.objectid);
      const start = fed || a.controlBoxId === null ? a.objectid : a.controlBoxId;
      const steps = upstreamPath(start, edges);
      if (start !== a.objectid) steps.unshift({ layer: 0, objectid: a.objectid });
      const assetIds = steps.filter((s) => s.layer === 0).map((s) => s.objectid);
      const cableIds = steps.filter((s) => s.layer === 1).map((s) => s.objectid);
      const assets = assetIds.length
        ? await db
            .selectFrom('map_asset')
            .select(['objectid', 'kind', 'code'])
            .where('objectid', 'in', assetIds)
            .execute()
        : [];
      const cables = cableIds.length
        ? await db
            .selectFrom('map_cable')
            .select(['objectid', 'code'])
            .where('objectid', 'in', cableIds)
            .execute()
        : [];
      const am = new Map(assets.map((x) => [x.objectid, x]));
      const cm = new Map(cables.map((x) => [x.objectid, x]));
      const path = steps.map((s) =>
        s.layer === 0
          ? {
              layer: 0,
              objectid: s.objectid,
              kind: am.get(s.objectid)?.kind ?? '',
              code: am.get(s.objectid)?.code ?? '',
            }
          : { layer: 1, objectid: s.objectid, kind: 'cable', code: cm.get(s.objectid)?.code ?? '' },
      );
      const extent = await extentOfAssets(assetIds);
      return ok({
        path,
        assetIds,
        cableIds,
        extent: extent ? { ...extent, spatialReference: WEB_MERCATOR } : null,
      });
    },
  );

  /* ---------------- statistics ---------------- */

  app.get<{ Querystring: { district?: string } }>(
    `${BASE}/statistics`,
    {
      onRequest: requirePermission({ menu: MENU_STATISTIC }),
      schema: {
        querystring: {
          type: 'object',
          properties: { district: { type: 'string', minLength: 1, maxLength: 50 } },
        },
      },
    },
    async (req) => {
      const d = req.query.district;
      let gq = db
        .selectFrom('map_asset')
        .select((eb) => ['district', 'kind', 'status', 'roadClass', eb.fn.countAll<number>().as('n')])
        .groupBy(['district', 'kind', 'status', 'roadClass']);
      if (d) gq = gq.where('district', '=', d);
      const groups = (await gq.execute()) as GroupCount[];
      let fq = db
        .selectFrom('fault')
        .select((eb) => ['district', eb.fn.countAll<number>().as('n')])
        .where('closedAt', 'is', null)
        .where('assetId', 'is not', null)
        .groupBy('district');
      if (d) fq = fq.where('district', '=', d);
      const openFaults = new Map((await fq.execute()).map((r) => [r.district, Number(r.n)]));
      const since = clock() - 30 * DAY_MS;
      let oq = db
        .selectFrom('work_order')
        .select(['urgency', 'dueAt', 'completedAt'])
        .where('completedAt', '>=', since)
        .where('assetId', 'is not', null);
      if (d) oq = oq.where('district', '=', d);
      const orders = await oq.execute();
      const c = repairCompliance(orders);
      return ok({
        ...summarize(groups, openFaults),
        repairCompliance: {
          days: 30,
          general: { limit: '24h', ...c.general },
          severe: { limit: '3 working days', ...c.severe },
          emergency: { limit: '1h', ...c.emergency },
          overall: c.overall,
        },
      });
    },
  );

  /* ---------------- crews and tracks ---------------- */

  app.get(
    `${BASE}/crews`,
    { onRequest: requirePermission({ menu: MENU_FAULT }), schema: { querystring: { type: 'object' } } },
    async () => {
      const crews = await db.selectFrom('map_crew').selectAll().orderBy('id').execute();
      const out = [];
      for (const c of crews) {
        const last = await db
          .selectFrom('map_track')
          .select(['t', 'x', 'y'])
          .where('crewId', '=', c.id)
          .orderBy('t', 'desc')
          .limit(1)
          .executeTakeFirst();
        const open = await db
          .selectFrom('work_order')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('crewId', '=', c.id)
          .where('state', 'in', [...OPEN_ORDER_STATES])
          .executeTakeFirst();
        out.push({
          ...c,
          last: last ? { t: Number(last.t), x: Number(last.x), y: Number(last.y) } : null,
          openOrders: Number(open?.n ?? 0),
        });
      }
      return ok(out);
    },
  );

  app.get<{ Params: { id: string }; Querystring: { from?: number; to?: number } }>(
    `${BASE}/crews/:id/track`,
    {
      onRequest: requirePermission({ menu: MENU_FAULT }),
      schema: {
        params: idParams,
        querystring: { type: 'object', properties: { from: msQuery, to: msQuery } },
      },
    },
    async (req) => {
      const crew = await db
        .selectFrom('map_crew')
        .select('id')
        .where('id', '=', req.params.id)
        .executeTakeFirst();
      if (!crew) throw notFound('班组不存在');
      const to = req.query.to ?? clock();
      const from = req.query.from ?? to - DAY_MS;
      if (from > to) throw badRequest('from: must not be after to');
      if (to - from > 7 * DAY_MS) throw badRequest('from: the range must be at most 7 days');
      const points = await db
        .selectFrom('map_track')
        .select(['t', 'x', 'y'])
        .where('crewId', '=', crew.id)
        .where('t', '>=', from)
        .where('t', '<=', to)
        .orderBy('t')
        .execute();
      return ok({
        crewId: crew.id,
        points: points.map((p) => ({ t: Number(p.t), x: Number(p.x), y: Number(p.y) })),
      });
    },
  );

  /* ---------------- repair orders ---------------- */

  interface OrderListQuery {
    currentPage: number;
    pageSize: number;
    state?: string;
    crewId?: string;
    district?: string;
    urgency?: number;
    assetId?: number;
    keyword?: string;
  }
  app.get<{ Querystring: OrderListQuery }>(
    `${BASE}/repair-orders`,
    {
      onRequest: requirePermission({ menu: MENU_FAULT }),
      schema: {
        querystring: {
          type: 'object',
          properties: {
            ...pagingQuery,
            state: { type: 'string', enum: [...ORDER_STATES] },
            crewId: { type: 'string', minLength: 1, maxLength: 64 },
            district: { type: 'string', minLength: 1, maxLength: 50 },
            urgency: { type: 'integer', enum: [1, 2, 3] },
            assetId: { type: 'integer', minimum: 1 },
            keyword: keywordQuery,
          },
        },
      },
    },
    async (req) => {
      const q = req.query;
      let base = db
        .selectFrom('work_order as o')
        .leftJoin('map_asset as a', 'a.objectid', 'o.assetId')
        .leftJoin('map_crew as c', 'c.id', 'o.crewId')
        .where('o.assetId', 'is not', null);
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
          ]),
        );
      }
      const { list, pagination } = await paged(base, q, (b) =>
        b.select(ORDER_COLUMNS).orderBy('o.createdAt', 'desc').orderBy('o.id', 'desc'),
      );
      return page(list.map(orderOut), pagination);
    },
  );

  app.get<{ Params: { id: string } }>(
    `${BASE}/repair-orders/:id`,
    { onRequest: requirePermission({ menu: MENU_FAULT }), schema: { params: idParams } },
    async (req) => ok(await loadOrder(req.params.id)),
  );

  interface NewOrder {
    faultId?: string;
    assetId?: number;
    urgency?: 1 | 2 | 3;
    title?: string;
    remark?: string;
  }
  app.post<{ Body: NewOrder }>(
    `${BASE}/repair-orders`,
    {
      onRequest: requirePermission({ menu: MENU_FAULT, button: 'btn_add' }),
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          properties: {
            faultId: { type: 'string', minLength: 1, maxLength: 64 },
            assetId: { type: 'integer', minimum: 1 },
            urgency: { type: 'integer', enum: [1, 2, 3] },
            title: { type: 'string', minLength: 1, maxLength: 200 },
            remark: { type: 'string', maxLength: 500 },
          },
        },
      },
    },
    async (req) => {
      const b = req.body;
      if ((b.faultId === undefined) === (b.assetId === undefined))
        throw badRequest('faultId: give faultId or assetId');
      let assetId: number;
      let urgency: number;
      let faultType = '';
      if (b.faultId !== undefined) {
        const f = await db.selectFrom('fault').selectAll().where('id', '=', b.faultId).executeTakeFirst();
        if (!f || f.assetId === null) throw notFound('故障不存在');
        if (f.closedAt !== null) throw badRequest('faultId: 故障已关闭');
        const open = await db
          .selectFrom('work_order')
          .select('id')
          .where('faultId', '=', f.id)
          .where('state', 'in', [...OPEN_ORDER_STATES])
          .executeTakeFirst();
        if (open) throw badRequest('faultId: 该故障已有未完成的维修工单');
        assetId = f.assetId;
        urgency = b.urgency ?? f.urgency;
        faultType = f.faultType;
      } else {
        assetId = b.assetId ?? 0;
        urgency = b.urgency ?? 1;
      }
      const asset = await loadAsset(assetId);
      const now = clock();
      const id = `ro-${randomUUID()}`;
      await db.transaction().execute(async (trx) => {
        const billNo = await allocateBillNumber(trx, REPAIR_ORDER_RULE, now);
        await trx
          .insertInto('work_order')
          .values({
            id,
            billNo,
            title: b.title?.trim() || `${asset.district}${asset.road}${asset.code}${faultType || ''}维修`,
            district: asset.district,
            faultId: b.faultId ?? null,
            assetId: asset.objectid,
            urgency,
            state: 'pending',
            crewId: null,
            createdAt: now,
            dueAt: dueAtFor(urgency, now),
            dispatchedAt: null,
            startedAt: null,
            completedAt: null,
            verifiedAt: null,
            remark: (b.remark ?? '').trim(),
          })
          .execute();
      });
      const order = await loadOrder(id);
      void push(mapRepairOrderChangeMessage(order));
      return ok(order, '新建成功');
    },
  );

  const action = (name: OrderAction, bodySchema: Record<string, unknown>) =>
    app.put<{ Params: { id: string }; Body: { crewId?: string; remark?: string } | undefined }>(
      `${BASE}/repair-orders/:id/Actions/${name}`,
      {
        onRequest: requirePermission({ menu: MENU_FAULT, button: 'btn_edit' }),
        schema: { params: idParams, ...bodySchema },
      },
      async (req) => {
        const o = await loadOrder(req.params.id);
        const to = nextState(o.state, name);
        if (!to) throw badRequest(`${STATE_NOT_ALLOWED}: ${o.state}`);
        const now = clock();
        const body = req.body ?? {};
        if (name === 'Dispatch') {
          const crew = await db
            .selectFrom('map_crew')
            .select('id')
            .where('id', '=', body.crewId ?? '')
            .executeTakeFirst();
          if (!crew) throw badRequest('crewId: 班组不存在');
        }
        const pushes: Array<() => Promise<void>> = [];
        const done = await db.transaction().execute(async (trx) => {
          const patch =
            name === 'Dispatch'
              ? { state: to, crewId: body.crewId ?? null, dispatchedAt: now }
              : name === 'Start'
                ? { state: to, startedAt: now }
                : name === 'Complete'
                  ? { state: to, completedAt: now, ...(body.remark ? { remark: body.remark.trim() } : {}) }
                  : { state: to, verifiedAt: now };
          const r = await trx
            .updateTable('work_order')
            .set(patch)
            .where('id', '=', o.id)
            .where('state', '=', o.state)
            .executeTakeFirst();
          if (Number(r.numUpdatedRows) !== 1) return false;
          if (name === 'Complete' && o.assetId !== null) {
            // Close the order's fault (an asset order closes all the asset's open faults).
            let fq = trx
              .updateTable('fault')
              .set({ closedAt: now })
              .where('closedAt', 'is', null)
              .where('assetId', '=', o.assetId);
            if (o.faultId) fq = fq.where('id', '=', o.faultId);
            const closing = await trx
              .selectFrom('fault')
              .select(['id', 'restoreStatus'])
              .where('closedAt', 'is', null)
              .where('assetId', '=', o.assetId)
              .$if(!!o.faultId, (qb) => qb.where('id', '=', o.faultId ?? ''))
              .execute();
            await fq.execute();
            const stillOpen = await trx
              .selectFrom('fault')
              .select('id')
              .where('assetId', '=', o.assetId)
              .where('closedAt', 'is', null)
              .executeTakeFirst();
            if (!stillOpen) {
              const asset = await trx
                .selectFrom('map_asset')
                .select(['kind', 'status'])
                .where('objectid', '=', o.assetId)
                .executeTakeFirst();
              if (asset && (asset.status === 'fault' || asset.status === 'offline')) {
                const back = isLampKind(asset.kind)
                  ? restoredStatus(asset.kind, now)
                  : (closing.find((f) => f.restoreStatus && f.restoreStatus !== 'fault')?.restoreStatus ??
                    'completed');
                const res = await setAssetStatus(trx, [o.assetId], back, now);
                if (res.changed.length)
                  pushes.push(() => push(mapAssetChangeMessage(res.changed, res.lastEditDate)));
              }
            }
            for (const f of closing)
              pushes.push(async () => {
                const row = await faultSelect().where('f.id', '=', f.id).executeTakeFirst();
                if (row) await push(mapFaultChangeMessage('closed', faultOut(row)));
              });
          }
          return true;
        });
        if (!done) throw badRequest(`${STATE_NOT_ALLOWED}: ${o.state}`);
        const order = await loadOrder(o.id);
        for (const p of pushes) void p();
        void push(mapRepairOrderChangeMessage(order));
        return ok(order, '操作成功');
      },
    );
  action('Dispatch', {
    body: {
      type: 'object',
      required: ['crewId'],
      additionalProperties: false,
      properties: { crewId: { type: 'string', minLength: 1, maxLength: 64 } },
    },
  });
  action('Start', {});
  action('Complete', {
    body: {
      type: 'object',
      additionalProperties: false,
      properties: { remark: { type: 'string', maxLength: 500 } },
    },
  });
  action('Verify', {});
}
