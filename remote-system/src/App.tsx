// The remote's standalone (kiosk) app: minimal sign-in and its own pages, no console chrome.
import { StandaloneApp } from '@lighting/shared/ui';
import routes from './routes';

export default function App() {
  return <StandaloneApp name="system" title="系统管理" section="system" routes={routes} />;
}
