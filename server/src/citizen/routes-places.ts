/**
 * The city plan the report page's pin picker draws without the map SDK: district outlines with the
 * main roads (the whole city, for the first view), then one district's roads (main and side) when the
 * citizen zooms into it. WGS84 lon/lat rounded to about a metre; small, cacheable, no asset data (the
 * lights near the pin come from /api/public/sites/nearby).
 */
import type { FastifyInstance } from 'fastify';
import { notFound, ok } from '../http/envelope';
import { typed } from '../http/typed';
import { lineField } from '../http/validation';
import { mercatorToLonLat } from '../map';
import { districtOutlines } from '../map';
import { districtBox, mainRoads, roadsCrossing } from './place-store';
import { answers } from '../http/response';
import { CITIZEN_ANSWERS } from './responses';

type Path = Array<[number, number]>;

const CACHE_MS = 10 * 60_000;

/** Mercator paths (as stored) as lon/lat paths, 5 decimals (about 1 m). */
export function toLonLatPaths(json: string): Path[] {
  let v: unknown;
  try {
    v = JSON.parse(json);
  } catch {
    return [];
  }
  if (!Array.isArray(v)) return [];
  const r5 = (n: number) => Math.round(n * 1e5) / 1e5;
  return v
    .filter((p): p is unknown[] => Array.isArray(p))
    .map((p) =>
      p
        .filter((pt): pt is [number, number] => Array.isArray(pt) && pt.length >= 2)
        .map(([x, y]) => {
          const [lng, lat] = mercatorToLonLat(Number(x), Number(y));
          return [r5(lng), r5(lat)] as [number, number];
        }),
    )
    .filter((p) => p.length >= 2);
}

export function registerPlaceRoutes(app: FastifyInstance): void {
  const r = typed(app);
  const { db, clock } = app.ctx;
  const cache = new Map<string, { at: number; data: unknown }>();
  const cached = async <T>(key: string, load: () => Promise<T>): Promise<T> => {
    const hit = cache.get(key);
    if (hit && clock() - hit.at < CACHE_MS) return hit.data as T;
    const data = await load();
    cache.set(key, { at: clock(), data });
    return data;
  };

  r.get(
    '/api/public/places',
    {
      config: { public: true, rateLimit: { max: 120, timeWindow: 60_000 } },
      schema: {
        querystring: { type: 'object', properties: { district: lineField(50, 1) } },
        response: answers(CITIZEN_ANSWERS.places),
      },
    },
    async (req, reply) => {
      const district = req.query.district;
      const data = district
        ? await cached(`d:${district}`, async () => {
            const d = await districtBox(db, district);
            if (!d) return null;
            // every road crossing the district's box (the main roads run through several districts)
            const roads = await roadsCrossing(db, d);
            return {
              district: d.name,
              roads: roads.map((x) => ({ name: x.name, cls: x.roadClass, paths: toLonLatPaths(x.paths) })),
            };
          })
        : await cached('city', async () => {
            const districts = await districtOutlines(db);
            const roads = await mainRoads(db);
            return {
              districts: districts.map((x) => ({ name: x.name, rings: toLonLatPaths(x.rings) })),
              roads: roads.map((x) => ({ name: x.name, cls: x.roadClass, paths: toLonLatPaths(x.paths) })),
            };
          });
      if (!data) throw notFound('district: 没有这个区');
      void reply.header('Cache-Control', 'public, max-age=600');
      return ok(data);
    },
  );
}
