/** Map routes: repair crews and their GPS tracks. */
import type { FastifyInstance } from 'fastify';
import { answers } from '../http/response';
import { MAP_ANSWERS } from './responses';
import { badRequest, notFound, ok } from '../http/envelope';
import { requirePermission } from '../auth';
import { typed } from '../http/typed';
import { DAY_MS } from './rules';
import { allCrews, crewExists, lastTrackPoint, trackBetween } from './crew-store';
import { openOrdersOfCrew } from './order-store';
import { MENU_REPAIR, requestScope } from './scope';

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
      schema: { querystring: { type: 'object' }, response: answers(MAP_ANSWERS.crews) } as const,
    },
    async (req) => {
      const crews = await allCrews(db);
      const scope = (await requestScope(req, MENU_REPAIR))?.where;
      const out = [];
      for (const c of crews) {
        const last = await lastTrackPoint(db, c.id);
        const openOrders = await openOrdersOfCrew(db, c.id, scope);
        out.push({
          ...c,
          last: last ? { t: Number(last.t), x: Number(last.x), y: Number(last.y) } : null,
          openOrders,
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
        response: answers(MAP_ANSWERS.track),
      } as const,
    },
    async (req) => {
      const crewId = req.params.id;
      if (!(await crewExists(db, crewId))) throw notFound('班组不存在');
      const to = req.query.to ?? clock();
      const from = req.query.from ?? to - DAY_MS;
      if (from > to) throw badRequest('from: must not be after to');
      if (to - from > 7 * DAY_MS) throw badRequest('from: the range must be at most 7 days');
      const points = await trackBetween(db, crewId, from, to);
      return ok({
        crewId,
        points: points.map((p) => ({ t: Number(p.t), x: Number(p.x), y: Number(p.y) })),
      });
    },
  );
}
