/**
 * @jest-environment jsdom
 */
// A remote refused for its contract range: a panel inside whatever surrounds it, naming the remote,
// the range it needs and the version the console offers; no Retry (it cannot help).
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { i18next as i18n } from '@lighting/shared';
import '../i18n';
import { IncompatibleRemoteError } from './contract';
import { RemotePage } from './RemotePage';

jest.mock('@module-federation/enhanced/runtime', () => ({}));
jest.mock('./registry', () => ({
  refreshRegistry: () => Promise.resolve(),
  remoteFor: () => ({
    remote: { name: 'workflow', entry: '', routes: ['workFlow/'] },
    prefix: 'workFlow/',
    subPath: 'launch',
  }),
  loadRoutes: () => Promise.reject(new IncompatibleRemoteError('workflow', '^2.0.0', '1.0.0')),
}));

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

const flush = () => act(async () => new Promise((r) => setTimeout(r, 0)));

test.each([
  ['zh', '模块 workflow 需要共享契约 @lighting/shared ^2.0.0，本控制台提供的是 1.0.0'],
  ['zhtw', '模塊 workflow 需要共享契約 @lighting/shared ^2.0.0，本控制台提供的是 1.0.0'],
  ['en', 'Module workflow needs the shared contract @lighting/shared ^2.0.0; this console offers 1.0.0'],
])('incompatible remote → the panel in %s, no Retry, the chrome stays', async (lng, text) => {
  await i18n.changeLanguage(lng);
  const el = document.createElement('div');
  document.body.appendChild(el);
  const root = createRoot(el);
  await act(async () => {
    root.render(
      <div>
        <nav data-testid="chrome">menu</nav>
        <RemotePage urlAddress="workFlow/launch" meta={{ title: '发起流程' }} />
      </div>,
    );
  });
  await flush();
  await flush();
  const panel = el.querySelector('[data-testid="remote-incompatible"]');
  expect(panel?.textContent).toContain(text);
  expect(el.querySelector('[data-testid="remote-retry"]')).toBeNull();
  expect(el.querySelector('[data-testid="remote-error"]')).toBeNull();
  expect(el.querySelector('[data-testid="chrome"]')).not.toBeNull();
  act(() => root.unmount());
  el.remove();
});
