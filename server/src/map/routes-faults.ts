/** Map routes: the fault list, new faults, fault history and fault judgement (shared causes). */
import type { FastifyInstance } from 'fastify';
import { paged } from '../db/paging';
import { contains } from '../db/search';
import { badRequest, ok, page } from '../http/envelope';
import { requirePermission } from '../auth';
import { typed } from '../http/typed';
import { keywordQuery, pagingQuery } from '../http/validation';
import { ASSET_KINDS, LAMP_KINDS } from './city';
import { announceFault, insertFault } from './fault-service';
import { WEB_MERCATOR } from './geo';
import { sharedCauses, upstreamPath } from './network';
import { DAY_MS, FAULT_SOURCES, FAULT_TYPES, FAULT_TYPE_CODES } from './rules';

import { BASE, MENU_FAULT, idParams, msQuery, FAULT_COLUMNS } from './store';
import { latestOrderId, type MapReads } from './reads';

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
      } as const,
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
      const kw = q.keyword?.trim();
      if (kw)
        base = base.where((eb) =>
          eb.or([
            contains('a.code', kw),
            contains('f.faultType', kw),
            contains('f.sourceRef', kw),
            contains('f.description', kw),
          ]),
        );
      const { list, pagination } = await paged(base, q, (b) =>
        b.select(FAULT_COLUMNS).select(latestOrderId).orderBy('f.reportedAt', 'desc').orderBy('f.id', 'desc'),
      );
      return page(list.map(faultOut), pagination);
    },
  );

  r.get(
    `${BASE}/faults/:id`,
    { onRequest: requirePermission({ menu: MENU_FAULT }), schema: { params: idParams } },
    async (req) => ok(await loadFault(req.params.id)),
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
      } as const,
    },
    async (req) => {
      const b = req.body;
      const asset = await loadAsset(b.assetId, 'assetId');
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
      } as const,
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
      } as const,
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
        // The group's element by its code (a circuit's id is its code; a box or transformer is named
        // by its asset code, never its object id). The judgement's sentence is not written here: the
        // console composes it from groupBy, the counts and the codes in the reader's language.
        let groupCode = '';
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
            groupCode = g.key;
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
            groupCode = a.code;
          }
        }
        if (suspected) out.push({ ...g, groupCode, suspected });
      }
      return ok(out);
    },
  );
}
