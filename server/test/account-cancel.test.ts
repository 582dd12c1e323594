// Self-service account cancellation (spec §5): password again, the account disabled, every session
// ended (the caller's own socket closed without a logout push), restored by an administrator's state switch.
import type { FastifyInstance } from 'fastify';
import { ACCOUNT_CANCELLED, LAST_ADMIN } from '../src/auth/routes-current-user';
import { DISABLED } from '../src/auth/routes-oauth';
import { TARGETS, body, createEnv, login, loginRaw, md5Hex, sendAs, type TestEnv } from './helpers';
import { Client, wsUrl } from './socket-client';

const URL = '/api/system/Permission/Users/Current/Actions/CancelAccount';

describe.each(TARGETS)('Current/Actions/CancelAccount (%s)', (target) => {
  let env: TestEnv;
  let app: FastifyInstance;
  let admin: string;

  beforeAll(async () => {
    env = await createEnv(target);
    app = env.app;
    await app.listen({ port: 0, host: '127.0.0.1' });
    admin = await login(app, 'admin', 'admin123');
  });
  afterAll(async () => {
    await env.cleanup();
  });

  const manager = () =>
    app.ctx.db.selectFrom('user').selectAll().where('account', '=', 'manager').executeTakeFirstOrThrow();
  const cancel = (token: string, password: string | object, query = '') =>
    sendAs(app, token, 'POST', `${URL}${query}`, typeof password === 'string' ? { password } : password);

  it('needs a token, the password (as MD5) and nothing else; a refusal changes nothing', async () => {
    const token = await login(app, 'manager', 'manager123');
    const none = await app.inject({ method: 'POST', url: URL, payload: { password: md5Hex('manager123') } });
    expect(body(none).code).toBe(602);
    expect(body(await cancel(token, md5Hex('wrong-pass1')))).toEqual({
      code: 400,
      msg: 'password: 密码错误',
      data: null,
    });
    expect(body(await cancel(token, 'manager123')).msg).toMatch(/^password: /);
    expect(body(await cancel(token, {})).msg).toMatch(/^password: /);
    expect(body(await cancel(token, { password: md5Hex('manager123'), extra: 1 })).msg).toMatch(/^extra: /);
    expect(body(await cancel(token, md5Hex('manager123'), '?socketId=%3Cx%3E')).msg).toMatch(/^socketId: /);
    expect((await manager()).enabledMark).toBe(1);
    expect(
      body(
        await app.inject({ method: 'GET', url: '/api/oauth/CurrentUser', headers: { authorization: token } }),
      ).code,
    ).toBe(200);
  });

  it('the last enabled administrator cannot cancel', async () => {
    expect(body(await cancel(admin, md5Hex('admin123')))).toEqual({ code: 400, msg: LAST_ADMIN, data: null });
    const row = await app.ctx.db
      .selectFrom('user')
      .select('enabledMark')
      .where('account', '=', 'admin')
      .executeTakeFirstOrThrow();
    expect(row.enabledMark).toBe(1);
  });

  it('disables the account, ends every session and pushes logout to the other sockets only', async () => {
    const mine = await login(app, 'manager', 'manager123');
    const other = await login(app, 'manager', 'manager123');
    const mySocket = await Client.open(wsUrl(app));
    const init = await mySocket.connect(mine);
    const otherSocket = await Client.open(wsUrl(app));
    await otherSocket.connect(other);

    const res = await cancel(mine, md5Hex('manager123'), `?socketId=${String(init.socketId)}`);
    expect(body(res)).toEqual({ code: 200, msg: ACCOUNT_CANCELLED, data: null });
    expect((await manager()).enabledMark).toBe(0);

    const pushed = await otherSocket.next('logout');
    expect(pushed.msg).toBe(ACCOUNT_CANCELLED);
    await otherSocket.closed();
    // the caller's tab signs out by itself on the answer: its socket gets no logout push, and is
    // closed with the token's other sockets (the hub closes every socket of a revoked token)
    expect(await mySocket.closed()).toBe(4001);
    expect(mySocket.messages.some((m) => m.method === 'logout')).toBe(false);

    for (const t of [mine, other]) {
      const r = await app.inject({
        method: 'GET',
        url: '/api/oauth/CurrentUser',
        headers: { authorization: t },
      });
      expect(body(r).code).toBe(601);
    }
    expect(body(await loginRaw(app, 'manager', 'manager123')).msg).toBe(DISABLED);
  });

  it("an administrator restores it with the user list's state switch", async () => {
    const id = (await manager()).id;
    const res = await sendAs(app, admin, 'PUT', `/api/system/Permission/Users/${id}/Actions/State`);
    expect(body(res)).toMatchObject({ code: 200, data: { enabledMark: 1 } });
    const token = await login(app, 'manager', 'manager123');
    const me = await app.inject({
      method: 'GET',
      url: '/api/oauth/CurrentUser',
      headers: { authorization: token },
    });
    expect(body(me).data.userInfo.userAccount).toBe('manager');
  });
});
