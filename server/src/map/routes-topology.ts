/** Map routes: topology (what a transformer, control box or cable feeds, and the path up to the source). */
import type { FastifyInstance } from 'fastify';
import { badRequest, notFound, ok } from '../http/envelope';
import { requirePermission } from '../auth';
import { typed } from '../http/typed';
import { isLampKind } from './city';
import { WEB_MERCATOR, emptyEnvelope, extendEnvelope, isEmptyEnvelope, type Envelope } from './geo';
import { downstreamOf, downstreamOfCable, upstreamPath, type Edge } from './network';

import { BASE, MENU_ASSETS } from './store';
import type { MapReads } from './reads';

export function registerTopologyRoutes(app: FastifyInstance, m: MapReads): void {
  const r = typed(app);
  const { db, loadAsset } = m;
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

  r.get(
    `${BASE}/topology/downstream`,
    {
      onRequest: requirePermission({ menu: MENU_ASSETS }),
      schema: {
        querystring: {
          type: 'object',
          properties: { objectid: { type: 'integer', minimum: 1 }, cableId: { type: 'integer', minimum: 1 } },
        },
      } as const,
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

  r.get(
    `${BASE}/topology/upstream`,
    {
      onRequest: requirePermission({ menu: MENU_ASSETS }),
      schema: {
        querystring: {
          type: 'object',
          required: ['objectid'],
          properties: { objectid: { type: 'integer', minimum: 1 } },
        },
      } as const,
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
}
