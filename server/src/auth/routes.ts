/** Registers the auth domain: sign-in (/api/oauth), account applications, the current user's own calls. */
import type { FastifyInstance } from 'fastify';
import { registerApplyRoutes } from './routes-apply';
import { registerCurrentUserRoutes } from './routes-current-user';
import { registerOauthRoutes } from './routes-oauth';

export function registerAuthRoutes(app: FastifyInstance): void {
  registerOauthRoutes(app);
  registerApplyRoutes(app);
  registerCurrentUserRoutes(app);
}
