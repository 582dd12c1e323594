// urlAddress → page for the map remote (bt/gzyp/, bt/map/, and dv/: the city wall display the host
// shows at /dv/view/{moduleId}); the citizens' bt/gzh/ pages are remote-citizen's.
import type { RemoteRoutes } from '@lighting/shared';
import './i18n';

const routes: RemoteRoutes = {
  prefixes: ['bt/gzyp/', 'bt/map/', 'dv/'],
  pages: {
    'bt/map/assets': () => import('./pages/MapAssets'),
    'bt/map/fault': () => import('./pages/MapFault'),
    'bt/map/repair': () => import('./pages/RepairOrders'),
    'bt/map/tools': () => import('./pages/MapTools'),
    'bt/gzyp/statistic': () => import('./pages/MapStatistic'),
    'dv/view/screen-city': () => import(/* webpackChunkName: "wall" */ './wall/WallPage'),
  },
};

export default routes;
