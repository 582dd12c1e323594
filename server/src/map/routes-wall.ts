/**
 * GET /api/map/wall — everything the city wall display (menu type 6 城市照明大屏) shows, in one read
 * guarded by its own menu: the district outlines and the open faults to draw, the statistics page's
 * figures (lights-on by district against targets, repair compliance), repair orders by state and
 * against their due times, and /home's energy figures. The wall re-reads it when the socket pushes a
 * map change (throttled), and draws pushed faults at once.
 */
import type { FastifyInstance } from 'fastify';
import { ok } from '../http/envelope';
import { requirePermission } from '../auth';
import { powerSummary } from '../home';
import { cityStatistics } from './routes-statistics';
import { OPEN_ORDER_STATES, ORDER_STATES, type OrderState } from './rules';
import { BASE, MENU_WALL } from './store';
import type { MapReads } from './reads';

/** The newest open faults drawn (a city in trouble has more; the count says how many). */
export const WALL_FAULTS_LIMIT = 5000;

type Ring = Array<[number, number]>;

/** A district's stored rings (JSON), rounded to metres; [] when unreadable. Pure. */
export function parseRings(json: string): Ring[] {
  try {
    const v: unknown = JSON.parse(json);
    if (!Array.isArray(v)) return [];
    return v.flatMap((ring: unknown) =>
      Array.isArray(ring)
        ? [
            ring.flatMap((p: unknown) =>
              Array.isArray(p) && typeof p[0] === 'number' && typeof p[1] === 'number'
                ? [[Math.round(p[0]), Math.round(p[1])] as [number, number]]
                : [],
            ),
          ]
        : [],
    );
  } catch {
    return [];
  }
}

export function registerWallRoutes(app: FastifyInstance, m: MapReads): void {
  const { db, clock } = m;
  app.get(
    `${BASE}/wall`,
    {
      onRequest: requirePermission({ menu: MENU_WALL }),
      schema: { querystring: { type: 'object' } },
    },
    async () => {
      const now = clock();
      const [statistics, energy, districtRows, faultRows, faultCount, stateRows, openRows] =
        await Promise.all([
          cityStatistics(db, now),
          powerSummary(db, now),
          db.selectFrom('map_district').select(['name', 'rings']).orderBy('objectid').execute(),
          db
            .selectFrom('fault as f')
            .innerJoin('map_asset as a', 'a.objectid', 'f.assetId')
            .select(['f.id', 'a.x', 'a.y', 'f.urgency', 'f.district', 'f.typeCode', 'f.reportedAt'])
            .where('f.closedAt', 'is', null)
            .orderBy('f.reportedAt', 'desc')
            .orderBy('f.id')
            .limit(WALL_FAULTS_LIMIT)
            .execute(),
          db
            .selectFrom('fault')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('closedAt', 'is', null)
            .where('assetId', 'is not', null)
            .executeTakeFirst(),
          db
            .selectFrom('work_order')
            .select((eb) => ['state', eb.fn.countAll<number>().as('n')])
            .where('assetId', 'is not', null)
            .groupBy('state')
            .execute(),
          db
            .selectFrom('work_order')
            .select(['urgency', 'dueAt'])
            .where('assetId', 'is not', null)
            .where('state', 'in', [...OPEN_ORDER_STATES])
            .execute(),
        ]);
      const byState = Object.fromEntries(ORDER_STATES.map((s) => [s, 0])) as Record<OrderState, number>;
      for (const r of stateRows)
        if ((ORDER_STATES as readonly string[]).includes(r.state))
          byState[r.state as OrderState] = Number(r.n);
      const byUrgency = [1, 2, 3].map((urgency) => {
        const mine = openRows.filter((o) => (o.urgency === 2 || o.urgency === 3 ? o.urgency : 1) === urgency);
        return { urgency, open: mine.length, overdue: mine.filter((o) => o.dueAt < now).length };
      });
      const districts = districtRows.map((d) => ({ name: d.name, rings: parseRings(d.rings) }));
      const points = districts.flatMap((d) => d.rings.flat());
      const xs = points.map((p) => p[0]);
      const ys = points.map((p) => p[1]);
      return ok({
        now,
        extent: points.length
          ? { xmin: Math.min(...xs), ymin: Math.min(...ys), xmax: Math.max(...xs), ymax: Math.max(...ys) }
          : null,
        districts,
        statistics,
        faults: {
          open: Number(faultCount?.n ?? 0),
          limit: WALL_FAULTS_LIMIT,
          list: faultRows.map((f) => ({ ...f, x: Number(f.x), y: Number(f.y) })),
        },
        orders: {
          byState,
          open: byUrgency.reduce((s, u) => s + u.open, 0),
          overdue: byUrgency.reduce((s, u) => s + u.overdue, 0),
          byUrgency,
        },
        energy,
      });
    },
  );
}
