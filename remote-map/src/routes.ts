// urlAddress → page for the map remote (bt/gzyp/, bt/map/, bt/gzh/).
import type { RemoteRoutes } from '@lighting/shared';
import './i18n';

const routes: RemoteRoutes = {
  prefixes: ['bt/gzyp/', 'bt/map/', 'bt/gzh/'],
  pages: {
    'bt/map/assets': () => import('./pages/AssetKinds'),
    '*': () => import('./pages/Planned'),
  },
};

export default routes;
