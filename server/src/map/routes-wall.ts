/**
 * GET /api/map/wall — everything the city wall display (menu type 6 城市照明大屏) shows, in one read
 * guarded by its own menu: the district outlines and the open faults to draw, the statistics page's
 * figures (lights-on by district against targets, repair compliance), repair orders by state and
 * against their due times, and /home's energy figures. Under data permissions the figures, faults
 * and orders are those the viewer may see on the map's pages (map/scope.ts mapScopes). The wall
 * re-reads it when the socket pushes a map change (throttled), and draws pushed faults at once.
 */
import type { FastifyInstance } from 'fastify';
import { ok } from '../http/envelope';
import { requirePermission } from '../auth';
import { powerSummary } from '../home';
import { cityStatistics } from './routes-statistics';
import { orderFigures } from './rules';
import { districtOutlines } from './district-store';
import { openFaultCount, openFaultPoints } from './fault-store';
import { openOrderDues, orderCountsByState } from './order-store';
import { BASE, MENU_WALL } from './store';
import { mapScopes } from './scope';
import type { MapReads } from './reads';
import { answers } from '../http/response';
import { MAP_ANSWERS } from './responses';

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
      schema: { querystring: { type: 'object' }, response: answers(MAP_ANSWERS.wall) },
    },
    async (req) => {
      const now = clock();
      // data permissions: the wall counts and draws what the viewer may see on the map's pages
      // (an unrestricted viewer, the control room's, sees the whole city)
      const scope = await mapScopes(req);
      const [statistics, energy, districtRows, faultRows, faultCount, stateRows, openRows] =
        await Promise.all([
          cityStatistics(db, now, undefined, scope),
          powerSummary(db, now),
          districtOutlines(db),
          openFaultPoints(db, WALL_FAULTS_LIMIT, scope.faults),
          openFaultCount(db, scope.faults),
          orderCountsByState(db, scope.orders),
          openOrderDues(db, scope.orders),
        ]);
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
          open: faultCount,
          limit: WALL_FAULTS_LIMIT,
          list: faultRows.map((f) => ({ ...f, x: Number(f.x), y: Number(f.y) })),
        },
        orders: orderFigures(stateRows, openRows, now),
        energy,
      });
    },
  );
}
