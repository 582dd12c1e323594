/**
 * The token check for every /api route not marked `config: { public: true }`: 602 missing/unknown,
 * 600 expired, 601 revoked (or the user disabled). Runs in onRequest, before validation and handlers.
 * Both lookups are answered from caches that revocations and `invalidateAccess` keep exact.
 * A signed-in answer also keeps the session in the file cookie (token-rules.ts FILE_COOKIE), which
 * only routes marked `config.fileCookie` (the file reads) accept.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { extractToken, fileCookie, fileCookieToken } from './token-rules';
import { DOCS_PREFIX } from '../platform';
import { ApiError, Code, Msg } from '../http/envelope';

export async function authenticate(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  const config = req.routeOptions.config;
  if (config.public) return;
  if (!req.url.startsWith('/api/') || req.url.startsWith(DOCS_PREFIX)) return;
  const { tokens, access } = req.server.ctx;
  const query = req.query as Record<string, unknown> | undefined;
  const token =
    extractToken(req.headers.authorization, query?.token) ??
    (config.fileCookie ? fileCookieToken(req.headers.cookie) : null);
  const check = await tokens.check(token);
  if (check.status === 'unknown' || !check.row) throw new ApiError(Code.INVALID_TOKEN, Msg.INVALID_TOKEN);
  if (check.status === 'expired') throw new ApiError(Code.EXPIRED, Msg.EXPIRED);
  if (check.status === 'revoked') throw new ApiError(Code.REVOKED, Msg.REVOKED);
  const snapshot = await access.user(check.row.userId);
  if (!snapshot || snapshot.user.enabledMark !== 1) throw new ApiError(Code.REVOKED, Msg.REVOKED);
  req.auth = { token: check.row.token, user: snapshot.user };
  // the browser's <img> and download links reach the file routes with the session of this answer
  if (fileCookieToken(req.headers.cookie) !== check.row.token)
    reply.header('set-cookie', fileCookie(check.row.token, req.protocol === 'https'));
}
