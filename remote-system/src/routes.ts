// urlAddress → page for the system remote (permission/, system/, systemData/).
import type { RemoteRoutes } from '@lighting/shared';
import './i18n';

const routes: RemoteRoutes = {
  prefixes: ['permission/', 'system/', 'systemData/'],
  pages: {
    'permission/organize': () => import('./pages/Organize'),
    'permission/department': () => import('./pages/Department'),
    'permission/position': () => import('./pages/Position'),
    'permission/user': () => import('./pages/UserList'),
    'permission/role': () => import('./pages/Role'),
    'permission/authorize': () => import('./pages/Authorize'),
    'permission/userOnline': () => import('./pages/UserOnline'),
    'system/area': () => import('./pages/Area'),
    'system/billRule': () => import('./pages/BillRule'),
    'system/notice': () => import('./pages/Notice'),
    'system/log': () => import('./pages/SystemLog'),
    'system/menu': () => import('./pages/Menu'),
    'systemData/dictionary': () => import('./pages/Dictionary'),
    'systemData/dataInterface': () => import('./pages/DataInterface'),
  },
};

export default routes;
