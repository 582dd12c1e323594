/**
 * Declarative server-side permission guard:
 *   app.get('/x', { onRequest: requirePermission({ menu: 'permission.user', button: 'btn_add' }) }, …)
 * Uses the caller's roles (administrators bypass). Denied → 403 '权限不足: 缺少菜单 …' / '… 缺少按钮 …'.
 * Registered as a route onRequest hook, so it runs after the token check and before validation.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { denialMessage, missingPermission } from '../auth/access-model';
import { ApiError, Code, Msg } from './envelope';

export interface Requirement {
  menu: string;
  button?: string;
}

export function requirePermission(req: Requirement) {
  return async function permissionGuard(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const auth = request.auth;
    if (!auth) throw new ApiError(Code.INVALID_TOKEN, Msg.INVALID_TOKEN);
    if (auth.user.isAdministrator === 1) return;
    const access = await request.server.ctx.access.forUser(auth.user);
    const denial = missingPermission(access, req.menu, req.button);
    if (denial) throw new ApiError(Code.FORBIDDEN, denialMessage(denial));
  };
}
