/** Map routes: asset search, one asset, its status, and the districts with their counts. */
import type { FastifyInstance } from 'fastify';
import { answers } from '../http/response';
import { MAP_ANSWERS } from './responses';
import { badRequest, ok } from '../http/envelope';
import { requirePermission } from '../auth';
import { typed } from '../http/typed';
import { mapAssetChangeMessage } from '../realtime/protocol';
import { ASSET_STATUSES } from './city';
import { WEB_MERCATOR } from './geo';
import { OPEN_ORDER_STATES } from './rules';

import { BASE, MENU_ASSETS, MENU_FAULT, objectidParams, setAssetStatus } from './store';
import { MENU_REPAIR, requestScope } from './scope';
import type { MapReads } from './reads';
import { allDistricts, assetCountsByDistrict } from './district-store';
import { assetRef, assetsByCodePrefix } from './asset-store';

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
        response: answers(MAP_ANSWERS.assetSearch),
      } as const,
    },
    async (req) => {
      const code = req.query.code
        .trim()
        .toUpperCase()
        .replace(/[%_\\]/g, '');
      if (!code) throw badRequest('code: must not be blank');
      const rows = await assetsByCodePrefix(
        db,
        code,
        req.query.limit,
        (await requestScope(req, MENU_ASSETS))?.where,
      );
      return ok(rows.map((r) => ({ ...r, x: Number(r.x), y: Number(r.y) })));
    },
  );

  r.get(
    `${BASE}/assets/:objectid`,
    {
      onRequest: requirePermission({ menu: MENU_ASSETS }),
      schema: { params: objectidParams, response: answers(MAP_ANSWERS.asset) } as const,
    },
    async (req) => {
      // an asset outside the caller's assets is not there; its faults and orders only as they may see them
      const asset = await loadAsset(
        req.params.objectid,
        undefined,
        (await requestScope(req, MENU_ASSETS))?.where,
      );
      const ref = (id: number | null) => assetRef(db, id);
      const faultScope = (await requestScope(req, MENU_FAULT))?.where;
      const orderScope = (await requestScope(req, MENU_REPAIR))?.where;
      let fq = faultSelect()
        .where('f.assetId', '=', asset.objectid)
        .where('f.closedAt', 'is', null)
        .orderBy('f.reportedAt', 'desc');
      if (faultScope) fq = fq.where(faultScope);
      const openFaults = await fq.execute();
      let oq = orderSelect()
        .where('o.assetId', '=', asset.objectid)
        .where('o.state', 'in', [...OPEN_ORDER_STATES])
        .orderBy('o.createdAt', 'desc');
      if (orderScope) oq = oq.where(orderScope);
      const openOrders = await oq.execute();
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
        response: answers(MAP_ANSWERS.assetStatus),
      } as const,
    },
    async (req) => {
      const asset = await loadAsset(
        req.params.objectid,
        undefined,
        (await requestScope(req, MENU_ASSETS))?.where,
      );
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
      schema: { querystring: { type: 'object' }, response: answers(MAP_ANSWERS.districts) } as const,
    },
    async () => {
      const ds = await allDistricts(db);
      const counts = await assetCountsByDistrict(db);
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
