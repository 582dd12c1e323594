import {
  applyReadState,
  contiguousSeq,
  mergeMessages,
  parseChatCard,
  parseChatImage,
  totalUnread,
  CHAT_IMAGE_PATH,
  filterContacts,
  gapAfter,
  logAdd,
  logAddOlder,
  logFromLatest,
  sortContacts,
  mapLinkOf,
  settleOutbox,
  unsettled,
} from './chat';

const m = (seq: number, id = `m${seq}`) => ({ id, seq });

describe('mergeMessages', () => {
  it('appends newer messages in seq order', () => {
    const list = [m(1), m(2)];
    expect(mergeMessages(list, [m(4), m(3)]).map((x) => x.seq)).toEqual([1, 2, 3, 4]);
  });
  it('never holds one id twice, whether from a live frame or a page', () => {
    const list = [m(1), m(2), m(3)];
    const merged = mergeMessages(list, [m(2), m(3), m(4), m(4)]);
    expect(merged.map((x) => x.id)).toEqual(['m1', 'm2', 'm3', 'm4']);
  });
  it('puts an older page before what is held', () => {
    expect(mergeMessages([m(5), m(6)], [m(3), m(4)]).map((x) => x.seq)).toEqual([3, 4, 5, 6]);
  });
  it('returns the same list when nothing is new', () => {
    const list = [m(1)];
    expect(mergeMessages(list, [m(1)])).toBe(list);
    expect(mergeMessages(list, [])).toBe(list);
  });
  it('fills a hole left by a late frame', () => {
    expect(mergeMessages([m(1), m(3)], [m(2)]).map((x) => x.seq)).toEqual([1, 2, 3]);
  });
});

describe('contiguousSeq', () => {
  it('is the end of the run without holes', () => {
    expect(contiguousSeq([m(1), m(2), m(3)], 0)).toBe(3);
    expect(contiguousSeq([m(1), m(2), m(4)], 0)).toBe(2);
    expect(contiguousSeq([m(5), m(6)], 4)).toBe(6);
    expect(contiguousSeq([m(5), m(6)], 2)).toBe(2);
    expect(contiguousSeq([], 7)).toBe(7);
  });
});

describe('read state (unread arithmetic)', () => {
  it('takes the newer version, whatever order frames arrive in', () => {
    const a = { unread: 3, readSeq: 2, version: 5 };
    const b = { unread: 0, readSeq: 5, version: 6 };
    expect(applyReadState(applyReadState(undefined, a), b)).toEqual(b);
    expect(applyReadState(applyReadState(undefined, b), a)).toEqual(b);
  });
  it('ignores a frame without a version, and never goes below 0', () => {
    const s = { unread: 1, readSeq: 0, version: 1 };
    expect(applyReadState(s, { unread: 9 })).toBe(s);
    expect(applyReadState(s, { unread: -4, readSeq: 3, version: 2 })).toEqual({
      unread: 0,
      readSeq: 3,
      version: 2,
    });
  });
  it('keeps the read pointer from moving back', () => {
    expect(
      applyReadState({ unread: 0, readSeq: 9, version: 1 }, { unread: 1, readSeq: 4, version: 2 }),
    ).toEqual({ unread: 1, readSeq: 9, version: 2 });
  });
  it('sums every conversation', () => {
    expect(
      totalUnread({ a: { unread: 2, readSeq: 0, version: 1 }, b: { unread: 3, readSeq: 0, version: 1 } }),
    ).toBe(5);
    expect(totalUnread({})).toBe(0);
  });
});

describe('content parsing', () => {
  it('reads an image and a card, refuses anything else', () => {
    expect(parseChatImage('{"path":"/api/file/Image/IM/x.png","width":2,"height":3}')).toEqual({
      path: '/api/file/Image/IM/x.png',
      width: 2,
      height: 3,
    });
    expect(parseChatImage('not json')).toBeNull();
    expect(parseChatImage('{"path":1}')).toBeNull();
    expect(
      parseChatCard('{"kind":"asset","id":"12","code":"SL-000012","status":"fault","title":"x"}'),
    ).toMatchObject({
      kind: 'asset',
      code: 'SL-000012',
    });
    expect(parseChatCard('{"kind":"user","id":"1","code":"x"}')).toBeNull();
    expect(parseChatCard('null')).toBeNull();
    // a fault card; a card as a reader without the map menu gets it: no status, no title
    expect(parseChatCard('{"kind":"fault","id":"f1","code":"SL-000012"}')).toEqual({
      kind: 'fault',
      id: 'f1',
      code: 'SL-000012',
      status: '',
      title: '',
    });
  });
  it('links a card to its item on the map page (the parameter remote-map reads)', () => {
    expect(mapLinkOf({ kind: 'asset', id: '12' })).toBe('/bt/map/assets?asset=12');
    expect(mapLinkOf({ kind: 'order', id: 'o 1&x' })).toBe('/bt/map/repair?order=o%201%26x');
    expect(mapLinkOf({ kind: 'fault', id: 'f1' })).toBe('/bt/map/fault?fault=f1');
  });
  it('accepts only our own chat image paths', () => {
    expect(CHAT_IMAGE_PATH.test(`/api/file/Image/IM/${'a'.repeat(32)}.png`)).toBe(true);
    expect(CHAT_IMAGE_PATH.test('https://evil.example/x.png')).toBe(false);
    expect(CHAT_IMAGE_PATH.test(`/api/file/Image/quill/${'a'.repeat(32)}.png`)).toBe(false);
  });
});

