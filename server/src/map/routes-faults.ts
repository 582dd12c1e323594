/** Map routes: the fault list, new faults, fault history and fault judgement (shared causes). */
import type { FastifyInstance } from 'fastify';
import { answers } from '../http/response';
import { MAP_ANSWERS } from './responses';
import { badRequest, ok, page } from '../http/envelope';
import { requirePermission } from '../auth';
import { typed } from '../http/typed';
import { keywordQuery, pagingQuery } from '../http/validation';
import { ASSET_KINDS } from './city';
import { announceFault, insertFault } from './fault-service';
import { WEB_MERCATOR } from './geo';
import { sharedCauses, upstreamPath } from './network';
import { DAY_MS, FAULT_SOURCES, FAULT_TYPES, FAULT_TYPE_CODES } from './rules';

import { BASE, MENU_ASSETS, MENU_FAULT, idParams, msQuery } from './store';
import type { MapReads } from './reads';
import { faultyLamps, lampCountsOf, pageFaults } from './fault-store';
import { assetPlace } from './asset-store';
import { circuitCables } from './topology-store';
import { requestScope } from './scope';
import { rowInScope } from '../kernel';

/** The element a shared cause points at: a cable (its polyline) or an asset (its point). */
type Suspect = {
  layer: 0 | 1;
  objectid: number;
  kind: string;
  code: string;
  geometry:
    | { x: number; y: number; spatialReference: typeof WEB_MERCATOR }
    | { paths: number[][][]; spatialReference: typeof WEB_MERCATOR };
};

export function registerFaultRoutes(app: FastifyInstance, m: MapReads): void {
  const r = typed(app);
  const { db, clock, faultSelect, faultOut, loadAsset, loadFault } = m;
  /* ---------------- faults ---------------- */

  r.get(
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
            // the asset's code, the fault type, the source's reference (a citizen's BX number) or
            // the description
            keyword: keywordQuery,
          },
        },
        response: answers(MAP_ANSWERS.faults),
      } as const,
    },
    async (req) => {
      const scope = await requestScope(req, MENU_FAULT);
      const { list, pagination } = await pageFaults(db, { ...req.query, scope: scope?.where });
      return page(list.map(faultOut), pagination);
    },
  );

  r.get(
    `${BASE}/faults/:id`,
    {
      onRequest: requirePermission({ menu: MENU_FAULT }),
      schema: { params: idParams, response: answers(MAP_ANSWERS.fault) } as const,
    },
    async (req) => ok(await loadFault(req.params.id, (await requestScope(req, MENU_FAULT))?.where)),
  );

  r.post(
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
        response: answers(MAP_ANSWERS.fault),
      } as const,
    },
    async (req) => {
      const b = req.body;
      // an asset outside the caller's assets is not there for them; a fault they could not see is refused
      const asset = await loadAsset(b.assetId, 'assetId', (await requestScope(req, MENU_ASSETS))?.where);
      const faults = await requestScope(req, MENU_FAULT);
      if (
        faults &&
        !rowInScope(faults.predicate, {
          district: asset.district,
          source: b.source,
          typeCode: b.typeCode,
          urgency: b.urgency,
          assetKind: asset.kind,
        })
      )
        throw badRequest('assetId: 此故障不在您的数据权限内');
      const created = await db
        .transaction()
        .execute((trx) => insertFault(trx, asset, { ...b, description: b.description ?? '' }, clock()));
      const fault = await announceFault(m, created);
      return ok(fault, '新建成功');
    },
  );

  r.get(
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
        response: answers(MAP_ANSWERS.faultHistory),
      } as const,
    },
    async (req) => {
      const q = req.query;
      if (q.assetId === undefined && q.district === undefined)
        throw badRequest('assetId: assetId or district is required');
      const since = clock() - q.days * DAY_MS;
      let base = faultSelect().where('f.reportedAt', '>=', since).where('f.assetId', 'is not', null);
      const scope = await requestScope(req, MENU_FAULT);
      if (scope) base = base.where(scope.where);
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

  r.get(
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
        response: answers(MAP_ANSWERS.faultAnalysis),
      } as const,
    },
    async (req) => {
      // the lamps in fault the caller may see (their assets), their faults' groups among them
      const faulty = await faultyLamps(db, req.query.district, (await requestScope(req, MENU_ASSETS))?.where);
      const members = await lampCountsOf(db, {
        circuits: [...new Set(faulty.map((f) => f.circuitId).filter((c): c is string => !!c))],
        boxes: [...new Set(faulty.map((f) => f.controlBoxId).filter((c): c is number => c !== null))],
        transformers: [...new Set(faulty.map((f) => f.transformerId).filter((c): c is number => c !== null))],
      });
      const groups = sharedCauses(faulty, members, req.query.minFaults).slice(0, 200);
      const faultySet = new Set(faulty.map((f) => f.objectid));
      const out = [];
      for (const g of groups) {
        let suspected: Suspect | null = null;
        // The group's element by its code (a circuit's id is its code; a box or transformer is named
        // by its asset code, never its object id). The judgement's sentence is not written here: the
        // console composes it from groupBy, the counts and the codes in the reader's language.
        let groupCode = '';
        if (g.groupBy === 'circuit') {
          // Walk the circuit's chain from its box: the segment feeding the first faulty lamp.
          const edges = await circuitCables(db, g.key);
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
              geometry: { paths: JSON.parse(cable.paths) as number[][][], spatialReference: WEB_MERCATOR },
            };
            groupCode = g.key;
          }
        } else {
          const a = await assetPlace(db, Number(g.key));
          if (a) {
            suspected = {
              layer: 0,
              objectid: a.objectid,
              kind: a.kind,
              code: a.code,
              geometry: { x: Number(a.x), y: Number(a.y), spatialReference: WEB_MERCATOR },
            };
            groupCode = a.code;
          }
        }
        if (suspected) out.push({ ...g, groupCode, suspected });
      }
      return ok(out);
    },
  );
}
