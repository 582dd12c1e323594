/** The home domain's descriptor, handed to the app (src/domains.ts); other domains import ./index. */
import type { DomainModule } from '../kernel';
import { homeFaultTypeNames, homeTables } from './migration';
import { registerHomeRoutes } from './routes';
import { seedHomeFresh, seedHomeIfEmpty } from './seed';

export const homeModule: DomainModule = {
  name: 'home',
  migrations: { '0003_messages_home': homeTables, '0017_fault_types': homeFaultTypeNames },
  seed: {
    fresh: seedHomeFresh,
    // a database made before the dashboard's tables existed gets their demo rows once
    missing: async (db, s, fresh) => {
      if (!fresh) await seedHomeIfEmpty(db, s.now);
    },
  },
  routes: registerHomeRoutes,
};
