/**
 * Internal chat over the socket (issue 15), on SQLite and PostgreSQL: the three methods, the user
 * from the session, exactly-once by client id, order by seq, read pointers synced to every tab,
 * rate limit, frame checks, images and cards.
 */
import type { FastifyInstance } from 'fastify';
import { Client, wsUrl, type Msg } from './socket-client';
import {
  TARGETS,
  authed,
  body,
  createEnv,
  login,
  multipart,
  png,
  tokenWithoutGrants,
  type TestEnv,
} from './helpers';

const OP = 'u-operator';
const MG = 'u-manager';
const AD = 'u-admin';

describe.each(TARGETS)('chat (%s)', (target) => {
  let env: TestEnv;
  let app: FastifyInstance;
  let now = Date.now();
  const tokens: Record<string, string> = {};
  const clients: Client[] = [];
  let n = 0;
  const cid = () => `c${Date.now().toString(36)}-${++n}`;

  /** A demo account, or one made by `staff` (no role: no map menus). */
  const connect = async (who: string): Promise<Client> => {
    const c = await Client.open(wsUrl(app));
    clients.push(c);
    await c.connect(tokens[who]!);
    return c;
  };
  const ack = (c: Client, clientMsgId: string) =>
    c.nextWhere((m) => m.method === 'sendMessage' && m.clientMsgId === clientMsgId, `ack ${clientMsgId}`);
  const errorFor = (c: Client, key: string) =>
    c.nextWhere(
      (m) => m.method === 'chatError' && (m.clientMsgId === key || m.requestId === key),
      `error ${key}`,
    );
  const send = (c: Client, toUserId: string, text: string, clientMsgId = cid(), type = 'text') => {
    c.send({ method: 'SendMessage', toUserId, messageType: type, messageContent: text, clientMsgId });
    return clientMsgId;
  };
  const list = async (c: Client, q: Record<string, unknown>): Promise<Msg> => {
    const requestId = cid();
    c.send({ method: 'MessageList', requestId, ...q });
    return c.nextWhere((m) => m.method === 'messageList' && m.requestId === requestId, `list ${requestId}`);
  };
  /** New staff members with no role at all (their own pairs: no other test's data). */
  const staff = async (...accounts: string[]): Promise<string[]> => {
    const ids: string[] = [];
    for (const account of accounts) {
      tokens[account] = await tokenWithoutGrants(app, tokens.admin!, account);
      const u = await app.ctx.db
        .selectFrom('user')
        .select('id')
        .where('account', '=', account)
        .executeTakeFirstOrThrow();
      ids.push(u.id);
    }
    return ids;
  };
  const stored = async (where: { senderId?: string; clientMsgId?: string } = {}) => {
    let q = app.ctx.db.selectFrom('chat_message').selectAll();
    if (where.senderId) q = q.where('senderId', '=', where.senderId);
    if (where.clientMsgId) q = q.where('clientMsgId', '=', where.clientMsgId);
    return q.orderBy('seq').execute();
  };

  beforeAll(async () => {
    // a tiny city for the cards; a send burst of 5 then 1 a second on a clock the test moves
    env = await createEnv(
      target,
      { MAP_ASSETS: '60', CHAT_SEND_BURST: '5', CHAT_SEND_PER_SECOND: '1' },
      { clock: () => now },
    );
    app = env.app;
    await app.listen({ port: 0, host: '127.0.0.1' });
    tokens.operator = await login(app, 'operator', 'operator123');
    tokens.manager = await login(app, 'manager', 'manager123');
    tokens.admin = await login(app, 'admin', 'admin123');
  });
  beforeEach(() => {
    now += 60_000; // a full rate-limit bucket for every test
  });
  afterEach(() => {
    clients.splice(0).forEach((c) => c.close());
  });
  afterAll(async () => {
    await env.cleanup();
  });

  it('a send is acknowledged, stored once and reaches every socket of both users', async () => {
    const [tab1, tab2, rx1, rx2] = [
      await connect('operator'),
      await connect('operator'),
      await connect('manager'),
      await connect('manager'),
    ];
    const id = send(tab1, MG, '你好 [微笑] <b>x</b>');
    const a = await ack(tab1, id);
    expect(a).toMatchObject({ toUserId: MG, messageType: 'text', duplicate: false });
    const m = a.message as { id: string; seq: number; content: string; sendUserId: string };
    expect(m).toMatchObject({ seq: 1, content: '你好 [微笑] <b>x</b>', sendUserId: OP });
    // the sender's other tab gets the echo, both receiver tabs the message with the unread count
    expect((await ack(tab2, id)).message).toEqual(a.message);
    for (const rx of [rx1, rx2]) {
      const r = await rx.next('receiveMessage');
      expect(r).toMatchObject({ formUserId: OP, formMessage: m.content, realName: expect.any(String) });
      expect(r.message).toEqual(a.message);
      expect(r).toMatchObject({ unreadNum: 1, readSeq: 0 });
    }
    // the sending tab got exactly one frame for it (the ack), not a second copy through the bus
    expect(tab1.messages.filter((x) => x.method === 'sendMessage')).toHaveLength(1);
    expect(await stored({ clientMsgId: id })).toHaveLength(1);
  });

  it('a retry with the same client id returns the original and stores nothing new', async () => {
    const c = await connect('operator');
    const rx = await connect('admin');
    const id = send(c, AD, 'once');
    const first = await ack(c, id);
    c.messages.length = 0;
    send(c, AD, 'once (retried)', id);
    send(c, AD, 'once (retried)', id);
    const again = await ack(c, id);
    expect(again).toMatchObject({ duplicate: true, message: first.message });
    // another socket of the same user retrying (a reconnect) gets the original too
    const other = await connect('operator');
    send(other, AD, 'once', id);
    expect((await ack(other, id)).message).toEqual(first.message);
    expect(await stored({ senderId: OP, clientMsgId: id })).toHaveLength(1);
    // the receiver may see the original pushed again, never a second message
    const ids = new Set(
      rx.messages.filter((x) => x.method === 'receiveMessage').map((x) => (x.message as { id: string }).id),
    );
    expect(ids.size).toBeLessThanOrEqual(1);
  });

  it('keeps the order of one tab’s sends and numbers them per conversation', async () => {
    const c = await connect('admin');
    const rx = await connect('manager');
    const ids = Array.from({ length: 5 }, (_, i) => send(c, MG, `order ${i}`));
    const acks = await Promise.all(ids.map((id) => ack(c, id)));
    const seqs = acks.map((a) => (a.message as { seq: number }).seq);
    expect(seqs).toEqual([...seqs].sort((x, y) => x - y));
    expect(new Set(seqs).size).toBe(5);
    expect(seqs[4]! - seqs[0]!).toBe(4);
    await rx.until(
      () => (rx.messages.filter((m) => m.method === 'receiveMessage').length >= 5 ? true : undefined),
      '5',
    );
    const got = rx.messages
      .filter((m) => m.method === 'receiveMessage')
      .map((m) => (m.message as { seq: number }).seq);
    expect(got).toEqual(seqs);
  });

  it('MessageList pages by seq, searches text only, and only ever the caller’s own conversation', async () => {
    const c = await connect('manager');
    const peer = await connect('operator');
    now += 60_000;
    const base = await list(c, { toUserId: OP, sord: 'desc', pageSize: 1 });
    const start = ((base.list as { seq: number }[])[0]?.seq ?? 0) as number;
    for (let i = 0; i < 4; i++) await ack(c, send(c, OP, `history ${i} 路灯`));
    await ack(peer, send(peer, MG, '回复 路灯'));
    const latest = await list(c, { toUserId: OP, sord: 'desc', pageSize: 3 });
    const latestSeqs = (latest.list as { seq: number }[]).map((m) => m.seq);
    expect(latestSeqs).toEqual([start + 5, start + 4, start + 3]);
    expect(latest.hasMore).toBe(true);
    const older = await list(c, { toUserId: OP, sord: 'desc', pageSize: 3, beforeSeq: start + 3 });
    expect((older.list as { seq: number }[]).map((m) => m.seq)).toEqual(
      [start + 2, start + 1, start].filter((s) => s > 0),
    );
    // catch-up after a seq: everything later, oldest first
    const after = await list(c, { toUserId: OP, afterSeq: start + 3, pageSize: 50 });
    expect((after.list as { seq: number }[]).map((m) => m.seq)).toEqual([start + 4, start + 5]);
    expect(after.hasMore).toBe(false);
    // the history panel's search: text only, any case of substring, ascending
    const found = await list(c, { toUserId: OP, keyword: '路灯', sord: 'asc', pageSize: 50 });
    expect((found.list as { content: string }[]).map((m) => m.content)).toEqual([
      'history 0 路灯',
      'history 1 路灯',
      'history 2 路灯',
      'history 3 路灯',
      '回复 路灯',
    ]);
  });

  it('a user reads only their own conversations: another pair’s history is refused', async () => {
    const [A, B] = await staff('pairA', 'pairB');
    await staff('thirdC');
    const [a, b, c] = [await connect('pairA'), await connect('pairB'), await connect('thirdC')];
    await ack(a, send(a, B!, 'A→B 1'));
    await ack(a, send(a, B!, 'A→B 2'));
    await ack(b, send(b, A!, 'B→A 3'));
    // what there is to protect: A holds the pair's three messages
    const own = await list(a, { toUserId: B, sord: 'asc', pageSize: 100 });
    expect((own.list as { content: string }[]).map((m) => m.content)).toEqual(['A→B 1', 'A→B 2', 'B→A 3']);

    // C names the pair (JNPF's formUserId): refused, and no list is answered
    c.send({ method: 'MessageList', toUserId: B, formUserId: A, pageSize: 100, requestId: 'snoop' });
    const refused = await errorFor(c, 'snoop');
    expect(refused).toMatchObject({ requestMethod: 'MessageList', code: 403 });
    expect(String(refused.msg)).toMatch(/^formUserId: /);
    expect(c.messages.some((m) => m.method === 'messageList')).toBe(false);
    // C's own conversations with A and with B are empty: nothing of A–B, however asked
    for (const q of [
      { toUserId: A },
      { toUserId: B },
      { toUserId: A, keyword: 'A→B' },
      { toUserId: B, afterSeq: 0 },
    ]) {
      const r = await list(c, { pageSize: 100, ...q });
      expect(r.list).toEqual([]);
    }
    // nor does C's initMessage name any conversation, nor is a send in A's name stored
    const fresh = await Client.open(wsUrl(app));
    clients.push(fresh);
    expect((await fresh.connect(tokens['thirdC']!)).unreadNums).toEqual([]);
    const forged = send(c, B!, 'as A', cid());
    c.send({
      method: 'SendMessage',
      toUserId: B,
      formUserId: A,
      messageType: 'text',
      messageContent: 'as A',
      clientMsgId: 'forged',
    });
    expect(await errorFor(c, 'forged')).toMatchObject({ code: 403 });
    await ack(c, forged); // C's own send to B is C's
    expect(await stored({ clientMsgId: 'forged' })).toHaveLength(0);
    // and C reading "A" moves nothing of the A–B pair
    const before = await app.ctx.db
      .selectFrom('chat_member')
      .selectAll()
      .where('userId', 'in', [A!, B!])
      .execute();
    c.send({ method: 'UpdateReadMessage', formUserId: A });
    await list(c, { toUserId: A, pageSize: 1 }); // frames of a socket run in order: the read is done
    const after = await app.ctx.db
      .selectFrom('chat_member')
      .selectAll()
      .where('userId', 'in', [A!, B!])
      .execute();
    expect(after).toEqual(before);
  });

  it('read pointers: unread counts, every tab told, initMessage after a reconnect agrees', async () => {
    const tx = await connect('admin');
    const [tabA, tabB] = [await connect('operator'), await connect('operator')];
    // start from a read conversation
    tabA.send({ method: 'UpdateReadMessage', formUserId: AD });
    await tabA.next('readMessage');
    tabA.messages.length = 0;
    tabB.messages.length = 0;
    const sent: Msg[] = [];
    for (let i = 0; i < 3; i++) sent.push(await ack(tx, send(tx, OP, `unread ${i}`)));
    const lastRx = await tabA.nextWhere(
      (m) =>
        m.method === 'receiveMessage' &&
        (m.message as { id: string }).id === (sent[2]!.message as { id: string }).id,
      'third',
    );
    expect(lastRx.unreadNum).toBe(3);
    // a fresh socket (a reload) sees the same count
    const fresh = await Client.open(wsUrl(app));
    clients.push(fresh);
    const init = await fresh.connect(tokens.operator!);
    const entry = (init.unreadNums as { sendUserId: string; unreadNum: number; version: number }[]).find(
      (u) => u.sendUserId === AD,
    );
    expect(entry).toMatchObject({ unreadNum: 3, defaultMessage: 'unread 2', defaultMessageType: 'text' });
    // reading up to the second one in tab A: both tabs (and the fresh one) get the pointer
    const secondSeq = (sent[1]!.message as { seq: number }).seq;
    tabA.send({ method: 'UpdateReadMessage', formUserId: AD, seq: secondSeq });
    let seen = 0;
    for (const t of [tabA, tabB, fresh]) {
      const r = await t.nextWhere((m) => m.method === 'readMessage' && m.readSeq === secondSeq, 'pointer');
      expect(r).toMatchObject({ formUserId: AD, unreadNum: 1, readSeq: secondSeq });
      expect(Number(r.version)).toBeGreaterThan(entry!.version);
      seen = Number(r.version);
    }
    // a pointer never moves back
    tabB.send({ method: 'UpdateReadMessage', formUserId: AD, seq: 1, token: 'ignored' });
    const back = await tabB.nextWhere(
      (m) => m.method === 'readMessage' && Number(m.version) > seen,
      'pointer kept',
    );
    expect(back).toMatchObject({ unreadNum: 1, readSeq: secondSeq });
    // the database agrees with what the frames said
    const row = await app.ctx.db
      .selectFrom('chat_member')
      .selectAll()
      .where('userId', '=', OP)
      .where('peerId', '=', AD)
      .executeTakeFirstOrThrow();
    expect(Number(row.unread)).toBe(1);
  });

  it('refuses bad frames with a message naming the field, and changes nothing', async () => {
    const c = await connect('operator');
    const before = (await stored()).length;
    c.send({
      method: 'SendMessage',
      toUserId: MG,
      messageType: 'text',
      messageContent: 'x',
      requestId: 'r1',
    });
    expect(await errorFor(c, 'r1').catch(() => c.next('chatError'))).toMatchObject({
      requestMethod: 'SendMessage',
      code: 400,
    });
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ toUserId: MG, messageType: 'text', messageContent: '', clientMsgId: 'e1' }, /^messageContent: /],
      [
        { toUserId: MG, messageType: 'text', messageContent: 'x'.repeat(2001), clientMsgId: 'e2' },
        /^messageContent: /,
      ],
      [{ toUserId: MG, messageType: 'voice', messageContent: 'x', clientMsgId: 'e3' }, /^messageType: /],
      [{ toUserId: OP, messageType: 'text', messageContent: 'me', clientMsgId: 'e4' }, /^toUserId: /],
      [{ toUserId: 'u-nobody', messageType: 'text', messageContent: 'x', clientMsgId: 'e5' }, /^toUserId: /],
      [{ toUserId: MG, messageType: 'text', messageContent: 'x', clientMsgId: 'e6', extra: 1 }, /^extra: /],
      [
        {
          toUserId: MG,
          messageType: 'image',
          messageContent: '{"path":"https://x.org/a.png","width":1,"height":1}',
          clientMsgId: 'e7',
        },
        /^messageContent.path: /,
      ],
      [
        { toUserId: MG, messageType: 'card', messageContent: '{"kind":"user","id":"1"}', clientMsgId: 'e8' },
        /^messageContent.kind: /,
      ],
      [
        {
          toUserId: MG,
          messageType: 'card',
          messageContent: '{"kind":"asset","id":"99999999"}',
          clientMsgId: 'e9',
        },
        /^messageContent.id: /,
      ],
      [
        { toUserId: MG, messageType: 'text', messageContent: 'a\u202Eb', clientMsgId: 'e10' },
        /^messageContent: /,
      ],
    ];
    for (const [frame, msg] of cases) {
      c.send({ method: 'SendMessage', ...frame });
      const e = await errorFor(c, frame.clientMsgId as string);
      expect(e).toMatchObject({ requestMethod: 'SendMessage', code: 400 });
      expect(String(e.msg)).toMatch(msg);
    }
    c.send({ method: 'MessageList', toUserId: MG, pageSize: 1000, requestId: 'l1' });
    expect(String((await errorFor(c, 'l1')).msg)).toMatch(/^pageSize: /);
    c.ws.send(JSON.stringify({ method: 'SendMessage', pad: 'x'.repeat(70_000) }));
    expect(
      String((await c.nextWhere((m) => m.method === 'chatError' && m.requestMethod === '', 'size')).msg),
    ).toMatch(/^frame: /);
    expect((await stored()).length).toBe(before);
    // a frame before OnConnection is refused, not run
    const raw = await Client.open(wsUrl(app));
    clients.push(raw);
    raw.send({
      method: 'SendMessage',
      toUserId: MG,
      messageType: 'text',
      messageContent: 'x',
      clientMsgId: 'e11',
    });
    expect(await errorFor(raw, 'e11')).toMatchObject({ code: 602 });
    expect((await stored()).length).toBe(before);
  });

  it('rate-limits sends per user (burst, then per second)', async () => {
    const c = await connect('manager');
    const ids = Array.from({ length: 6 }, () => send(c, AD, 'flood'));
    for (const id of ids.slice(0, 5)) await ack(c, id);
    expect(await errorFor(c, ids[5]!)).toMatchObject({ code: 429, msg: '发送过于频繁，请稍后再试' });
    // a retry of a stored send is answered with the original even with the bucket empty
    c.messages.length = 0;
    send(c, AD, 'flood', ids[0]);
    expect(await ack(c, ids[0]!)).toMatchObject({ duplicate: true });
    expect(c.messages.some((m) => m.method === 'chatError')).toBe(false);
    now += 1000;
    await ack(c, send(c, AD, 'after a second'));
    expect(await stored({ clientMsgId: ids[5] })).toHaveLength(0);
  });

  it('retries of stored sends cost nothing from the bucket (dedup before the rate limit)', async () => {
    const c = await connect('operator');
    // 3 of the burst of 5 spent on new sends
    const first = [send(c, MG, 'one'), send(c, MG, 'two'), send(c, MG, 'three')];
    for (const id of first) await ack(c, id);
    // a reconnecting client resends its outbox many times over: all acknowledged, none throttled
    c.messages.length = 0;
    for (let i = 0; i < 8; i++) send(c, MG, 'one', first[0]);
    await c.until(
      () => (c.messages.filter((m) => m.method === 'sendMessage').length >= 8 ? true : undefined),
      '8 acks',
    );
    expect(c.messages.filter((m) => m.method === 'chatError')).toEqual([]);
    expect(c.messages.every((m) => m.method !== 'sendMessage' || m.duplicate === true)).toBe(true);
    // the two sends left in the burst are still there, the third is not
    const more = [send(c, MG, 'four'), send(c, MG, 'five'), send(c, MG, 'six')];
    await ack(c, more[0]!);
    await ack(c, more[1]!);
    expect(await errorFor(c, more[2]!)).toMatchObject({ code: 429 });
    expect(await stored({ senderId: OP, clientMsgId: first[0] })).toHaveLength(1);
  });

  it('images: only an IM image the sender uploaded; 图片大小不能超过5M beyond the limit', async () => {
    const up = async (token: string, data: Buffer) =>
      body(
        await app.inject(
          authed(token, {
            method: 'POST',
            url: '/api/file/Uploader/IM',
            ...multipart('a.png', 'image/png', data),
          }),
        ),
      );
    const mine = await up(tokens.operator!, png(2000));
    expect(mine.code).toBe(200);
    expect(mine.data.url).toMatch(/^\/api\/file\/Image\/IM\/[0-9a-f]{32}\.png$/);
    const big = await up(tokens.operator!, png(5 * 1024 * 1024 + 1));
    expect(big).toMatchObject({ code: 400, msg: '图片大小不能超过5M' });
    const notImage = body(
      await app.inject(
        authed(tokens.operator!, {
          method: 'POST',
          url: '/api/file/Uploader/IM',
          ...multipart('a.png', 'image/png', Buffer.from('<svg onload=alert(1)>')),
        }),
      ),
    );
    expect(notImage.code).toBe(400);
    const theirs = await up(tokens.manager!, png(100));
    const c = await connect('operator');
    const content = (path: string) => JSON.stringify({ path, width: 640, height: 480 });
    const ok = send(c, MG, content(mine.data.url), cid(), 'image');
    const a = await ack(c, ok);
    expect(JSON.parse((a.message as { content: string }).content)).toEqual({
      path: mine.data.url,
      width: 640,
      height: 480,
    });
    const bad = send(c, MG, content(theirs.data.url), cid(), 'image');
    expect(String((await errorFor(c, bad)).msg)).toMatch(/^messageContent.path: /);
    // served as the spec says, as an image, to a signed-in reader only (files are private)
    const img = await app.inject(authed(tokens.manager!, { method: 'GET', url: mine.data.url }));
    expect(img.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: mine.data.url })).statusCode).toBe(401);
    expect(img.headers['content-type']).toBe('image/png');
  });

  it('cards: an asset or a repair order, with its code and state looked up by the server', async () => {
    const asset = await app.ctx.db
      .selectFrom('map_asset')
      .select(['objectid', 'code', 'status'])
      .orderBy('objectid')
      .executeTakeFirstOrThrow();
    const order = body(
      await app.inject(
        authed(tokens.admin!, {
          method: 'POST',
          url: '/api/map/repair-orders',
          payload: { assetId: asset.objectid, title: '灯不亮', urgency: 2 },
        }),
      ),
    );
    expect(order.code).toBe(200);
    const c = await connect('admin');
    const rx = await connect('operator');
    const a = await ack(
      c,
      send(c, OP, JSON.stringify({ kind: 'asset', id: String(asset.objectid) }), cid(), 'card'),
    );
    expect(JSON.parse((a.message as { content: string }).content)).toMatchObject({
      kind: 'asset',
      id: String(asset.objectid),
      code: asset.code,
      status: asset.status,
    });
    const o = await ack(c, send(c, OP, JSON.stringify({ kind: 'order', id: order.data.id }), cid(), 'card'));
    expect(JSON.parse((o.message as { content: string }).content)).toMatchObject({
      kind: 'order',
      code: order.data.billNo,
      status: 'pending',
      title: '灯不亮',
    });
    const got = await rx.nextWhere(
      (m) =>
        m.method === 'receiveMessage' &&
        (m.message as { id: string }).id === (o.message as { id: string }).id,
      'card',
    );
    expect(got.messageType).toBe('card');
    // a fault: its asset's code, open or closed, the type and district
    const fault = body(
      await app.inject(
        authed(tokens.admin!, {
          method: 'POST',
          url: '/api/map/faults',
          payload: { assetId: asset.objectid, typeCode: 'lampOff', urgency: 2, source: 'patrol' },
        }),
      ),
    );
    expect(fault.code).toBe(200);
    const f = await ack(c, send(c, OP, JSON.stringify({ kind: 'fault', id: fault.data.id }), cid(), 'card'));
    expect(JSON.parse((f.message as { content: string }).content)).toMatchObject({
      kind: 'fault',
      id: fault.data.id,
      code: asset.code,
      status: 'open',
      assetId: String(asset.objectid),
    });
  });

  it('cards for a reader without the map menus: the code only, no status or title', async () => {
    const [NOMAP] = await staff('noMap');
    const asset = await app.ctx.db
      .selectFrom('map_asset')
      .select(['objectid', 'code'])
      .orderBy('objectid', 'desc')
      .executeTakeFirstOrThrow();
    const order = body(
      await app.inject(
        authed(tokens.admin!, {
          method: 'POST',
          url: '/api/map/repair-orders',
          payload: { assetId: asset.objectid, title: '杆体倾斜', urgency: 1 },
        }),
      ),
    );
    const tx = await connect('admin');
    const rx = await connect('noMap');
    const acks: Msg[] = [];
    for (const ref of [
      { kind: 'asset', id: String(asset.objectid) },
      { kind: 'order', id: order.data.id },
    ])
      acks.push(await ack(tx, send(tx, NOMAP!, JSON.stringify(ref), cid(), 'card')));
    const content = (m: Msg) =>
      JSON.parse((m.message as { content: string }).content) as Record<string, unknown>;
    // the sender (who may read the map) sees the whole card
    expect(content(acks[0]!)).toMatchObject({ code: asset.code, status: expect.any(String) });
    expect(content(acks[1]!)).toMatchObject({ code: order.data.billNo, title: '杆体倾斜' });
    // the receiver, live and in a page, sees kind, id and code only
    const live = await rx.until(() => {
      const r = rx.messages.filter((m) => m.method === 'receiveMessage');
      return r.length >= 2 ? r : undefined;
    }, 'two cards');
    const page = await list(rx, { toUserId: AD, sord: 'asc', pageSize: 100 });
    const pageCards = (page.list as Array<{ contentType: string; content: string }>).filter(
      (m) => m.contentType === 'card',
    );
    expect(pageCards).toHaveLength(2);
    const want = [
      { kind: 'asset', id: String(asset.objectid), code: asset.code },
      { kind: 'order', id: order.data.id, code: order.data.billNo },
    ];
    expect(live.map(content)).toEqual(want);
    expect(live.map((m) => JSON.parse(String(m.formMessage)) as unknown)).toEqual(want);
    expect(pageCards.map((m) => JSON.parse(m.content) as unknown)).toEqual(want);
    // what is stored is the whole card (the sender's history keeps it)
    const mine = await list(tx, { toUserId: NOMAP, sord: 'asc', pageSize: 100 });
    expect(JSON.parse((mine.list as Array<{ content: string }>)[1]!.content)).toMatchObject({
      status: 'pending',
      title: '杆体倾斜',
    });
  });
});
