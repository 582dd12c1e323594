import { createRoot } from 'react-dom/client';
import { ErrorBoundary, installErrorHandler, loadConfig, platformTitleIn } from '@lighting/shared';
import { loadRegistry } from './federation/registry';
import { AppRouter } from './router/AppRouter';
import { stashWallToken } from './router/wallToken';
import './i18n';
// the antd components shared under their own keys, provided by the host (lazy chunks)
import './federation/antdShared';

// A wall display's token leaves the address before anything else happens.
stashWallToken();
// The production error handler (spec §8): uncaught errors and rejections from here on.
installErrorHandler('host');

async function start() {
  // Runtime configuration and the remote registry come from the server, never from the build.
  await Promise.all([loadConfig(), loadRegistry()]);
  // the window is titled in the page's language from the first paint (index.html's title is the
  // Chinese default); each page then puts its own title in front
  document.title = platformTitleIn();
  createRoot(document.getElementById('root')!).render(
    <ErrorBoundary app="host">
      <AppRouter />
    </ErrorBoundary>,
  );
}

void start();
