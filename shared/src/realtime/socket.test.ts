/**
 * @jest-environment jsdom
 */
// The socket stream against a fake WebSocket: connection message, late subscribers to initMessage.
import { htmlLang, i18next } from '@lighting/shared';
import { connect, disconnect, on } from './socket';

import { FakeSocket } from './fakeSocket.testkit';

beforeAll(() => {
  (globalThis as { WebSocket: unknown }).WebSocket = FakeSocket;
});
afterEach(() => disconnect());

test("connecting sends OnConnection with the token and the page's language", () => {
  connect('tok-1');
  FakeSocket.last!.open();
  expect(JSON.parse(FakeSocket.last!.sent[0]!)).toEqual({
    method: 'OnConnection',
    token: 'tok-1',
    mobileDevice: false,
    // the server words this socket's messages in it
    language: htmlLang(i18next.language),
  });
});

test('a subscriber that arrives after initMessage still receives it', () => {
  connect('tok-2');
  FakeSocket.last!.open();
  FakeSocket.last!.push({ method: 'initMessage', unreadMessageCount: 6 });
  const seen: unknown[] = [];
  const s = on('initMessage').subscribe((m) => seen.push(m.unreadMessageCount));
  expect(seen).toEqual([6]);
  FakeSocket.last!.push({ method: 'initMessage', unreadMessageCount: 7 });
  expect(seen).toEqual([6, 7]);
  s.unsubscribe();
});

test('signing out forgets the last initMessage', () => {
  connect('tok-3');
  FakeSocket.last!.open();
  FakeSocket.last!.push({ method: 'initMessage', unreadMessageCount: 2 });
  disconnect();
  const seen: unknown[] = [];
  on('initMessage').subscribe((m) => seen.push(m));
  expect(seen).toEqual([]);
});

test.each([
  ['cleanly (a server restart)', true],
  ['abruptly (a dropped network)', false],
])('reconnects after the server closes the socket %s', (_what, wasClean) => {
  jest.useFakeTimers();
  try {
    connect('tok-4');
    const first = FakeSocket.last!;
    first.open();
    first.push({ method: 'initMessage', unreadMessageCount: 0 });
    first.drop(wasClean);
    jest.advanceTimersByTime(999);
    expect(FakeSocket.last).toBe(first);
    jest.advanceTimersByTime(1);
    const second = FakeSocket.last!;
    expect(second).not.toBe(first);
    second.open();
    expect(JSON.parse(second.sent[0]!)).toMatchObject({ method: 'OnConnection', token: 'tok-4' });
    const seen: unknown[] = [];
    const s = on('mapAssetChange').subscribe((m) => seen.push(m.assets));
    second.push({ method: 'mapAssetChange', assets: [] });
    expect(seen).toEqual([[]]);
    s.unsubscribe();
  } finally {
    jest.useRealTimers();
  }
});
