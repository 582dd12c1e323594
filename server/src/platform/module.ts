/** The platform domain's descriptor, handed to the app (src/domains.ts); other domains import ./index. */
import type { DomainModule } from '../kernel';
import { registerPlatformRoutes } from './routes';

export const platformModule: DomainModule = {
  name: 'platform',
  routes: registerPlatformRoutes,
};
