/** Platform routes outside any domain: liveness (and the API description). */
import type { FastifyInstance } from 'fastify';
import { ok } from '../http/envelope';
import { typed } from '../http/typed';

export function registerPlatformRoutes(app: FastifyInstance): void {
  const r = typed(app);
  // Liveness only: answers without a token and without touching the database.
  r.get(
    '/api/health',
    { config: { public: true }, schema: { querystring: { type: 'object' } } as const },
    async () => ok({ status: 'ok' }),
  );
}
