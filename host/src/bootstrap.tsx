import { createRoot } from 'react-dom/client';
import { loadConfig } from '@lighting/shared';
import { loadRegistry } from './federation/registry';
import { AppRouter } from './router/AppRouter';
import './i18n';

async function start() {
  // Runtime configuration and the remote registry come from the server, never from the build.
  await Promise.all([loadConfig(), loadRegistry()]);
  createRoot(document.getElementById('root')!).render(<AppRouter />);
}

void start();
