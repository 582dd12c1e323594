// urlAddress → page for the workflow remote (workFlow/).
import type { RemoteRoutes } from '@lighting/shared';
import './i18n';

const routes: RemoteRoutes = {
  prefixes: ['workFlow/'],
  pages: {
    'workFlow/flowLaunch': () => import('./pages/FlowLaunch'),
    'workFlow/flowEngine': () => import('./pages/FlowEngine'),
    'workFlow/flowTodo': () => import('./pages/FlowTodo'),
    'workFlow/flowDone': () => import('./pages/FlowDone'),
    'workFlow/flowCirculate': () => import('./pages/FlowCirculate'),
    'workFlow/entrust': () => import('./pages/Entrust'),
    'workFlow/flowMonitor': () => import('./pages/FlowMonitor'),
  },
};

export default routes;
