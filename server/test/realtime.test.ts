import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { RedisBus } from '../src/realtime/bus';
import { Client, wsUrl } from './socket-client';
import { REDIS_URL, TARGETS, authed, body, createEnv, login, type TestEnv } from './helpers';

const tick = (ms = 150) => new Promise((r) => setTimeout(r, ms));

describe.each(TARGETS)('realtime socket (%s)', (target) => {
  let env: TestEnv;
  let app: FastifyInstance;
  let url: string;
  const clients: Client[] = [];
  const open = async (): Promise<Client> => {
    const c = await Client.open(url);
    clients.push(c);
    return c;
  };

  beforeAll(async () => {
    env = await createEnv(target);
    app = env.app;
    await app.listen({ port: 0, host: '127.0.0.1' });
    url = wsUrl(app);
  });
  afterEach(() => {
    clients.splice(0).forEach((c) => c.close());
  });
  afterAll(async () => {
    await env.cleanup();
  });

  it('OnConnection with a valid token → initMessage with the online users', async () => {
    const token = await login(app, 'operator', 'operator123');
    const c = await open();
    const init = await c.connect(token);
    expect(init).toMatchObject({
      method: 'initMessage',
      // Real counts from the seeded messages (checked against the database in messages.test.ts).
      unreadMessageCount: expect.any(Number),
      unreadNoticeCount: expect.any(Number),
      unreadNums: [],
    });
    expect(init.onlineUsers).toEqual(['u-operator']);
    expect(typeof init.socketId).toBe('string');
  });

  it('a bad token gets logout and the socket closes', async () => {
    const c = await open();
    c.send({ method: 'OnConnection', token: 'nope', mobileDevice: false });
    expect(await c.next('logout')).toEqual({ method: 'logout', msg: '登录过期,请重新登录' });
    expect(await c.closed()).toBe(4001);
  });

  it('a revoked token is refused too', async () => {
    const token = await login(app, 'manager', 'manager123');
    await app.inject(authed(token, { method: 'GET', url: '/api/oauth/Logout' }));
    const c = await open();
    c.send({ method: 'OnConnection', token, mobileDevice: false });
    await c.next('logout');
  });

  it('answers bad frames with a chatError naming the problem, and keeps the socket', async () => {
    const token = await login(app, 'admin', 'admin123');
    const c = await open();
    const errors = (n: number) =>
      c.until(() => {
        const e = c.messages.filter((m) => m.method === 'chatError');
        return e.length >= n ? e : undefined;
      }, `${n} chatError`);
    c.ws.send('not json');
    c.ws.send('[1]');
    c.send({ nomethod: true });
    c.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    expect((await errors(4)).map((e) => [e.requestMethod, e.code, e.msg])).toEqual([
      ['', 400, 'frame: must be JSON'],
      ['', 400, 'frame: must be a JSON object'],
      ['', 400, 'method: required'],
      ['', 400, 'frame: must be a text frame of JSON'],
    ]);
    await c.connect(token);
    // an unknown method, signed in: named back, with the request's id
    c.send({ method: 'DeleteEverything', requestId: 'r-unknown' });
    const e = await c.nextWhere((m) => m.method === 'chatError' && m.requestId === 'r-unknown', 'unknown');
    expect(e).toMatchObject({ requestMethod: 'DeleteEverything', code: 400 });
    expect(e.msg).toBe('method: unknown method "DeleteEverything"');
    expect(c.closeCode).toBeNull();
  });

  it("Logout in one tab pushes logout to the token's OTHER sockets and closes them", async () => {
    const token = await login(app, 'operator', 'operator123');
    const other = await login(app, 'operator', 'operator123');
    const [mine, sameToken, otherToken] = [await open(), await open(), await open()];
    const init = await mine.connect(token);
    await sameToken.connect(token);
    await otherToken.connect(other);

    const res = await app.inject(
      authed(token, { method: 'GET', url: `/api/oauth/Logout?socketId=${String(init.socketId)}` }),
    );
    expect(body(res).code).toBe(200);

    expect(await sameToken.next('logout')).toEqual({ method: 'logout', msg: '登录过期,请重新登录' });
    expect(await sameToken.closed()).toBe(4001);
    expect(await mine.closed()).toBe(4001);
    expect(mine.messages.some((m) => m.method === 'logout')).toBe(false);
    await tick();
    expect(otherToken.closeCode).toBeNull();
    expect(otherToken.messages.some((m) => m.method === 'logout')).toBe(false);
  });

  it('pushToUser reaches every socket of the user; Online/Offline are broadcast', async () => {
    const adminToken = await login(app, 'admin', 'admin123');
    const opToken = await login(app, 'operator', 'operator123');
    const watcher = await open();
    await watcher.connect(adminToken);
    const [a, b] = [await open(), await open()];
    await a.connect(opToken);
    expect(await watcher.next('Online')).toEqual({ method: 'Online', userId: 'u-operator' });
    await b.connect(opToken);

    await app.ctx.realtime.pushToUser('u-operator', { method: 'messagePush', title: '测试' });
    expect(await a.next('messagePush')).toMatchObject({ title: '测试' });
    expect(await b.next('messagePush')).toMatchObject({ title: '测试' });
    expect(watcher.messages.some((m) => m.method === 'messagePush')).toBe(false);

    a.close();
    b.close();
    expect(await watcher.next('Offline')).toEqual({ method: 'Offline', userId: 'u-operator' });
  });

  it('forgets closed sockets', async () => {
    const token = await login(app, 'manager', 'manager123');
    const c = await open();
    await c.connect(token);
    expect(app.ctx.realtime.hub.userIds()).toContain('u-manager');
    c.close();
    await c.closed();
    await tick();
    expect(app.ctx.realtime.hub.userIds()).not.toContain('u-manager');
  });
});