describe('conversation log (live frames merged with pages)', () => {
  const msg = (seq: number) =>
    ({
      id: `m${seq}`,
      seq,
      sendUserId: 'a',
      receiveUserId: 'b',
      sendTime: seq,
      contentType: 'text',
      content: String(seq),
      clientMsgId: `c${seq}`,
    }) as const;
  const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => msg(a + i));

  it('opens on the latest page, newest first from the server', () => {
    const log = logFromLatest(range(71, 100).reverse(), true);
    expect(log.messages.map((m) => m.seq)[0]).toBe(71);
    expect(log.upTo).toBe(100);
    expect(log.hasOlder).toBe(true);
  });
  it('appends a live message, and sees a hole', () => {
    let log = logFromLatest(range(1, 3), false);
    log = logAdd(log, [msg(4)]);
    expect(log.upTo).toBe(4);
    expect(gapAfter(log, 5)).toBeNull();
    expect(gapAfter(log, 7)).toBe(4);
    log = logAdd(log, [msg(7)]);
    expect(log.upTo).toBe(4);
    log = logAdd(log, range(5, 7)); // the catch-up page
    expect(log.upTo).toBe(7);
    expect(log.messages.map((m) => m.seq)).toEqual(range(1, 7).map((m) => m.seq));
  });
  it('an empty conversation: the first live message must be seq 1', () => {
    const log = logFromLatest([], false);
    expect(gapAfter(log, 1)).toBeNull();
    expect(gapAfter(log, 3)).toBe(0);
    expect(logAdd(log, [msg(1)]).upTo).toBe(1);
  });
  it('older pages go before, never twice', () => {
    let log = logFromLatest(range(31, 60), true);
    log = logAddOlder(log, range(1, 31), false);
    expect(log.messages).toHaveLength(60);
    expect(log.hasOlder).toBe(false);
    expect(log.upTo).toBe(60);
  });
});

describe('contacts', () => {
  const people = [
    { id: '1', realName: '张伟', account: 'zhangwei', quickQuery: 'ZW' },
    { id: '2', realName: '李娜', account: 'lina', quickQuery: 'LN' },
    { id: '3', realName: '王强', account: 'admin', quickQuery: 'WQ' },
    { id: '4', realName: '阿明', account: 'aming', quickQuery: 'AM' },
  ];
  it('search: a substring of real name, account or quick query, any case, never self', () => {
    expect(filterContacts(people, '', '3').map((u) => u.id)).toEqual(['1', '2', '4']);
    expect(filterContacts(people, '娜').map((u) => u.id)).toEqual(['2']);
    expect(filterContacts(people, 'ZHANG').map((u) => u.id)).toEqual(['1']);
    expect(filterContacts(people, 'wq').map((u) => u.id)).toEqual(['3']);
    expect(filterContacts(people, 'xyz')).toEqual([]);
  });
  it('order: unread most first, then online, then name', () => {
    const unread: Record<string, number> = { '2': 1, '3': 5 };
    const online = new Set(['4']);
    expect(
      sortContacts(
        people,
        (id) => unread[id] ?? 0,
        (id) => online.has(id),
      ).map((u) => u.realName),
    ).toEqual(['王强', '李娜', '阿明', '张伟']);
  });
  it('order: names by pinyin whatever the language (not by code point: 张 before 陈)', () => {
    const names = ['陈明', '张伟', '阿明', '李娜'].map((realName, i) => ({
      id: String(i),
      realName,
      account: `a${i}`,
    }));
    expect(
      sortContacts(
        names,
        () => 0,
        () => false,
      ).map((u) => u.realName),
    ).toEqual(['阿明', '陈明', '李娜', '张伟']);
  });
});

describe('the outbox against stored messages (a lost ack never shows a message twice)', () => {
  const entry = (clientMsgId: string, toUserId = 'peer') => ({ clientMsgId, toUserId, text: clientMsgId });
  const stored = (clientMsgId: string, receiveUserId = 'peer') => ({ clientMsgId, receiveUserId });
  it('a stored copy settles its entry; others stay; nothing stored changes nothing', () => {
    const outbox = { a: entry('a'), b: entry('b') };
    expect(settleOutbox(outbox, [stored('a'), stored('zz')])).toEqual({ b: entry('b') });
    expect(settleOutbox(outbox, [])).toBe(outbox);
    expect(settleOutbox(outbox, [stored('zz')])).toBe(outbox);
  });
  it('matches the peer too: the same client id of a message the peer sent me is not mine', () => {
    const outbox = { a: entry('a') };
    expect(settleOutbox(outbox, [stored('a', 'me')])).toBe(outbox);
    expect(unsettled([entry('a')], [stored('a', 'me')])).toEqual([entry('a')]);
  });
  it('draws only entries whose stored copy is not drawn', () => {
    expect(unsettled([entry('a'), entry('b')], [stored('b')]).map((p) => p.clientMsgId)).toEqual(['a']);
    const none: ReturnType<typeof entry>[] = [];
    expect(unsettled(none, [stored('a')])).toBe(none);
  });
});
