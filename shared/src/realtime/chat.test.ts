/**
 * @jest-environment jsdom
 */
// The chat over the socket stream, against a fake WebSocket: the outbox is sent again with the same
// client ids after a drop, acks and refusals settle it, read state follows the newest version, lists
// are asked again after a reconnection.
import { webcrypto } from 'node:crypto';
import {
  chatUnreadTotal,
  discardChat,
  listMessages,
  markChatRead,
  resetChat,
  retryChat,
  sendChat,
  startChatFeed,
  useChat,
} from './chat';
import { FakeSocket } from './fakeSocket.testkit';
import { connect, disconnect } from './socket';

const sentFrames = (s: FakeSocket) => s.sent.map((d) => JSON.parse(d) as Record<string, unknown>);
const msg = (seq: number, clientMsgId = `c${seq}`) => ({
  id: `m${seq}`,
  seq,
  sendUserId: 'me',
  receiveUserId: 'peer',
  sendTime: 1,
  contentType: 'text',
  content: 'hi',
  clientMsgId,
});

beforeAll(() => {
  (globalThis as { WebSocket: unknown }).WebSocket = FakeSocket;
  if (!globalThis.crypto?.getRandomValues) (globalThis as { crypto: unknown }).crypto = webcrypto;
  startChatFeed();
});
afterEach(() => disconnect());

function online(): FakeSocket {
  connect(`tok-${Math.random()}`);
  const s = FakeSocket.last!;
  s.open();
  s.push({ method: 'initMessage', onlineUsers: ['peer'], unreadNums: [] });
  return s;
}

test('a send waits for its ack; after a drop it goes again with the same client id', () => {
  jest.useFakeTimers();
  try {
    let s = online();
    const id = sendChat('peer', 'text', 'hello');
    expect(useChat.getState().outbox[id]).toMatchObject({ state: 'sending' });
    expect(sentFrames(s).filter((f) => f.method === 'SendMessage')).toEqual([
      {
        method: 'SendMessage',
        toUserId: 'peer',
        messageType: 'text',
        messageContent: 'hello',
        clientMsgId: id,
      },
    ]);
    // the connection drops before the ack: the next connection sends it again, same id
    s.drop(false);
    expect(useChat.getState().connected).toBe(false);
    jest.advanceTimersByTime(1000);
    s = FakeSocket.last!;
    s.open();
    s.push({ method: 'initMessage', onlineUsers: [], unreadNums: [] });
    expect(
      sentFrames(s)
        .filter((f) => f.method === 'SendMessage')
        .map((f) => f.clientMsgId),
    ).toEqual([id]);
    s.push({ method: 'sendMessage', clientMsgId: id, message: msg(1, id), duplicate: true });
    expect(useChat.getState().outbox[id]).toBeUndefined();
  } finally {
    jest.useRealTimers();
  }
});

test('a refused or unanswered send shows as not sent; retry uses the same id', () => {
  jest.useFakeTimers();
  try {
    const s = online();
    const id = sendChat('peer', 'text', 'flood');
    s.push({
      method: 'chatError',
      requestMethod: 'SendMessage',
      code: 429,
      msg: '发送过于频繁，请稍后再试',
      clientMsgId: id,
    });
    expect(useChat.getState().outbox[id]).toMatchObject({
      state: 'failed',
      error: '发送过于频繁，请稍后再试',
    });
    retryChat(id);
    expect(sentFrames(s).filter((f) => f.clientMsgId === id)).toHaveLength(2);
    jest.advanceTimersByTime(15_000);
    expect(useChat.getState().outbox[id]).toMatchObject({ state: 'failed' });
  } finally {
    jest.useRealTimers();
  }
});

test('unread: initMessage, then frames in any order, the newest version wins', () => {
  const s = online();
  s.push({
    method: 'initMessage',
    onlineUsers: ['peer'],
    unreadNums: [
      { sendUserId: 'peer', unreadNum: 2, readSeq: 3, lastSeq: 5, version: 4, defaultMessage: 'x' },
    ],
  });
  expect(chatUnreadTotal(useChat.getState())).toBe(2);
  expect(useChat.getState().online).toEqual({ peer: true });
  s.push({ method: 'readMessage', formUserId: 'peer', unreadNum: 0, readSeq: 5, version: 6 });
  // an older receiveMessage frame arriving late changes nothing
  s.push({
    method: 'receiveMessage',
    message: { ...msg(5), sendUserId: 'peer', receiveUserId: 'me' },
    unreadNum: 2,
    readSeq: 3,
    version: 5,
  });
  expect(chatUnreadTotal(useChat.getState())).toBe(0);
  s.push({ method: 'Offline', userId: 'peer' });
  expect(useChat.getState().online).toEqual({});
});

