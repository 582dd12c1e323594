// The phone door: /bt/gzh/* opened straight from a link or a pole's QR code. One small bundle (React
// and the citizen pages, no federation runtime, no antd) inlined into the page the server sends, so a
// weak network pays one round trip; then a service worker keeps the page for the next visit and
// for opening it offline.
import { createRoot } from 'react-dom/client';
import { CitizenApp } from './citizen/CitizenApp';
import { useHistoryNav } from './citizen/nav';

function Root() {
  return <CitizenApp nav={useHistoryNav()} />;
}

createRoot(document.getElementById('root')!).render(<Root />);

if ('serviceWorker' in navigator && location.protocol !== 'file:')
  addEventListener(
    'load',
    () => void navigator.serviceWorker.register('/bt/gzh/sw.js', { scope: '/bt/gzh' }).catch(() => undefined),
  );
