/** Map routes: repair crews and their GPS tracks. */
import type { FastifyInstance } from 'fastify';
import { badRequest, notFound, ok } from '../http/envelope';
import { requirePermission } from '../auth';
import { typed } from '../http/typed';
import { DAY_MS, OPEN_ORDER_STATES } from './rules';

import { BASE, MENU_FAULT, idParams, msQuery } from './store';
import type { MapReads } from './reads';

export function registerCrewRoutes(app: FastifyInstance, m: MapReads): void {
  const r = typed(app);
  const { db, clock } = m;
  /* ---------------- crews and tracks ---------------- */

  r.get(
    `${BASE}/crews`,
    {
      onRequest: requirePermission({ menu: MENU_FAULT }),
      schema: { querystring: { type: 'object' } } as const,
    },
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

  r.get(
    `${BASE}/crews/:id/track`,
    {
      onRequest: requirePermission({ menu: MENU_FAULT }),
      schema: {
        params: idParams,
        querystring: { type: 'object', properties: { from: msQuery, to: msQuery } },
      } as const,
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
}
