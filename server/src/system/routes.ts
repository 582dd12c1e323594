/** Registers every system-administration route (section 7: Permission, Base, Message admin, logs, menus). */
import type { FastifyInstance } from 'fastify';
import { registerBaseRoutes } from './routes-base';
import { registerBillRuleRoutes } from './routes-billrule';
import { registerDataInterfaceRoutes } from './routes-datainterface';
import { registerErrorLogRoutes } from './routes-error-log';
import { registerMenuAndLogRoutes } from './routes-menu-log';
import { registerModuleRoutes } from './routes-module';
import { registerDataScopeRoutes } from './routes-data-scope';
import { registerOrganizeRoutes } from './routes-organize';
import { registerRoleRoutes } from './routes-role';
import { registerUserListRoutes } from './routes-user-list';
import { registerUserAdminRoutes } from './routes-users';

export function registerSystemRoutes(app: FastifyInstance): void {
  registerOrganizeRoutes(app);
  registerUserListRoutes(app);
  registerUserAdminRoutes(app);
  registerRoleRoutes(app);
  registerBaseRoutes(app);
  registerDataInterfaceRoutes(app);
  registerBillRuleRoutes(app);
  registerMenuAndLogRoutes(app);
  registerModuleRoutes(app);
  registerDataScopeRoutes(app);
  registerErrorLogRoutes(app);
}
