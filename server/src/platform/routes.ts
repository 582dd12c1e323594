/** Platform routes outside any domain: liveness, readiness (and the API description). */
import type { FastifyInstance } from 'fastify';
import { ok } from '../http/envelope';
import { probe } from './readiness';
import { answers, envelope, record, str } from '../http/response';
import { typed } from '../http/typed';

export function registerPlatformRoutes(app: FastifyInstance): void {
  const r = typed(app);
  // Liveness only: answers without a token and without touching the database.
  r.get(
    '/api/health',
    {
      config: { public: true },
      schema: {
        querystring: { type: 'object' },
        response: answers(envelope(record({ status: str }))),
      } as const,
    },
    async () => ok({ status: 'ok' }),
  );
  // Readiness, for a proxy's health check: 200 when this instance should take traffic, 503 while it
  // shuts down or cannot reach its database or Redis. No token; one `select 1`.
  const ready = envelope(record({ status: str, database: str, redis: str }));
  r.get(
    '/api/ready',
    {
      config: { public: true },
      schema: {
        querystring: { type: 'object' },
        response: { ...answers(ready), 503: ready },
      } as const,
    },
    async (_req, reply) => {
      const state = await probe(app.ctx);
      if (state.status === 'ready') return ok(state);
      void reply.code(503).header('Cache-Control', 'no-store');
      return { code: 503, msg: '服务暂不可用', data: state };
    },
  );
}
