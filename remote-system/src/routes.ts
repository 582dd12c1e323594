// urlAddress → page for the system remote (permission/, system/, systemData/).
import type { RemoteRoutes } from '@lighting/shared';
import './i18n';

const routes: RemoteRoutes = {
  prefixes: ['permission/', 'system/', 'systemData/'],
  pages: {
    'permission/user': () => import('./pages/UserList'),
    '*': () => import('./pages/Planned'),
  },
};

export default routes;
