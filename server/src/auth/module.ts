/** The auth domain's descriptor, handed to the app (src/domains.ts); other domains import ./index. */
import type { DomainModule } from '../kernel';
import { accountApplicationMigration, authInit } from './migration';
import { registerAuthRoutes } from './routes';

export const authModule: DomainModule = {
  name: 'auth',
  migrations: { '0001_init': authInit, '0002_account_application': accountApplicationMigration },
  routes: registerAuthRoutes,
};
