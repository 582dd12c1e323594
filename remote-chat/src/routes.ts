// urlAddress → page for the chat remote (chat/).
import type { RemoteRoutes } from '@lighting/shared';
import './i18n';

const routes: RemoteRoutes = {
  prefixes: ['chat/'],
  pages: {
    'chat/contacts': () => import('./pages/Contacts'),
  },
};

export default routes;
