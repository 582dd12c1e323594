// urlAddress → page for the map remote (bt/gzyp/, bt/map/, bt/gzh/).
import type { RemoteRoutes } from '@lighting/shared';
import './i18n';

const routes: RemoteRoutes = {
  prefixes: ['bt/gzyp/', 'bt/map/', 'bt/gzh/'],
  pages: {
    'bt/map/assets': () => import('./pages/MapAssets'),
    'bt/map/fault': () => import('./pages/MapFault'),
    'bt/map/repair': () => import('./pages/RepairOrders'),
    'bt/map/tools': () => import('./pages/MapTools'),
    'bt/gzyp/statistic': () => import('./pages/MapStatistic'),
    '*': () => import('./pages/Planned'),
  },
};

export default routes;
