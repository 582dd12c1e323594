/**
 * The token check for every /api route not marked `config: { public: true }`: 602 missing/unknown,
 * 600 expired, 601 revoked (or the user disabled). Runs in onRequest, before validation and handlers.
 * Both lookups are answered from caches that revocations and `invalidateAccess` keep exact.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { extractToken } from './token-rules';
import { DOCS_PREFIX } from '../platform';
import { ApiError, Code, Msg } from '../http/envelope';

export async function authenticate(req: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (req.routeOptions.config.public) return;
  if (!req.url.startsWith('/api/') || req.url.startsWith(DOCS_PREFIX)) return;
  const { tokens, access } = req.server.ctx;
  const query = req.query as Record<string, unknown> | undefined;
  const token = extractToken(req.headers.authorization, query?.token);
  const check = await tokens.check(token);
  if (check.status === 'unknown' || !check.row) throw new ApiError(Code.INVALID_TOKEN, Msg.INVALID_TOKEN);
  if (check.status === 'expired') throw new ApiError(Code.EXPIRED, Msg.EXPIRED);
  if (check.status === 'revoked') throw new ApiError(Code.REVOKED, Msg.REVOKED);
  const snapshot = await access.user(check.row.userId);
  if (!snapshot || snapshot.user.enabledMark !== 1) throw new ApiError(Code.REVOKED, Msg.REVOKED);
  req.auth = { token: check.row.token, user: snapshot.user };
}