const describeRedis = REDIS_URL ? describe : describe.skip;
if (!REDIS_URL) process.stdout.write('  • Redis fan-out tests skipped: 127.0.0.1:6379 not reachable\n');

describeRedis('realtime fan-out through Redis (sqlite, two instances)', () => {
  let env: TestEnv;
  let one: FastifyInstance;
  let two: FastifyInstance;
  const clients: Client[] = [];

  beforeAll(async () => {
    const prefix = `lighting-test-${randomBytes(4).toString('hex')}`;
    env = await createEnv('sqlite', { REDIS_URL, REDIS_PREFIX: prefix });
    one = env.app;
    two = await env.makeApp();
    await (one.ctx.realtime.bus as RedisBus).whenReady();
    await (two.ctx.realtime.bus as RedisBus).whenReady();
    await one.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    clients.forEach((c) => c.close());
    await env.cleanup();
  });

  it('a push or a Logout on instance two reaches a socket on instance one', async () => {
    const token = await login(two, 'operator', 'operator123');
    const c = await Client.open(wsUrl(one));
    clients.push(c);
    await c.connect(token);

    expect(await two.ctx.realtime.onlineUsers()).toContain('u-operator');

    await two.ctx.realtime.pushToUser('u-operator', { method: 'messagePush', title: 'via redis' });
    expect(await c.next('messagePush')).toMatchObject({ title: 'via redis' });

    expect(body(await two.inject(authed(token, { method: 'GET', url: '/api/oauth/Logout' }))).code).toBe(200);
    expect(await c.next('logout')).toEqual({ method: 'logout', msg: '登录过期,请重新登录' });
    expect(await c.closed()).toBe(4001);
  });
});

describe.each(TARGETS)('socket heartbeat and the sign-in (%s)', (target) => {
  let env: TestEnv;
  let app: FastifyInstance;
  let now = Date.now();
  const clients: Client[] = [];
  const connected = async (token: string): Promise<Client> => {
    const c = await Client.open(wsUrl(app));
    clients.push(c);
    await c.connect(token);
    return c;
  };
  const codeFor = async (token: string): Promise<number> =>
    body(await app.inject(authed(token, { method: 'GET', url: '/api/oauth/CurrentUser' }))).code;

  beforeAll(async () => {
    // a one-minute sign-in and a heartbeat every 100 ms; the server's clock is ours to move
    env = await createEnv(
      target,
      { TOKEN_TTL_SECONDS: '60', SOCKET_HEARTBEAT_MS: '100' },
      { clock: () => now },
    );
    app = env.app;
    await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterEach(() => {
    clients.splice(0).forEach((c) => c.close());
  });
  afterAll(async () => {
    await env.cleanup();
  });

  it('an open socket keeps its sign-in alive past the lifetime; once closed it expires', async () => {
    const token = await login(app, 'operator', 'operator123');
    const c = await connected(token);
    // 200 s of a wall display with no request at all, in 50 s steps, a few heartbeats each
    for (let i = 0; i < 4; i += 1) {
      now += 50_000;
      await tick(400);
    }
    expect(c.closeCode).toBeNull();
    expect(await codeFor(token)).toBe(200);
    c.close();
    await tick(400);
    now += 61_000;
    expect(await codeFor(token)).toBe(600);
  });

  it('a token that expired between two heartbeats (the machine slept) gets logout', async () => {
    const token = await login(app, 'manager', 'manager123');
    const c = await connected(token);
    now += 61_000;
    expect(await c.next('logout')).toEqual({ method: 'logout', msg: '登录过期,请重新登录' });
    expect(await c.closed()).toBe(4001);
  });
});
