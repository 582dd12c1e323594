/** The system domain's descriptor, handed to the app (src/domains.ts); other domains import ./index. */
import type { DomainModule } from '../kernel';
import { PERMISSION_MENU, SYSTEM_DATA_MENU, SYSTEM_MENU } from './menus';
import { systemInit, systemMigration } from './migration';
import {
  dictionaryColumnsMigration,
  dictionaryI18nMigration,
  faultTypeItemsMigration,
} from './migration-dictionary-i18n';
import { catalogueStateMigration } from './migration-catalogue-state';
import { errorLogMigration } from './migration-error-log';
import { dataScopeMigration } from './migration-data-scope';
import { registerSystemRoutes } from './routes';
import { seedSystemIfEmpty } from './seed';
import { seedSystemFresh } from './seed-fresh';

export const systemModule: DomainModule = {
  name: 'system',
  migrations: {
    '0001_init': systemInit,
    '0004_system': systemMigration,
    '0011_error_log': errorLogMigration,
    '0014_dictionary_i18n': dictionaryI18nMigration,
    '0017_fault_types': {
      async up(db) {
        await faultTypeItemsMigration.up(db);
        await dictionaryColumnsMigration.up(db);
      },
    },
    '0020_catalogue_state': catalogueStateMigration,
    '0022_data_scope': dataScopeMigration,
  },
  menus: [
    { place: 60, menu: PERMISSION_MENU },
    { place: 70, menu: SYSTEM_MENU },
    { place: 80, menu: SYSTEM_DATA_MENU },
  ],
  seed: {
    fresh: seedSystemFresh,
    missing: async (db, s) => {
      await seedSystemIfEmpty(db, s);
    },
  },
  routes: registerSystemRoutes,
};
