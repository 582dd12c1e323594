// urlAddress → page for the low-code remote (onlineDev/, generator/, dynamicModel/, previewModel).
import type { RemoteRoutes } from '@lighting/shared';
import './i18n';

const routes: RemoteRoutes = {
  prefixes: ['onlineDev/', 'generator/', 'dynamicModel/', 'previewModel'],
  pages: {
    'onlineDev/webDesign': () => import('./pages/WebDesignList'),
    previewModel: () => import('./pages/PreviewModel'),
    'generator/webForm': () => import('./generator/GeneratorPage'),
    // the published pages (menu types 3, 4, 5) of any urlAddress under dynamicModel/
    '*': () => import('./pages/Runtime'),
  },
  fixed: ['previewModel'],
};

export default routes;
