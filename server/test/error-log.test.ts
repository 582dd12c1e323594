// The error log (spec §8): browsers report uncaught errors, the server records its own, and the
// system log's 异常日志 tab lists one row per distinct error (message, top stack frame, URL path)
// with its count and first / last seen.
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { addErrorLogColumns } from '../src/system/migration-error-log';
import { ERROR_REPORTS_PER_MINUTE } from '../src/system/routes-error-log';
import { TARGETS, body, createEnv, demoTokens, getAs, sendAs, type TestEnv } from './helpers';

const REPORT = '/api/system/ErrorLog';
const LIST = '/api/system/Log?category=4&pageSize=100';

interface Row {
  id: string;
  userName: string;
  requestUrl: string;
  abstracts: string;
  count: number;
  creatorTime: number;
  lastSeen: number;
  detail: Record<string, string>;
}

const report = (over: Record<string, unknown> = {}) => ({
  message: "Cannot read properties of undefined (reading 'x')",
  stack: "TypeError: Cannot read properties of undefined (reading 'x')\n    at Panel (http://h/page.js:1:20)",
  componentStack: '\n    at Panel\n    at RemotePage',
  url: '/bt/map/fault',
  source: 'react',
  app: 'map',
  ...over,
});

describe.each(TARGETS)('error log (%s)', (target) => {
  let env: TestEnv;
  let app: FastifyInstance;
  let tokens: { admin: string; operator: string; manager: string };
  let now = Date.UTC(2026, 4, 1, 2, 0, 0);

  beforeAll(async () => {
    env = await createEnv(target, {}, { clock: () => now });
    app = env.app;
    tokens = await demoTokens(app);
  });
  afterAll(async () => {
    await env.cleanup();
  });

  const list = async (): Promise<Row[]> => {
    const b = body<{ list: Row[] }>(await getAs(app, tokens.admin, LIST));
    expect(b.code).toBe(200);
    return b.data.list;
  };
  const rows = async () =>
    Number(
      (await sql<{ n: number }>`SELECT count(*) AS n FROM system_log WHERE category = 4`.execute(app.ctx.db))
        .rows[0]?.n,
    );

  it('records a report with the user, page, time and component information', async () => {
    const res = await sendAs(app, tokens.operator, 'POST', REPORT, report());
    expect(body(res)).toEqual({ code: 200, msg: expect.any(String), data: null });
    const [row] = await list();
    expect(row).toMatchObject({
      requestUrl: '/bt/map/fault',
      abstracts: "Cannot read properties of undefined (reading 'x')",
      count: 1,
      creatorTime: now,
      lastSeen: now,
      detail: { source: 'react', app: 'map', componentStack: '\n    at Panel\n    at RemotePage' },
    });
    expect(row?.userName).toMatch(/\/operator$/);
  });

  it('counts a repeat (same message, top frame and path) on the same row, keeping first seen', async () => {
    const first = now;
    now += 60_000;
    const again = report({
      count: 5,
      stack:
        "TypeError: Cannot read properties of undefined (reading 'x')\n    at Panel (http://h/page.js:1:20)\n    at other (x.js:9:9)",
    });
    expect(body(await sendAs(app, tokens.manager, 'POST', REPORT, again)).code).toBe(200);
    // concurrent repeats never make a second row
    await Promise.all(Array.from({ length: 10 }, () => sendAs(app, tokens.admin, 'POST', REPORT, report())));
    const found = (await list()).filter((r) => r.requestUrl === '/bt/map/fault');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ count: 16, creatorTime: first, lastSeen: now });
    // another message, or another page, is another error
    await sendAs(app, tokens.operator, 'POST', REPORT, report({ message: 'other' }));
    await sendAs(app, tokens.operator, 'POST', REPORT, report({ url: '/bt/map/assets' }));
    expect(await rows()).toBe(3);
  });

  it('refuses bad reports by field name and stores nothing', async () => {
    const before = await rows();
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ message: '' }, /^message: /],
      [{ url: 'http://h/x?token=1' }, /^url: must be a path starting with \//],
      [{ source: 'server' }, /^source: /],
      [{ count: 0 }, /^count: /],
      [{ count: 1001 }, /^count: /],
      [{ stack: 'x'.repeat(4001) }, /^stack: /],
      [{ app: 'Map!' }, /^app: /],
      [{ extra: 1 }, /^extra: /],
      [{ message: 'a\u202Eb' }, /^message: /],
    ];
    for (const [over, msg] of cases) {
      const b = body(await sendAs(app, tokens.operator, 'POST', REPORT, report(over)));
      expect([over, b.code, b.msg]).toEqual([over, 400, expect.stringMatching(msg)]);
    }
    expect((await app.inject({ method: 'POST', url: REPORT, payload: report() })).json().code).toBe(602);
    expect(await rows()).toBe(before);
  });

  it('only system.log readers see the list', async () => {
    expect(body(await getAs(app, tokens.operator, LIST)).code).toBe(403);
  });

  it(`throttles a user past ${ERROR_REPORTS_PER_MINUTE} reports a minute`, async () => {
    const fresh = (await demoTokens(app)).manager;
    const codes: number[] = [];
    for (let i = 0; i <= ERROR_REPORTS_PER_MINUTE + 5; i++)
      codes.push(body(await sendAs(app, fresh, 'POST', REPORT, report({ message: `burst ${i}` }))).code);
    expect(codes).toContain(429);
    expect(codes.filter((c) => c === 200).length).toBeLessThanOrEqual(ERROR_REPORTS_PER_MINUTE);
  });

  it("counts the server's own repeated errors on one row too", async () => {
    await sql`DROP TABLE calendar_event`.execute(app.ctx.db);
    for (let i = 0; i < 3; i++) {
      const res = await getAs(app, tokens.operator, `/api/home/Calendar?month=2026-0${i + 1}`);
      expect(body(res).code).toBe(500);
    }
    // the server writes its own error after the answer has gone: read until the third has landed
    const calendar = async () => (await list()).filter((r) => r.requestUrl === '/api/home/Calendar');
    let server = await calendar();
    for (let i = 0; i < 50 && server[0]?.count !== 3; i++) {
      await new Promise((resolve) => setImmediate(resolve));
      server = await calendar();
    }
    expect(server).toHaveLength(1);
    expect(server[0]).toMatchObject({ count: 3, detail: { source: 'server' } });
    expect(server[0]?.userName).toMatch(/\/operator$/);
  });
});

