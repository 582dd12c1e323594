// urlAddress → page for the low-code remote (onlineDev/, generator/, dynamicModel/, previewModel).
import type { RemoteRoutes } from '@lighting/shared';
import './i18n';

const routes: RemoteRoutes = {
  prefixes: ['onlineDev/', 'generator/', 'dynamicModel/', 'previewModel'],
  pages: {
    'onlineDev/webDesign': () => import('./pages/WebDesignList'),
    '*': () => import('./pages/Planned'),
  },
};

export default routes;
