// The remote's standalone (kiosk) app: minimal sign-in and its own pages, no console chrome.
import { StandaloneApp } from '@lighting/shared/ui';
import routes from './routes';

export default function App() {
  return <StandaloneApp name="workflow" title="工作流程" section="workFlow" routes={routes} />;
}
