/** The map domain's descriptor, handed to the app (src/domains.ts); other domains import ./index. */
import type { DomainModule } from '../kernel';
import { LIGHTING_MENU } from './menus';
import { crewLeaderMigration, mapGeographyMigration, mapMigration, repairCostMigration } from './migration';
import { crewsLedBy } from './crew-store';
import { registerMapRoutes } from './routes';
import { mapScopeFields } from './scope';
import { linkDemoCrewLeader, seedMapIfEmpty } from './seed';

export const mapModule: DomainModule = {
  name: 'map',
  migrations: {
    '0005_map': mapMigration,
    '0013_map_geography': mapGeographyMigration,
    '0018_repair_cost': repairCostMigration,
    '0024_crew_leader': crewLeaderMigration,
  },
  menus: [{ place: 10, menu: LIGHTING_MENU }],
  seed: {
    missing: async (db, s) => {
      await seedMapIfEmpty(db, s.mapAssets, s.now);
      await linkDemoCrewLeader(db);
    },
  },
  routes: registerMapRoutes,
  scopeFields: mapScopeFields,
  // data permissions' `@crewId`: the crews the user leads
  viewerAttributes: async (db, user) => ({ '@crewId': await crewsLedBy(db, user.id) }),
};
