/** Map routes: the statistics page (counts by district, kind and status; repair compliance). */
import type { FastifyInstance } from 'fastify';
import type { Expression, SqlBool } from 'kysely';
import { answers } from '../http/response';
import { MAP_ANSWERS } from './responses';
import type { Db } from '../database';
import { ok } from '../http/envelope';
import { requirePermission } from '../auth';
import { typed } from '../http/typed';
import { DAY_MS, repairCompliance } from './rules';
import { summarize } from './stats';
import { assetGroupCounts, openFaultsByDistrict, ordersCompletedSince } from './statistics-store';

import { BASE, MENU_STATISTIC } from './store';
import { mapScopes } from './scope';

type Scope = Expression<SqlBool> | null | undefined;
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
        response: answers(MAP_ANSWERS.statistics),
      } as const,
    },
    async (req) => ok(await cityStatistics(db, clock(), req.query.district, await mapScopes(req))),
  );
}

/**
 * The statistics of the city (or one district) now: counts by kind, status and district, lights-on
 * rates against their targets, integrity, and repair compliance over the last 30 days. The
 * statistics page and the wall display read the same figures from here; the page's figures count
 * only the rows the caller's data permissions let them see, and so do the wall's.
 */
export async function cityStatistics(
  db: Db,
  now: number,
  d?: string,
  scope: { assets?: Scope; faults?: Scope; orders?: Scope } = {},
) {
  const groups = await assetGroupCounts(db, d, scope.assets);
  const openFaults = await openFaultsByDistrict(db, d, scope.faults);
  const since = now - 30 * DAY_MS;
  const orders = await ordersCompletedSince(db, since, d, scope.orders);
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
