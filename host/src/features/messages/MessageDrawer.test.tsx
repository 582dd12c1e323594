/**
 * @jest-environment jsdom
 */
// The drawer against a mocked API: lists, opens a notice in 查看消息 with sanitised HTML and drops
// the counter, marks all read after the confirmation, and loads the next page near the bottom.
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { App } from 'antd';
import { i18next, MemoryRouter } from '@lighting/shared';
import { MessageDrawer } from './MessageDrawer';
import { useUnread, initialCounts } from './counts';
import type { MessageItem } from './rules';

jest.mock('@lighting/shared/realtime', () => ({ on: () => ({ subscribe: () => ({ unsubscribe() {} }) }) }));

const page = (from: number, n: number): MessageItem[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `m${from + i}`,
    title: `标题${from + i}`,
    titleKey: null,
    titleParams: null,
    type: from + i === 1 ? 1 : 2,
    creatorUser: 'admin',
    lastModifyTime: 1700000000000,
    isRead: '0' as const,
  }));

const listMessages = jest.fn((q: { currentPage: number }) =>
  Promise.resolve({ code: 200, msg: '', data: { list: q.currentPage === 1 ? page(1, 10) : page(11, 3) } }),
);
const readMessage = jest.fn((id: string) =>
  Promise.resolve({
    code: 200,
    msg: '',
    data: {
      id,
      title: '停电通知',
      type: 1,
      bodyText: '<p>明晚<b>停电</b></p><img src=x onerror="alert(1)">',
      creatorUser: 'admin',
      lastModifyTime: 0,
    },
  }),
);
const readAllMessages = jest.fn(() => Promise.resolve({ code: 200, msg: '已全部标记为已读', data: null }));
jest.mock('./api', () => ({
  listMessages: (q: { currentPage: number }) => listMessages(q),
  readMessage: (id: string) => readMessage(id),
  readAllMessages: () => readAllMessages(),
  deleteMessageRecords: jest.fn(),
}));

beforeAll(async () => {
  await i18next.changeLanguage('zh');
  (globalThis as unknown as { IS_REACT_ACT_ENVIRONMENT: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

const flush = () => act(() => new Promise((r) => setTimeout(r, 0)));
const q = (sel: string) => Array.from(document.body.querySelectorAll<HTMLElement>(sel));
const one = (sel: string, i = 0): HTMLElement => {
  const el = q(sel)[i];
  if (!el) throw new Error(`no ${sel}`);
  return el;
};

let root: Root;
beforeEach(async () => {
  document.body.innerHTML = '<div id="r"></div>';
  useUnread.setState({ ...initialCounts, messages: 13 });
  root = createRoot(document.getElementById('r')!);
  await act(async () =>
    root.render(
      <MemoryRouter>
        <App>
          <MessageDrawer open onClose={() => undefined} />
        </App>
      </MemoryRouter>,
    ),
  );
  await flush();
});
afterEach(() => act(() => root.unmount()));

it('lists, then loads the next page near the bottom until a short page', async () => {
  expect(q('[data-testid="message-item"]')).toHaveLength(10);
  const scroller = one('[data-testid="message-scroll"]');
  Object.defineProperty(scroller, 'scrollHeight', { value: 1000, configurable: true });
  Object.defineProperty(scroller, 'clientHeight', { value: 500, configurable: true });
  scroller.scrollTop = 300; // 200 px left
  await act(async () => scroller.dispatchEvent(new Event('scroll', { bubbles: true })));
  await flush();
  expect(listMessages).toHaveBeenLastCalledWith({ currentPage: 2, pageSize: 10 });
  expect(q('[data-testid="message-item"]')).toHaveLength(13);
  await act(async () => scroller.dispatchEvent(new Event('scroll', { bubbles: true })));
  await flush();
  expect(listMessages).toHaveBeenCalledTimes(2); // finished: 3 < 10
});

it('opens a notice in 查看消息 with sanitised HTML and drops the count', async () => {
  await act(async () => one('[data-testid="message-item"]').click());
  await flush();
  expect(readMessage).toHaveBeenCalledWith('m1');
  expect(document.body.textContent).toContain('查看消息');
  const html = one('[data-testid="message-html"]').innerHTML;
  expect(html).toContain('<b>停电</b>');
  expect(html).not.toContain('onerror');
  expect(useUnread.getState().messages).toBe(12);
  expect(one('[data-testid="message-item"]').dataset.read).toBe('1');
});

it('全部已读 asks first, then sets 0 and shows all read', async () => {
  await act(async () => one('[data-testid="message-read-all"]').click());
  await flush();
  expect(document.body.textContent).toContain('您确定全部为已读状态, 是否继续?');
  const ok = one('.ant-modal-confirm .ant-btn-primary');
  await act(async () => ok.click());
  await flush();
  expect(readAllMessages).toHaveBeenCalled();
  expect(useUnread.getState().messages).toBe(0);
  expect(q('[data-testid="message-item"]').every((e) => e.dataset.read === '1')).toBe(true);
});
