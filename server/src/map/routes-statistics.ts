/** Map routes: the statistics page (counts by district, kind and status; repair compliance). */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../database';
import { ok } from '../http/envelope';
import { requirePermission } from '../auth';
import { typed } from '../http/typed';
import { DAY_MS, repairCompliance } from './rules';
import { summarize, type GroupCount } from './stats';

import { BASE, MENU_STATISTIC } from './store';
import type { MapReads } from './reads';

export function registerStatisticRoutes(app: FastifyInstance, m: MapReads): void {
  const r = typed(app);
  const { db, clock } = m;
  /* ---------------- statistics ---------------- */

  r.get(
    `${BASE}/statistics`,
    {
      onRequest: requirePermission({ menu: MENU_STATISTIC }),
      schema: {
        querystring: {
          type: 'object',
          properties: { district: { type: 'string', minLength: 1, maxLength: 50 } },
        },
      } as const,
    },
    async (req) => ok(await cityStatistics(db, clock(), req.query.district)),
  );
}

/**
 * The statistics of the city (or one district) now: counts by kind, status and district, lights-on
 * rates against their targets, integrity, and repair compliance over the last 30 days. The
 * statistics page and the wall display read the same figures from here.
 */
export async function cityStatistics(db: Db, now: number, d?: string) {
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
  const since = now - 30 * DAY_MS;
  let oq = db
    .selectFrom('work_order')
    .select(['urgency', 'dueAt', 'completedAt'])
    .where('completedAt', '>=', since)
    .where('assetId', 'is not', null);
  if (d) oq = oq.where('district', '=', d);
  const orders = await oq.execute();
  const c = repairCompliance(orders);
  return {
    ...summarize(groups, openFaults),
    repairCompliance: {
      days: 30,
      general: { limit: '24h', ...c.general },
      severe: { limit: '3 working days', ...c.severe },
      emergency: { limit: '1h', ...c.emergency },
      overall: c.overall,
    },
  };
}
