/**
 * Calls the map FeatureServer tests make: GET with the token in the header (or none), a form POST
 * (the token travels in the body only when the params carry it, as the SDK sends it), and a direct
 * count of the asset rows to check answers against.
 */
import type { FastifyInstance } from 'fastify';
import { authed } from './helpers';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Esri JSON answers are inspected loosely
export type Json = any;

export interface FeatureServerCalls {
  get(path: string, params?: Record<string, string>, tok?: string | null): Promise<[number, Json]>;
  post(path: string, params: Record<string, string>): Promise<[number, Json]>;
  /** map_asset rows, narrowed by `where` (a kysely query builder in, the narrowed one out) */
  assetCount(where?: (qb: Json) => Json): Promise<number>;
}

/** `session` is read at call time: tests fill app and token in beforeAll. */
export function featureServerCalls(
  session: () => { app: FastifyInstance; token: string },
): FeatureServerCalls {
  return {
    async get(path, params = {}, tok = session().token) {
      const qs = new URLSearchParams(params).toString();
      const request = { method: 'GET' as const, url: `${path}?${qs}` };
      const res = await session().app.inject(tok === null ? request : authed(tok, request));
      return [res.statusCode, res.json()];
    },
    async post(path, params) {
      const res = await session().app.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(params).toString(),
      });
      return [res.statusCode, res.json()];
    },
    async assetCount(where) {
      let q: Json = session()
        .app.ctx.db.selectFrom('map_asset')
        .select((eb) => eb.fn.countAll<number>().as('n'));
      if (where) q = where(q);
      return Number((await q.executeTakeFirst())?.n ?? 0);
    },
  };
}
