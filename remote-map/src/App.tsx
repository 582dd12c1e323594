// The remote's standalone (kiosk) app: minimal sign-in and its own pages, no console chrome.
import { StandaloneApp } from '@lighting/shared/ui';
import routes from './routes';

export default function App() {
  return <StandaloneApp name="map" title="照明地图" section="lighting" routes={routes} />;
}
