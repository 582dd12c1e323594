/** Registers the map domain: the FeatureServer endpoint, assets, faults, topology, statistics, crews, repair orders, the wall display. */
import type { FastifyInstance } from 'fastify';
import { hasPermission } from '../auth';
import { registerFeatureServer } from './featureserver';
import { REPAIR_ORDER_RULE } from './seed';
import { MENU_FAULT } from './store';
import { mapReads } from './reads';
import { registerAssetRoutes } from './routes-assets';
import { registerCrewRoutes } from './routes-crews';
import { registerFaultRoutes } from './routes-faults';
import { registerRepairOrderRoutes } from './routes-orders';
import { registerStatisticRoutes } from './routes-statistics';
import { registerTopologyRoutes } from './routes-topology';
import { registerWallRoutes } from './routes-wall';

export { MENU_ASSETS, MENU_FAULT, MENU_STATISTIC, MENU_WALL, setAssetStatus } from './store';

export function registerMapRoutes(app: FastifyInstance): void {
  registerFeatureServer(app);
  const m = mapReads(app);
  registerAssetRoutes(app, m);
  registerFaultRoutes(app, m);
  registerTopologyRoutes(app, m);
  registerStatisticRoutes(app, m);
  registerCrewRoutes(app, m);
  registerRepairOrderRoutes(app, m);
  registerWallRoutes(app, m);
  // repair-order numbers are drawn by those who create repair orders
  app.ctx.billRuleUses.push(
    async (user, rule) => rule === REPAIR_ORDER_RULE && hasPermission(app.ctx, user, MENU_FAULT, 'btn_add'),
  );
}
