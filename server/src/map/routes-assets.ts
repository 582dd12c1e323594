/** Map routes: asset search, one asset, its status, and the districts with their counts. */
import type { FastifyInstance } from 'fastify';
import { badRequest, ok } from '../http/envelope';
import { requirePermission } from '../auth';
import { typed } from '../http/typed';
import { mapAssetChangeMessage } from '../realtime/protocol';
import { ASSET_STATUSES, LAMP_KINDS } from './city';
import { WEB_MERCATOR } from './geo';
import { OPEN_ORDER_STATES } from './rules';

import { BASE, MENU_ASSETS, objectidParams, setAssetStatus } from './store';
import type { MapReads } from './reads';

export function registerAssetRoutes(app: FastifyInstance, m: MapReads): void {
  const r = typed(app);
  const { db, clock, push, faultSelect, faultOut, orderSelect, orderOut, loadAsset } = m;
  /* ---------------- assets ---------------- */

  r.get(
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
      } as const,
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

  r.get(
    `${BASE}/assets/:objectid`,
    { onRequest: requirePermission({ menu: MENU_ASSETS }), schema: { params: objectidParams } as const },
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

  r.put(
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
      } as const,
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

  r.get(
    `${BASE}/districts`,
    {
      config: { open: 'district names and asset counts, shown on the home dashboard and every map page' },
      schema: { querystring: { type: 'object' } } as const,
    },
    async () => {
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
    },
  );
}