test('a list asked while offline is sent on connection, and again after a drop', async () => {
  jest.useFakeTimers();
  try {
    const p = listMessages({ toUserId: 'peer', pageSize: 30, sord: 'desc' });
    let s = online();
    const first = sentFrames(s).find((f) => f.method === 'MessageList')!;
    s.drop(false);
    jest.advanceTimersByTime(1000);
    s = FakeSocket.last!;
    s.open();
    s.push({ method: 'initMessage', onlineUsers: [], unreadNums: [] });
    const again = sentFrames(s).find((f) => f.method === 'MessageList')!;
    expect(again.requestId).toBe(first.requestId);
    s.push({ method: 'messageList', requestId: again.requestId, list: [msg(1)], hasMore: false });
    await expect(p).resolves.toEqual({ list: [msg(1)], hasMore: false });
    markChatRead('peer', 1);
    expect(sentFrames(s).at(-1)).toEqual({ method: 'UpdateReadMessage', formUserId: 'peer', seq: 1 });
  } finally {
    jest.useRealTimers();
  }
});

test('a lost ack: the catch-up page brings the stored copy, which settles the outbox entry', async () => {
  jest.useFakeTimers();
  try {
    let s = online();
    const id = sendChat('peer', 'text', 'hello');
    // no ack comes: after the timeout it shows as not sent
    jest.advanceTimersByTime(15_000);
    expect(useChat.getState().outbox[id]).toMatchObject({ state: 'failed' });
    // the connection drops and comes back; the window catches up and the page holds the stored copy
    s.drop(false);
    jest.advanceTimersByTime(1000);
    s = FakeSocket.last!;
    s.open();
    s.push({ method: 'initMessage', onlineUsers: [], unreadNums: [] });
    const p = listMessages({ toUserId: 'peer', afterSeq: 0, pageSize: 100 });
    const ask = sentFrames(s).find((f) => f.method === 'MessageList')!;
    s.push({ method: 'messageList', requestId: ask.requestId, list: [msg(7, id)], hasMore: false });
    await expect(p).resolves.toMatchObject({ list: [msg(7, id)] });
    // the stored copy wins: the entry is gone (the window draws the message once)
    expect(useChat.getState().outbox[id]).toBeUndefined();
    // and no timer is left to mark it failed later
    jest.advanceTimersByTime(60_000);
    expect(useChat.getState().outbox[id]).toBeUndefined();
  } finally {
    jest.useRealTimers();
  }
});

test('a reconnection resends sends not answered or throttled, never those refused as wrong', () => {
  resetChat(); // nothing left over from the tests above
  jest.useFakeTimers();
  try {
    let s = online();
    const lost = sendChat('peer', 'text', 'ack lost');
    const throttled = sendChat('peer', 'text', 'throttled');
    const wrong = sendChat('peer', 'text', 'refused');
    s.push({
      method: 'chatError',
      requestMethod: 'SendMessage',
      code: 429,
      msg: '太快',
      clientMsgId: throttled,
    });
    s.push({
      method: 'chatError',
      requestMethod: 'SendMessage',
      code: 400,
      msg: 'x: bad',
      clientMsgId: wrong,
    });
    jest.advanceTimersByTime(15_000);
    const states = () =>
      [lost, throttled, wrong].map((id) => [id, useChat.getState().outbox[id]?.state ?? 'settled']);
    expect(states()).toEqual([
      [lost, 'failed'],
      [throttled, 'failed'],
      [wrong, 'failed'],
    ]);
    s.drop(false);
    jest.advanceTimersByTime(1000);
    s = FakeSocket.last!;
    s.open();
    s.push({ method: 'initMessage', onlineUsers: [], unreadNums: [] });
    const resent = sentFrames(s)
      .filter((f) => f.method === 'SendMessage')
      .map((f) => f.clientMsgId);
    expect(resent).toEqual([lost, throttled]);
    expect(states()).toEqual([
      [lost, 'sending'],
      [throttled, 'sending'],
      [wrong, 'failed'],
    ]);
    // the server answers the retry of the stored one with the original: settled
    s.push({ method: 'sendMessage', clientMsgId: lost, message: msg(8, lost), duplicate: true });
    expect(states()).toEqual([
      [lost, 'settled'],
      [throttled, 'sending'],
      [wrong, 'failed'],
    ]);
    discardChat(throttled);
    discardChat(wrong);
  } finally {
    jest.useRealTimers();
  }
});
