/**
 * The token and access caches never weaken the guarantees: revocations answer 601 on the very next
 * use, expiry 600, and any change of roles, grants, menus or a user row shows at once (on every
 * instance when Redis is there). Cache TTLs are set far beyond the test's length, so only the
 * invalidations can make a change visible.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { TokenStore } from '../src/auth/tokens';
import type { RedisBus } from '../src/realtime/bus';
import { REDIS_URL, TARGETS, authed, body, createEnv, login, md5Hex, type TestEnv } from './helpers';

const LONG = { accessCacheMs: 3_600_000, tokenCacheMs: 3_600_000 };
const CU = { method: 'GET', url: '/api/oauth/CurrentUser' } as const;
const USERS = { method: 'GET', url: '/api/system/Permission/Users' } as const;
const CURRENT = '/api/system/Permission/Users/Current';

type Tree = Array<{ enCode: string; children: Tree }>;
const codes = (tree: Tree): string[] => tree.flatMap((n) => [n.enCode, ...codes(n.children)]);

describe.each(TARGETS)('caches keep sign-in and access exact (%s)', (target) => {
  let env: TestEnv;
  let app: FastifyInstance;
  const get = (a: FastifyInstance, token: string, o: InjectOptions = CU) => a.inject(authed(token, o));
  const code = async (a: FastifyInstance, token: string, o: InjectOptions = CU) =>
    body(await get(a, token, o)).code;

  beforeAll(async () => {
    env = await createEnv(target, {}, LONG);
    app = env.app;
  });
  afterAll(async () => {
    await env.cleanup();
  });

  it('answers CurrentUser from the cache: the same bytes, no query per request', async () => {
    const token = await login(app, 'operator', 'operator123');
    const first = await get(app, token);
    const spy = jest.spyOn(app.ctx.db, 'selectFrom');
    const again = await Promise.all([get(app, token), get(app, token), get(app, token)]);
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
    again.forEach((r) => expect(r.body).toBe(first.body));
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('sends the cached body compressed when asked, decoding to the same JSON', async () => {
    const token = await login(app, 'admin', 'admin123');
    const plain = await get(app, token);
    const br = await app.inject(
      authed(token, { ...CU, headers: { 'accept-encoding': 'gzip, deflate, br' } }),
    );
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    const gz = await app.inject(authed(token, { ...CU, headers: { 'accept-encoding': 'gzip' } }));
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(plain.body);
  });

  it('a token revoked by Logout answers 601 on its very next use', async () => {
    const token = await login(app, 'operator', 'operator123');
    const other = await login(app, 'operator', 'operator123');
    for (let i = 0; i < 3; i++) expect(await code(app, token)).toBe(200);
    // A request racing the Logout may pass; the first one after it must not.
    const [, out] = await Promise.all([
      get(app, token),
      get(app, token, { method: 'GET', url: '/api/oauth/Logout' }),
    ]);
    expect(body(out).code).toBe(200);
    const next = await get(app, token);
    expect(next.statusCode).toBe(401);
    expect(body(next).code).toBe(601);
    expect(await code(app, token, USERS)).toBe(601);
    expect(await code(app, other)).toBe(200);
  });

  it('ModifyPassword revokes the other tokens at once and the new password unlocks at once', async () => {
    const mine = await login(app, 'manager', 'manager123');
    const other = await login(app, 'manager', 'manager123');
    expect([await code(app, mine), await code(app, other)]).toEqual([200, 200]);
    const res = await get(app, mine, {
      method: 'POST',
      url: `${CURRENT}/Actions/ModifyPassword`,
      payload: { oldPassword: md5Hex('manager123'), password: md5Hex('manager456') },
    });
    expect(body(res).code).toBe(200);
    expect(await code(app, other)).toBe(601);
    expect(await code(app, mine)).toBe(200);
    // The cached user row was refreshed: the lock screen checks the new password.
    const unlock = (pw: string) =>
      code(app, mine, {
        method: 'POST',
        url: '/api/oauth/LockScreen',
        payload: { account: 'manager', password: md5Hex(pw) },
      });
    expect(await unlock('manager456')).toBe(200);
    expect(await unlock('manager123')).toBe(400);
  });

  it('a role grant change shows in CurrentUser and the guards once invalidateAccess is called', async () => {
    const token = await login(app, 'operator', 'operator123');
    expect(codes(body(await get(app, token)).data.menuList)).not.toContain('permission.user');
    expect(await code(app, token, USERS)).toBe(403);
    await app.ctx.db
      .insertInto('role_menu')
      .values([
        { roleId: 'role-operator', menuId: 'menu-permission' },
        { roleId: 'role-operator', menuId: 'menu-permission.user' },
      ])
      .execute();
    // Cached: the write alone is not seen (this is what the invalidation is for) …
    expect(await code(app, token, USERS)).toBe(403);
    await app.ctx.invalidateAccess();
    // … and right after it, it is.
    expect(codes(body(await get(app, token)).data.menuList)).toContain('permission.user');
    expect(await code(app, token, USERS)).toBe(200);

    await app.ctx.db
      .deleteFrom('role_menu')
      .where('roleId', '=', 'role-operator')
      .where('menuId', 'in', ['menu-permission', 'menu-permission.user'])
      .execute();
    await app.ctx.invalidateAccess();
    expect(codes(body(await get(app, token)).data.menuList)).not.toContain('permission.user');
    expect(await code(app, token, USERS)).toBe(403);
  });

  it('disabled menus and roles disappear at once', async () => {
    const token = await login(app, 'operator', 'operator123');
    expect(codes(body(await get(app, token)).data.menuList)).toContain('chat');
    await app.ctx.db.updateTable('menu').set({ enabledMark: 0 }).where('enCode', '=', 'chat').execute();
    await app.ctx.invalidateAccess();
    expect(codes(body(await get(app, token)).data.menuList)).not.toContain('chat');
    await app.ctx.db.updateTable('menu').set({ enabledMark: 1 }).where('enCode', '=', 'chat').execute();
    await app.ctx.db.updateTable('role').set({ enabledMark: 0 }).where('id', '=', 'role-operator').execute();
    await app.ctx.invalidateAccess();
    const d = body(await get(app, token)).data;
    expect(d.menuList).toEqual([]);
    expect(d.permissionList).toEqual([]);
    await app.ctx.db.updateTable('role').set({ enabledMark: 1 }).where('id', '=', 'role-operator').execute();
    await app.ctx.invalidateAccess();
    expect(codes(body(await get(app, token)).data.menuList)).toContain('chat');
  });

  it("a user's disabled state applies at once (601), and re-enabling too", async () => {
    const token = await login(app, 'operator', 'operator123');
    expect(await code(app, token)).toBe(200);
    await app.ctx.db.updateTable('user').set({ enabledMark: 0 }).where('id', '=', 'u-operator').execute();
    await app.ctx.invalidateAccess('u-operator');
    expect(await code(app, token)).toBe(601);
    await app.ctx.db.updateTable('user').set({ enabledMark: 1 }).where('id', '=', 'u-operator').execute();
    await app.ctx.invalidateAccess('u-operator');
    expect(await code(app, token)).toBe(200);
  });

  it('my own changes (theme, language, name, sign-in) show in CurrentUser at once', async () => {
    const token = await login(app, 'operator', 'operator123');
    const info = async () => body(await get(app, token)).data.userInfo;
    const before = await info();
    await get(app, token, { method: 'PUT', url: `${CURRENT}/SystemTheme`, payload: { theme: 'plain' } });
    await get(app, token, { method: 'PUT', url: `${CURRENT}/SystemLanguage`, payload: { language: 'zhtw' } });
    await get(app, token, { method: 'PUT', url: `${CURRENT}/BaseInfo`, payload: { realName: '李明明' } });
    expect(await info()).toMatchObject({ theme: 'plain', language: 'zhtw', userName: '李明明' });
    await login(app, 'operator', 'operator123', { remoteAddress: '10.9.9.9' });
    const after = await info();
    expect(after.prevLoginTime).toBeGreaterThanOrEqual(before.prevLoginTime ?? 0);
    expect(after.prevLoginIpAddress).toBe('127.0.0.1');
    await login(app, 'operator', 'operator123');
    expect((await info()).prevLoginIpAddress).toBe('10.9.9.9');
  });

  it('a load racing a revocation is not cached', async () => {
    const token = await login(app, 'operator', 'operator123');
    const store = new TokenStore(app.ctx.db, 600, Date.now, { cacheMs: 3_600_000 });
    // The load starts before the revocation's write and reads the row unrevoked …
    const racing = store.check(token);
    await store.revoke(token, 'test');
    expect(['ok', 'revoked']).toContain((await racing).status);
    // … but the next check does not trust it.
    expect((await store.check(token)).status).toBe('revoked');
  });

  it('expiry answers 600 from the cache; a slide written by another instance is honoured', async () => {
    let now = Date.now();
    const clock = () => now;
    const one = await env.makeApp({ TOKEN_TTL_SECONDS: '600' }, { ...LONG, clock });
    const two = await env.makeApp({ TOKEN_TTL_SECONDS: '600' }, { ...LONG, clock });
    const token = await login(one, 'admin', 'admin123');
    expect(await code(one, token)).toBe(200);
    now += 590_000;
    // Instance two slides the expiry in the database; instance one's cached row is older.
    expect(await code(two, token)).toBe(200);
    now += 20_000;
    expect(await code(one, token)).toBe(200);
    now += 601_000;
    const res = await get(one, token);
    expect(res.statusCode).toBe(401);
    expect(body(res)).toEqual({ code: 600, msg: '登录过期,请重新登录', data: null });
    expect(await code(two, token)).toBe(600);
  });
});

const describeRedis = REDIS_URL ? describe : describe.skip;
if (!REDIS_URL)
  process.stdout.write(
    '  • Cache invalidation across instances skipped: Redis 127.0.0.1:6379 not reachable\n',
  );

describeRedis.each(TARGETS)('cache invalidation across instances through Redis (%s)', (target) => {
  let env: TestEnv;
  let one: FastifyInstance;
  let two: FastifyInstance;
  const code = async (a: FastifyInstance, token: string, o: InjectOptions = CU) =>
    body(await a.inject(authed(token, o))).code;

  beforeAll(async () => {
    const prefix = `lighting-test-${Math.random().toString(36).slice(2)}`;
    env = await createEnv(target, { REDIS_URL, REDIS_PREFIX: prefix }, LONG);
    one = env.app;
    two = await env.makeApp();
    await (one.ctx.realtime.bus as RedisBus).whenReady();
    await (two.ctx.realtime.bus as RedisBus).whenReady();
  });
  afterAll(async () => {
    await env.cleanup();
  });

  it('Logout on one instance → 601 on the other on the very next request', async () => {
    const token = await login(one, 'operator', 'operator123');
    expect([await code(one, token), await code(two, token)]).toEqual([200, 200]);
    expect(await code(one, token, { method: 'GET', url: '/api/oauth/Logout' })).toBe(200);
    expect(await code(two, token)).toBe(601);
    expect(await code(one, token)).toBe(601);
  });

  it('ModifyPassword on one instance revokes the other tokens on the other at once', async () => {
    const mine = await login(one, 'operator', 'operator123');
    const other = await login(two, 'operator', 'operator123');
    expect([await code(one, other), await code(two, other)]).toEqual([200, 200]);
    const res = await one.inject(
      authed(mine, {
        method: 'POST',
        url: `${CURRENT}/Actions/ModifyPassword`,
        payload: { oldPassword: md5Hex('operator123'), password: md5Hex('operator456') },
      }),
    );
    expect(body(res).code).toBe(200);
    expect([await code(two, other), await code(one, other)]).toEqual([601, 601]);
    expect(await code(two, mine)).toBe(200);
  });

  it('invalidateAccess on one instance reaches the other (roles and user rows)', async () => {
    const token = await login(one, 'manager', 'manager123');
    const menus = async (a: FastifyInstance) =>
      codes(body(await a.inject(authed(token, CU))).data.menuList as Tree);
    expect(await menus(two)).toContain('chat');
    await one.ctx.db.updateTable('menu').set({ enabledMark: 0 }).where('enCode', '=', 'chat').execute();
    await one.ctx.invalidateAccess();
    expect(await menus(two)).not.toContain('chat');
    await one.ctx.db.updateTable('menu').set({ enabledMark: 1 }).where('enCode', '=', 'chat').execute();
    await one.ctx.invalidateAccess();
    expect(await menus(two)).toContain('chat');

    // A theme change through one instance's route shows on the other.
    await one.inject(
      authed(token, { method: 'PUT', url: `${CURRENT}/SystemTheme`, payload: { theme: 'plain' } }),
    );
    expect(body(await two.inject(authed(token, CU))).data.userInfo.theme).toBe('plain');

    await one.ctx.db.updateTable('user').set({ enabledMark: 0 }).where('id', '=', 'u-manager').execute();
    await one.ctx.invalidateAccess('u-manager');
    expect(await code(two, token)).toBe(601);
    await one.ctx.db.updateTable('user').set({ enabledMark: 1 }).where('id', '=', 'u-manager').execute();
    await one.ctx.invalidateAccess('u-manager');
    expect(await code(two, token)).toBe(200);
  });
});
