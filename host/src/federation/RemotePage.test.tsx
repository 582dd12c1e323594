/**
 * @jest-environment jsdom
 */
// A remote page that throws while rendering ends in the error panel with Retry, inside whatever
// surrounds it; Retry loads the page again. The production error handler records the error with
// React's component stack and the remote's name.
import { act } from 'react';
import { setErrorLogEnabled, useErrorLog } from '@lighting/shared';
import { createRoot } from 'react-dom/client';
import { RemotePage } from './RemotePage';

jest.mock('@module-federation/enhanced/runtime', () => ({}));
let attempts = 0;
jest.mock('./registry', () => ({
  refreshRegistry: () => Promise.resolve(),
  remoteFor: () => ({
    remote: { name: 'system', entry: '', routes: ['permission/'] },
    prefix: 'permission/',
    subPath: 'user',
  }),
  loadRoutes: () =>
    Promise.resolve({
      prefixes: ['permission/'],
      pages: {
        'permission/user': () => {
          attempts += 1;
          const n = attempts;
          return Promise.resolve({
            default: function Page() {
              if (n === 1) throw new Error('boom while rendering');
              return <div data-testid="page-ok">ok</div>;
            },
          });
        },
      },
    }),
}));

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

const flush = () => act(async () => new Promise((r) => setTimeout(r, 0)));

test('render error → panel with Retry, the rest stays; Retry renders the page', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  setErrorLogEnabled(true);
  const el = document.createElement('div');
  document.body.appendChild(el);
  const root = createRoot(el);
  await act(async () => {
    root.render(
      <div>
        <nav data-testid="chrome">menu</nav>
        <RemotePage urlAddress="permission/user" meta={{ title: '用户管理' }} />
      </div>,
    );
  });
  await flush();
  await flush();
  expect(el.querySelector('[data-testid="remote-error"]')?.textContent).toContain('boom while rendering');
  expect(el.querySelector('[data-testid="chrome"]')).not.toBeNull();
  const [logged] = useErrorLog.getState().entries;
  expect(logged).toMatchObject({ message: 'boom while rendering', source: 'react', app: 'system', count: 1 });
  expect(logged?.componentStack).toMatch(/Page/);
  await act(async () => {
    (el.querySelector('[data-testid="remote-retry"]') as HTMLButtonElement).click();
  });
  await flush();
  await flush();
  expect(el.querySelector('[data-testid="page-ok"]')).not.toBeNull();
  expect(el.querySelector('[data-testid="remote-error"]')).toBeNull();
  act(() => root.unmount());
  setErrorLogEnabled(false);
});
