/** The map domain's descriptor, handed to the app (src/domains.ts); other domains import ./index. */
import type { DomainModule } from '../kernel';
import { LIGHTING_MENU } from './menus';
import { mapGeographyMigration, mapMigration, repairCostMigration } from './migration';
import { registerMapRoutes } from './routes';
import { mapScopeFields } from './scope';
import { seedMapIfEmpty } from './seed';

export const mapModule: DomainModule = {
  name: 'map',
  migrations: {
    '0005_map': mapMigration,
    '0013_map_geography': mapGeographyMigration,
    '0018_repair_cost': repairCostMigration,
  },
  menus: [{ place: 10, menu: LIGHTING_MENU }],
  seed: {
    missing: async (db, s) => {
      await seedMapIfEmpty(db, s.mapAssets, s.now);
    },
  },
  routes: registerMapRoutes,
  scopeFields: mapScopeFields,
};
