/** Map routes: topology (what a transformer, control box or cable feeds, and the path up to the source). */
import type { FastifyInstance } from 'fastify';
import { badRequest, notFound, ok } from '../http/envelope';
import { requirePermission } from '../auth';
import { typed } from '../http/typed';
import { isLampKind } from './city';
import { WEB_MERCATOR } from './geo';
import { downstreamOf, downstreamOfCable, upstreamPath } from './network';
import { assetsBelow, cableById, cableCodes, edgesUnderTransformer, extentOfAssets } from './topology-store';
import { assetKindsAndCodes } from './asset-store';

import { BASE, MENU_ASSETS } from './store';
import type { MapReads } from './reads';
import { answers } from '../http/response';
import { MAP_ANSWERS } from './responses';

export function registerTopologyRoutes(app: FastifyInstance, m: MapReads): void {
  const r = typed(app);
  const { db, loadAsset } = m;
  /* ---------------- topology ---------------- */

  const extentOf = (ids: readonly number[]) => extentOfAssets(db, ids);
  const edgesUnder = (transformerId: number) => edgesUnderTransformer(db, transformerId);

  r.get(
    `${BASE}/topology/downstream`,
    {
      onRequest: requirePermission({ menu: MENU_ASSETS }),
      schema: {
        querystring: {
          type: 'object',
          properties: { objectid: { type: 'integer', minimum: 1 }, cableId: { type: 'integer', minimum: 1 } },
        },
        response: answers(MAP_ANSWERS.downstream),
      } as const,
    },
    async (req) => {
      const { objectid, cableId } = req.query;
      if ((objectid === undefined) === (cableId === undefined))
        throw badRequest('objectid: give objectid or cableId');
      let root: { layer: 0 | 1; objectid: number; kind: string; code: string };
      let res: { assetIds: number[]; cableIds: number[] };
      if (cableId !== undefined) {
        const c = await cableById(db, cableId);
        if (!c) throw notFound('电缆不存在');
        const edges = c.transformerId === null ? [c] : await edgesUnder(c.transformerId);
        res = downstreamOfCable(c, edges);
        root = { layer: 1, objectid: c.objectid, kind: 'cable', code: c.code };
      } else {
        const a = await loadAsset(objectid ?? 0);
        if (a.kind !== 'transformer' && a.kind !== 'controlBox' && !isLampKind(a.kind))
          throw badRequest('objectid: must be a transformer, a control box or a lamp');
        const tId = a.kind === 'transformer' ? a.objectid : a.transformerId;
        const edges = tId === null ? [] : await edgesUnder(tId);
        res = downstreamOf(a.objectid, edges);
        // What a node feeds also includes the poles, wells and meters of the circuits below it.
        if (a.kind === 'transformer' || a.kind === 'controlBox') {
          const col = a.kind === 'transformer' ? 'transformerId' : 'controlBoxId';
          const more = await assetsBelow(db, col, a.objectid);
          const set = new Set(res.assetIds);
          for (const id of more) if (!set.has(id)) res.assetIds.push(id);
        }
        root = { layer: 0, objectid: a.objectid, kind: a.kind, code: a.code };
      }
      const extent = await extentOf(res.assetIds);
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
        response: answers(MAP_ANSWERS.upstream),
      } as const,
    },
    async (req) => {
      const a = await loadAsset(req.query.objectid);
      const tId = a.kind === 'transformer' ? a.objectid : a.transformerId;
      const edges = tId === null ? [] : await edgesUnder(tId);
      // Poles, wells and meters hang off their control box: start from it.
      const fed = edges.some((e) => e.toId === a.objectid);
      const start = fed || a.controlBoxId === null ? a.objectid : a.controlBoxId;
      const steps = upstreamPath(start, edges);
      if (start !== a.objectid) steps.unshift({ layer: 0, objectid: a.objectid });
      const assetIds = steps.filter((s) => s.layer === 0).map((s) => s.objectid);
      const cableIds = steps.filter((s) => s.layer === 1).map((s) => s.objectid);
      const assets = await assetKindsAndCodes(db, assetIds);
      const cables = await cableCodes(db, cableIds);
      const am = new Map(assets.map((x) => [x.objectid, x]));
      const cm = new Map(cables.map((x) => [x.objectid, x]));
      const path = steps.map((s) =>
        s.layer === 0
          ? {
              layer: 0 as const,
              objectid: s.objectid,
              kind: am.get(s.objectid)?.kind ?? '',
              code: am.get(s.objectid)?.code ?? '',
            }
          : { layer: 1 as const, objectid: s.objectid, kind: 'cable', code: cm.get(s.objectid)?.code ?? '' },
      );
      const extent = await extentOf(assetIds);
      return ok({
        path,
        assetIds,
        cableIds,
        extent: extent ? { ...extent, spatialReference: WEB_MERCATOR } : null,
      });
    },
  );
}
