/**
 * POST /api/system/ErrorLog — the browsers' production error handler (spec §8) reports uncaught
 * errors here; the system log's 异常日志 tab (GET /api/system/Log?category=4, menu system.log) shows
 * them with the server's own, one row per distinct error (message, top stack frame, URL path) with its
 * count and first / last seen (system-log.ts `recordError`).
 */
import type { FastifyInstance } from 'fastify';
import { ERROR_LIMITS } from '@lighting/shared/core';
import { ipAddressName, normalizeIp } from '../auth';
import { authOf } from '../context';
import { ok } from '../http/envelope';
import { typed } from '../http/typed';
import { answers } from '../http/response';
import { SYSTEM_ANSWERS } from './responses';

/** Reports per user a minute: each distinct error once, its repeats together once a minute. */
export const ERROR_REPORTS_PER_MINUTE = 30;

export function registerErrorLogRoutes(app: FastifyInstance): void {
  const r = typed(app);
  const ctx = app.ctx;
  r.post(
    '/api/system/ErrorLog',
    {
      config: {
        open: 'every signed-in page reports its own uncaught errors (rate-limited per user; nothing is read back)',
        rateLimit: { max: ERROR_REPORTS_PER_MINUTE, timeWindow: 60_000 },
      },
      schema: {
        response: answers(SYSTEM_ANSWERS.nothing),
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['message', 'url', 'source'],
          properties: {
            message: { type: 'string', minLength: 1, maxLength: ERROR_LIMITS.message },
            stack: { type: 'string', maxLength: ERROR_LIMITS.stack },
            componentStack: { type: 'string', maxLength: ERROR_LIMITS.componentStack },
            url: {
              type: 'string',
              minLength: 1,
              maxLength: ERROR_LIMITS.url,
              pattern: '^/',
              'x-text': 'line',
              'x-msg': 'must be a path starting with /',
            },
            source: { type: 'string', enum: ['error', 'rejection', 'react'] },
            app: {
              type: 'string',
              maxLength: ERROR_LIMITS.app,
              pattern: '^[a-z0-9-]*$',
              'x-msg': 'lower-case letters, digits and - only',
            },
            count: { type: 'integer', minimum: 1, maximum: ERROR_LIMITS.count },
          },
        },
      } as const,
    },
    async (req) => {
      const { user } = authOf(req);
      const b = req.body;
      const ip = normalizeIp(req.ip);
      await ctx.systemLog.recordError({
        message: b.message,
        stack: b.stack ?? '',
        componentStack: b.componentStack ?? '',
        path: b.url,
        source: b.source,
        app: b.app ?? '',
        count: b.count ?? 1,
        userId: user.id,
        userName: `${user.realName}/${user.account}`,
        ipAddress: ip,
        ipAddressName: ipAddressName(ip),
        requestMethod: '',
        userAgent: String(req.headers['user-agent'] ?? ''),
      });
      return ok(null);
    },
  );
}
