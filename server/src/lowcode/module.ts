/** The lowcode domain's descriptor, handed to the app (src/domains.ts); other domains import ./index. */
import type { DomainModule } from '../kernel';
import { registerGeneratorRoutes } from './generator/routes';
import { GENERATOR_SECTION } from './generator/menus';
import { ONLINE_DEV_MENU } from './menus';
import { lowcodeFormSource, lowcodeInit, lowcodeMigration, lowcodeRequestKeys } from './migration';
import { lowcodePublishMigration } from './migration-publish';
import { registerLowcodeRoutes } from './routes';
import { seedLowcodeFresh, seedLowcodeIfEmpty } from './seed';
import { lowcodeScopeFields } from './scope';

export const lowcodeModule: DomainModule = {
  name: 'lowcode',
  migrations: {
    '0001_init': lowcodeInit,
    '0012_lowcode': lowcodeMigration,
    '0015_lowcode_publish': lowcodePublishMigration,
    '0019_request_keys': lowcodeRequestKeys,
    '0020_jnpf_source': lowcodeFormSource,
  },
  menus: [
    { place: 30, menu: ONLINE_DEV_MENU },
    { place: 40, menu: GENERATOR_SECTION },
  ],
  seed: {
    fresh: seedLowcodeFresh,
    missing: async (db, s) => {
      await seedLowcodeIfEmpty(db, s.now);
    },
  },
  scopeFields: lowcodeScopeFields,
  routes: (app) => {
    registerLowcodeRoutes(app);
    registerGeneratorRoutes(app);
  },
};