describe.each(TARGETS)('migration 0010 columns (%s)', (target) => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createEnv(target);
  });
  afterAll(async () => {
    await env.cleanup();
  });

  it("adds 异常日志's columns and their grants to a database seeded without them, once", async () => {
    const db = env.app.ctx.db;
    const menuId = 'menu-system.log';
    const codes = ['lastSeen', 'count', 'source'];
    const granted = () =>
      db
        .selectFrom('role_column')
        .select(['roleId', 'enCode'])
        .where('menuId', '=', menuId)
        .where('enCode', 'in', codes)
        .orderBy('enCode')
        .execute();
    const seeded = await granted();
    expect(seeded.filter((g) => g.roleId === 'role-admin').map((g) => g.enCode)).toEqual([
      'count',
      'lastSeen',
      'source',
    ]);
    // the database as it was before 0010
    await db.deleteFrom('role_column').where('menuId', '=', menuId).where('enCode', 'in', codes).execute();
    await db.deleteFrom('menu_column').where('menuId', '=', menuId).where('enCode', 'in', codes).execute();
    await addErrorLogColumns(db as unknown as Kysely<unknown>);
    await addErrorLogColumns(db as unknown as Kysely<unknown>);
    expect(await granted()).toEqual(seeded);
    const catalogue = await db
      .selectFrom('menu_column')
      .select('enCode')
      .where('menuId', '=', menuId)
      .orderBy('sortCode')
      .execute();
    expect(catalogue.map((c) => c.enCode).slice(-3)).toEqual(codes);
  });
});
