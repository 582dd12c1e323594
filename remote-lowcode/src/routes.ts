// urlAddress → page for the low-code remote (onlineDev/, generator/, dynamicModel/, previewModel).
import type { RemoteRoutes } from '@lighting/shared';
import './i18n';

const routes: RemoteRoutes = {
  prefixes: ['onlineDev/', 'generator/', 'dynamicModel/', 'previewModel'],
  pages: {
    'onlineDev/webDesign': () => import('./pages/WebDesignList'),
    previewModel: () => import('./pages/PreviewModel'),
    'generator/webForm': () => import('./generator/GeneratorPage'),
    '*': () => import('./pages/Planned'),
  },
  fixed: ['previewModel'],
};

export default routes;
