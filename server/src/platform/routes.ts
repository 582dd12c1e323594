/** Platform routes outside any domain: liveness (and the API description). */
import type { FastifyInstance } from 'fastify';
import { ok } from '../http/envelope';
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
}
