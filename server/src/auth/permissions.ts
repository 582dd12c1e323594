/**
 * Declarative server-side permission guard:
 *   app.get('/x', { onRequest: requirePermission({ menu: 'permission.user', button: 'btn_add' }) }, …)
 * Uses the caller's roles (administrators bypass). Denied → 403 '权限不足: 缺少菜单 …' / '… 缺少按钮 …'.
 * Registered as a route onRequest hook, so it runs after the token check and before validation.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { User } from '../system';
import { denialMessage, missingPermission } from './access-model';
import { ApiError, Code, Msg } from '../http/envelope';
import type { Requirement } from '../http/route-table';

export function requirePermission(req: Requirement) {
  const guard = async function permissionGuard(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const auth = request.auth;
    if (!auth) throw new ApiError(Code.INVALID_TOKEN, Msg.INVALID_TOKEN);
    if (auth.user.isAdministrator === 1) return;
    const access = await request.server.ctx.access.forUser(auth.user);
    const denial = missingPermission(access, req.menu, req.button);
    if (denial) throw new ApiError(Code.FORBIDDEN, denialMessage(denial));
  };
  // read by the route table (route-table.ts): the permission sweep and the API description
  return Object.assign(guard, { requirement: req });
}

/** Whether `user` holds the menu (and button): for checks inside a handler. Administrators hold all. */
export async function hasPermission(
  ctx: Pick<AppContext, 'access'>,
  user: Readonly<User>,
  menu: string,
  button?: string,
): Promise<boolean> {
  if (user.isAdministrator === 1) return true;
  return missingPermission(await ctx.access.forUser(user), menu, button) === null;
}
