import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { ALREADY_RELEASED, READ_ALL_OK, RELEASED_READONLY } from '../src/messages/routes-message';
import { MessageType, sendMessage, unreadCounts } from '../src/messages/service';
import { TARGETS, body, createEnv, demoTokens, getAs, sendAs, type TestEnv } from './helpers';

interface Msg {
  method: string;
  [k: string]: unknown;
}

/** A socket client that records messages and waits for one by method. */
class Client {
  readonly messages: Msg[] = [];
  private constructor(readonly ws: WebSocket) {
    ws.on('message', (d) => this.messages.push(JSON.parse(String(d)) as Msg));
  }
  static open(url: string): Promise<Client> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url);
      const c = new Client(ws);
      ws.once('open', () => resolve(c));
      ws.once('error', reject);
    });
  }
  async next(method: string, ms = 3000): Promise<Msg> {
    const deadline = Date.now() + ms;
    for (;;) {
      const m = this.messages.find((x) => x.method === method);
      if (m) return m;
      if (Date.now() > deadline) throw new Error(`no ${method}; got ${JSON.stringify(this.messages)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  async connect(token: string): Promise<Msg> {
    this.ws.send(JSON.stringify({ method: 'OnConnection', token, mobileDevice: false }));
    return this.next('initMessage');
  }
}

describe.each(TARGETS)('messages (%s)', (target) => {
  let env: TestEnv;
  let app: FastifyInstance;
  let admin: string;
  let operator: string;
  let manager: string;
  let url: string;
  const sockets: Client[] = [];

  const get = (token: string, u: string) => getAs(app, token, u);
  const send = (token: string, method: 'POST' | 'PUT' | 'DELETE', u: string, payload?: object) =>
    sendAs(app, token, method, u, payload);

  /** Direct counts from the database, independent of the service's query. */
  async function dbCounts(userId: string): Promise<{ all: number; notices: number }> {
    const rows = await app.ctx.db
      .selectFrom('message_receiver as r')
      .innerJoin('message as m', 'm.id', 'r.messageId')
      .select(['m.type'])
      .where('r.userId', '=', userId)
      .where('r.isRead', '=', 0)
      .where('m.state', '=', 1)
      .where('m.enabledMark', '=', 1)
      .execute();
    return { all: rows.length, notices: rows.filter((r) => r.type === 1).length };
  }
  const messageRows = async () =>
    Number(
      (
        await app.ctx.db
          .selectFrom('message')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirst()
      )?.n ?? 0,
    );
  const openSocket = async (token: string): Promise<[Client, Msg]> => {
    const c = await Client.open(url);
    sockets.push(c);
    return [c, await c.connect(token)];
  };

  beforeAll(async () => {
    env = await createEnv(target);
    app = env.app;
    await app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/message/websocket`;
    ({ admin, operator, manager } = await demoTokens(app));
  });
  afterEach(() => {
    sockets.splice(0).forEach((c) => c.ws.close());
  });
  afterAll(async () => {
    await env.cleanup();
  });

  it('seeds 12 released notices (3 unread for admin) and workflow messages with JSON bodies', async () => {
    const notices = await app.ctx.db
      .selectFrom('message')
      .selectAll()
      .where('type', '=', 1)
      .where('state', '=', 1)
      .execute();
    expect(notices).toHaveLength(12);
    expect((await dbCounts('u-admin')).notices).toBe(3);
    const flows = await app.ctx.db.selectFrom('message').selectAll().where('type', '>', 1).execute();
    expect(flows.length).toBeGreaterThanOrEqual(3);
    for (const f of flows)
      expect(JSON.parse(f.bodyText)).toMatchObject({ type: f.type, flowId: expect.any(String) });
  });

  it('lists my messages with paging, keyword, type and sort', async () => {
    const res = await get(admin, '/api/system/Message?currentPage=1&pageSize=5');
    const b = body(res);
    expect(b.code).toBe(200);
    expect(b.data.list).toHaveLength(5);
    const total = await app.ctx.db
      .selectFrom('message_receiver')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('userId', '=', 'u-admin')
      .executeTakeFirst();
    expect(b.data.pagination).toEqual({ currentPage: 1, pageSize: 5, total: Number(total?.n) });
    const first = b.data.list[0];
    expect(Object.keys(first).sort()).toEqual([
      'creatorUser',
      'id',
      'isRead',
      'lastModifyTime',
      'title',
      'titleKey',
      'titleParams',
      'type',
    ]);
    expect(['0', '1']).toContain(first.isRead);
    const times = b.data.list.map((m: { lastModifyTime: number }) => m.lastModifyTime);
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    // default page size is 10
    expect(body(await get(admin, '/api/system/Message')).data.pagination.pageSize).toBe(10);
    const asc = body(await get(admin, '/api/system/Message?sort=asc&pageSize=3')).data.list;
    expect(asc[0].lastModifyTime).toBeLessThanOrEqual(asc[1].lastModifyTime);
    const kw = body(await get(admin, `/api/system/Message?keyword=${encodeURIComponent('巡查')}`)).data;
    expect(kw.list.length).toBeGreaterThan(0);
    for (const m of kw.list) expect(m.title).toContain('巡查');
    const everything = body(await get(admin, '/api/system/Message?type=&pageSize=100')).data;
    expect(everything.pagination.total).toBe(Number(total?.n));
    const todo = body(await get(admin, '/api/system/Message?type=2')).data.list;
    expect(todo.length).toBeGreaterThan(0);
    for (const m of todo) expect(m.type).toBe(2);
    const notice = body(await get(admin, '/api/system/Message?type=1&pageSize=100')).data;
    expect(notice.pagination.total).toBe(12);
    expect(notice.list[0].creatorUser).toBe('系统管理员');
  });

  it('read/{id} and ReadInfo mark one read (counts drop once); ReadInfo 404s for non-receivers', async () => {
    const before = await dbCounts('u-admin');
    const unread = body(await get(admin, '/api/system/Message?type=1&pageSize=100')).data.list.filter(
      (m: { isRead: string }) => m.isRead === '0',
    );
    expect(unread.length).toBe(before.notices);
    expect(body(await get(admin, `/api/system/Message/read/${unread[0].id}`)).code).toBe(200);
    expect(await dbCounts('u-admin')).toEqual({ all: before.all - 1, notices: before.notices - 1 });
    await get(admin, `/api/system/Message/read/${unread[0].id}`);
    expect((await dbCounts('u-admin')).all).toBe(before.all - 1);

    const info = body(await get(admin, `/api/system/Message/ReadInfo/${unread[1].id}`));
    expect(info.code).toBe(200);
    expect(info.data).toMatchObject({
      id: unread[1].id,
      title: unread[1].title,
      type: 1,
      creatorUser: '系统管理员',
    });
    expect(info.data.bodyText).toContain('<p>');
    expect(await dbCounts('u-admin')).toEqual({ all: before.all - 2, notices: before.notices - 2 });

    // operator does not receive the manager's workflow message
    const mgrFlow = await app.ctx.db
      .selectFrom('message_receiver')
      .select('messageId')
      .where('userId', '=', 'u-manager')
      .where('messageId', 'like', 'msg-flow-%')
      .executeTakeFirstOrThrow();
    const res = await get(operator, `/api/system/Message/ReadInfo/${mgrFlow.messageId}`);
    expect(res.statusCode).toBe(404);
    expect((await get(operator, `/api/system/Message/read/${mgrFlow.messageId}`)).statusCode).toBe(404);
    expect((await get(operator, '/api/system/Message/ReadInfo/nope')).statusCode).toBe(404);
  });

  it('ReadAll marks all mine read and answers the message', async () => {
    expect((await dbCounts('u-manager')).all).toBeGreaterThan(0);
    const otherBefore = await dbCounts('u-operator');
    const b = body(await send(manager, 'POST', '/api/system/Message/Actions/ReadAll'));
    expect(b).toMatchObject({ code: 200, msg: READ_ALL_OK });
    expect(await dbCounts('u-manager')).toEqual({ all: 0, notices: 0 });
    expect(await dbCounts('u-operator')).toEqual(otherBefore);
  });

  it('DELETE Record removes only my receipts', async () => {
    const [a, c] = body(await get(operator, '/api/system/Message?pageSize=2')).data.list;
    const b = body(await send(operator, 'DELETE', '/api/system/Message/Record', { ids: `${a.id},${c.id}` }));
    expect(b.code).toBe(200);
    const mine = await app.ctx.db
      .selectFrom('message_receiver')
      .select('messageId')
      .where('userId', '=', 'u-operator')
      .where('messageId', 'in', [a.id, c.id])
      .execute();
    expect(mine).toHaveLength(0);
    const others = await app.ctx.db
      .selectFrom('message_receiver')
      .select('messageId')
      .where('userId', '=', 'u-admin')
      .where('messageId', 'in', [a.id, c.id])
      .execute();
    expect(others).toHaveLength(2);
    expect(
      await app.ctx.db.selectFrom('message').select('id').where('id', '=', a.id).executeTakeFirst(),
    ).toBeDefined();
    const bad = body(await send(operator, 'DELETE', '/api/system/Message/Record', { ids: '' }));
    expect(bad.code).toBe(400);
    expect(bad.msg).toMatch(/^ids: /);
  });

  it('notice administration needs system.notice (403 for operator and manager)', async () => {
    for (const t of [operator, manager]) {
      const list = await get(t, '/api/system/Message/Notice');
      expect(list.statusCode).toBe(403);
      const create = await send(t, 'POST', '/api/system/Message', { title: 'x', bodyText: '<p>x</p>' });
      expect(create.statusCode).toBe(403);
      expect(body(create).msg).toMatch(/权限不足/);
      expect((await send(t, 'PUT', '/api/system/Message/msg-notice-draft/Actions/Release')).statusCode).toBe(
        403,
      );
      expect((await send(t, 'DELETE', '/api/system/Message/msg-notice-draft')).statusCode).toBe(403);
    }
    const d = await app.ctx.db
      .selectFrom('message')
      .select('state')
      .where('id', '=', 'msg-notice-draft')
      .executeTakeFirst();
    expect(d?.state).toBe(0);
  });

  it('notice CRUD: create (sanitised), read, update draft, release, no edit after release, toggle, delete', async () => {
    const created = body(
      await send(admin, 'POST', '/api/system/Message', {
        title: '  路灯抢修演练通知  ',
        bodyText:
          '<p onclick="x()">演练<script>alert(1)</script><img src="x" onerror="alert(1)"></p><h2>安排</h2>',
        toUserIds: ['u-operator', 'u-manager'],
      }),
    );
    expect(created.code).toBe(200);
    const id = created.data.id as string;
    const one = body(await get(admin, `/api/system/Message/${id}`)).data;
    expect(one).toMatchObject({
      id,
      title: '路灯抢修演练通知',
      state: 0,
      enabledMark: 1,
      type: 1,
      creatorUser: '系统管理员',
    });
    expect(one.bodyText).toBe('<p>演练</p><h2>安排</h2>');
    expect(one.toUserIds).toEqual(['u-operator', 'u-manager']);

    const list = body(
      await get(admin, `/api/system/Message/Notice?keyword=${encodeURIComponent('抢修演练')}`),
    ).data;
    expect(list.pagination.total).toBe(1);
    expect(Object.keys(list.list[0])).toEqual(
      expect.arrayContaining([
        'id',
        'title',
        'state',
        'creatorUser',
        'lastModifyTime',
        'releasedAt',
        'enabledMark',
      ]),
    );

    const upd = body(
      await send(admin, 'PUT', `/api/system/Message/${id}`, {
        title: '路灯抢修演练通知（修订）',
        bodyText:
          '<p class="ql-align-center" style="color:red">修订<a href="javascript:alert(1)">链接</a></p>',
        toUserIds: ['u-operator'],
      }),
    );
    expect(upd.code).toBe(200);
    const after = body(await get(admin, `/api/system/Message/${id}`)).data;
    expect(after.bodyText).toBe('<p class="ql-align-center">修订<a>链接</a></p>');
    expect(after.toUserIds).toEqual(['u-operator']);

    const rel = body(await send(admin, 'PUT', `/api/system/Message/${id}/Actions/Release`));
    expect(rel).toMatchObject({ code: 200, data: { recipients: 1 } });
    const receipts = await app.ctx.db
      .selectFrom('message_receiver')
      .selectAll()
      .where('messageId', '=', id)
      .execute();
    expect(receipts.map((r) => [r.userId, r.isRead])).toEqual([['u-operator', 0]]);

    const again = body(await send(admin, 'PUT', `/api/system/Message/${id}`, { title: 'x', bodyText: '' }));
    expect(again).toMatchObject({ code: 400, msg: RELEASED_READONLY });
    expect(body(await send(admin, 'PUT', `/api/system/Message/${id}/Actions/Release`))).toMatchObject({
      code: 400,
      msg: ALREADY_RELEASED,
    });

    const before = await dbCounts('u-operator');
    expect(body(await send(admin, 'PUT', `/api/system/Message/${id}/Actions/State`)).data).toEqual({
      enabledMark: 0,
    });
    expect((await dbCounts('u-operator')).all).toBe(before.all - 1);
    expect(body(await send(admin, 'PUT', `/api/system/Message/${id}/Actions/State`)).data).toEqual({
      enabledMark: 1,
    });

    expect(body(await send(admin, 'DELETE', `/api/system/Message/${id}`)).code).toBe(200);
    expect((await get(admin, `/api/system/Message/${id}`)).statusCode).toBe(404);
    expect(
      await app.ctx.db.selectFrom('message_receiver').selectAll().where('messageId', '=', id).execute(),
    ).toEqual([]);
  });

  it('bad input names the field and changes nothing', async () => {
    const n = await messageRows();
    const cases: Array<[object, RegExp]> = [
      [{ title: '', bodyText: 'x' }, /^title: must not be empty/],
      [{ title: '   ', bodyText: 'x' }, /^title: must not be blank/],
      [{ title: 'x'.repeat(101), bodyText: 'x' }, /^title: must be at most 100 characters/],
      [{ title: 'ok' }, /^bodyText: required/],
      [{ title: 'ok', bodyText: 'x', toUserIds: ['u-nobody'] }, /^toUserIds: /],
      [{ title: 'ok', bodyText: 'x', toUserIds: [''] }, /^toUserIds.0: must not be empty/],
      [{ title: 'ok', bodyText: '中'.repeat(70_000) }, /^bodyText: must be at most 200 KB/],
    ];
    for (const [payload, msg] of cases) {
      const res = await send(admin, 'POST', '/api/system/Message', payload);
      expect(res.statusCode).toBe(400);
      expect(body(res).msg).toMatch(msg);
    }
    const put = body(
      await send(admin, 'PUT', '/api/system/Message/msg-notice-draft', { title: '', bodyText: 'y' }),
    );
    expect(put.msg).toMatch(/^title: /);
    const draft = await app.ctx.db
      .selectFrom('message')
      .selectAll()
      .where('id', '=', 'msg-notice-draft')
      .executeTakeFirst();
    expect(draft?.title).toContain('元旦');
    expect(await messageRows()).toBe(n);
    expect(body(await get(admin, '/api/system/Message?pageSize=101')).msg).toBe('pageSize: must be ≤ 100');
    expect(body(await get(admin, '/api/system/Message?type=9')).msg).toMatch(/^type: must be one of/);
    expect(body(await get(admin, '/api/system/Message?sort=up')).msg).toMatch(/^sort: /);
  });

  it('initMessage carries my unread counts from the database', async () => {
    for (const [token, userId] of [
      [admin, 'u-admin'],
      [operator, 'u-operator'],
    ] as const) {
      const [, init] = await openSocket(token);
      const c = await dbCounts(userId);
      expect(init).toMatchObject({ unreadMessageCount: c.all, unreadNoticeCount: c.notices, unreadNums: [] });
    }
  });

  it('Release pushes messagePush with the new counts to connected recipients only', async () => {
    const [opSocket] = await openSocket(operator);
    const [mgrSocket] = await openSocket(manager);
    const id = body(
      await send(admin, 'POST', '/api/system/Message', {
        title: '夜间巡查临时调整',
        bodyText: '<p>今晚巡查改为滨江区</p>',
        toUserIds: ['u-operator'],
      }),
    ).data.id as string;
    await send(admin, 'PUT', `/api/system/Message/${id}/Actions/Release`);
    const push = await opSocket.next('messagePush');
    const c = await dbCounts('u-operator');
    expect(push).toEqual({
      method: 'messagePush',
      messageId: id,
      title: '夜间巡查临时调整',
      type: 1,
      unreadMessageCount: c.all,
      unreadNoticeCount: c.notices,
    });
    await new Promise((r) => setTimeout(r, 150));
    expect(mgrSocket.messages.find((m) => m.method === 'messagePush')).toBeUndefined();
  });

  it('sendMessage inserts, releases and pushes a workflow message in one call', async () => {
    const [mgrSocket] = await openSocket(manager);
    const before = await dbCounts('u-manager');
    const bodyText = JSON.stringify({ type: 2, flowId: 'flow-x', taskId: 'task-y' });
    const { id, recipients } = await sendMessage(app.ctx, {
      type: MessageType.TODO,
      title: '待办：《路灯故障维修申请》待您审批',
      bodyText,
      toUserIds: ['u-manager', 'u-nobody'],
      creatorUserId: 'u-operator',
    });
    expect(recipients).toEqual(['u-manager']);
    const row = await app.ctx.db
      .selectFrom('message')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: 1, type: 2, bodyText, enabledMark: 1 });
    expect(row.releasedAt).toEqual(expect.any(Number));
    expect(await dbCounts('u-manager')).toEqual({ all: before.all + 1, notices: before.notices });
    expect(await unreadCounts(app.ctx.db, 'u-manager')).toEqual({
      unreadMessageCount: before.all + 1,
      unreadNoticeCount: before.notices,
    });
    const push = await mgrSocket.next('messagePush');
    expect(push).toMatchObject({ messageId: id, type: 2, unreadMessageCount: before.all + 1 });
    const info = body(await get(manager, `/api/system/Message/ReadInfo/${id}`)).data;
    expect(JSON.parse(info.bodyText)).toEqual({ type: 2, flowId: 'flow-x', taskId: 'task-y' });
    expect(info.creatorUser).toBe('李明');
    const mine = body(await get(manager, '/api/home/Messages')).data.list;
    // a title stored as words (before the keys): shown as stored
    expect(mine[0]).toEqual({
      id,
      title: row.title,
      titleKey: null,
      titleParams: null,
      type: 2,
      isRead: '1',
      lastModifyTime: row.lastModifyTime,
    });
  });

  it('a title the system writes is stored as its key and parameters, and in Chinese words for JNPF clients', async () => {
    const params = { who: '李明', flow: '请假申请', task: '年假 5 天' };
    const { id } = await sendMessage(app.ctx, {
      type: MessageType.TODO,
      title: { key: 'flowTodo', params },
      bodyText: JSON.stringify({ type: 2, flowId: 'flow-x', taskId: 'task-z' }),
      toUserIds: ['u-manager'],
      creatorUserId: 'u-operator',
    });
    const row = await app.ctx.db
      .selectFrom('message')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      title: '李明的「请假申请」待您审批：年假 5 天',
      titleKey: 'flowTodo',
      titleParams: JSON.stringify(params),
    });
    const keyed = { title: row.title, titleKey: 'flowTodo', titleParams: params };
    const list = body(await get(manager, '/api/system/Message?type=2&pageSize=50')).data.list;
    expect(list.find((m: { id: string }) => m.id === id)).toMatchObject(keyed);
    expect(body(await get(manager, '/api/home/Messages')).data.list[0]).toMatchObject({ id, ...keyed });
    expect(body(await get(manager, `/api/system/Message/ReadInfo/${id}`)).data).toMatchObject(keyed);
    // the keyword search still reads the words
    const found = body(
      await get(manager, `/api/system/Message?keyword=${encodeURIComponent('年假 5 天')}`),
    ).data;
    expect(found.list.map((m: { id: string }) => m.id)).toContain(id);
  });
});
