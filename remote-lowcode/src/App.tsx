// The remote's standalone (kiosk) app: minimal sign-in and its own pages, no console chrome.
import { StandaloneApp } from '@lighting/shared/ui';
import routes from './routes';

export default function App() {
  return <StandaloneApp name="lowcode" title="在线开发" section="onlineDev" routes={routes} />;
}
