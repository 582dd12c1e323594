// urlAddress → page for the workflow remote (workFlow/).
import type { RemoteRoutes } from '@lighting/shared';
import './i18n';

const routes: RemoteRoutes = {
  prefixes: ['workFlow/'],
  pages: {
    'workFlow/flowLaunch': () => import('./pages/FlowLaunch'),
    'workFlow/flowEngine': () => import('./pages/FlowEngine'),
    '*': () => import('./pages/Planned'),
  },
};

export default routes;
