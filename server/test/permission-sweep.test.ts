/**
 * The permission sweep (issue 11), from the server's own route table, so routes added later are
 * swept without this file changing:
 * - every non-public /api route, called without a token: 602 (HTTP 401), nothing changed;
 * - every guarded route, called by a signed-in user without the grant: 403 naming what is missing,
 *   nothing changed;
 * - every route that checks permission in its handler (`config.checksInHandler`, e.g. BillNumber),
 *   called by that user: 403, nothing changed;
 * - every other route says why it is open (`config.open`), and what it answers (lists, and details
 *   of real rows) to such a user, or to anyone for public routes, holds no personal data by field
 *   name (mobile, email, identityId…) other than the caller's own.
 * The counts are printed as one block at the end (docs/architecture.md keeps one run's).
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { RouteInfo } from '../src/http/route-table';
import { changedTables, digest, rowIds, tablesOf, type TableRows } from './fuzz/digest';
import { queryString, sample } from './fuzz/inputs';
import { paramNames, pathCandidates, pathWith, sampleParams } from './fuzz/paths';
import {
  TARGETS,
  body,
  createEnv,
  demoTokens,
  login,
  sendAs,
  tokenWithoutGrants,
  type TestEnv,
} from './helpers';

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * What the sweep itself sent (URLs and bodies): an answer echoing the caller's own input (its own
 * request log, say) is not a leak, even when a sampled number looks like a mobile number.
 */
const sentByCaller: string[] = [];

/** A request the route's schema accepts, as far as a sample goes (the path as given, or sampled). */
function requestFor(r: RouteInfo, token?: string, params = sampleParams(r)): InjectOptions {
  const query = (sample(r.schema.querystring ?? { type: 'object' }) ?? {}) as Record<string, unknown>;
  const body =
    r.bodyKind === 'json' && r.schema.body ? JSON.stringify(sample(r.schema.body) ?? {}) : undefined;
  const headers = Object.fromEntries(
    Object.entries((sample(r.schema.headers ?? { type: 'object' }) ?? {}) as Record<string, unknown>).map(
      ([k, v]) => [k, String(v)],
    ),
  );
  const url = pathWith(r, params) + queryString(query);
  sentByCaller.push(url, body ?? '');
  return {
    method: r.method as InjectOptions['method'],
    url,
    headers: {
      ...headers,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: token } : {}),
    },
    ...(body !== undefined ? { payload: body } : {}),
  };
}

/**
 * Personal data, by the field names that carry it: what must not reach every member of staff
 * (nor anyone, from a public route). Matched case-insensitively on every key of an answer.
 */
const PERSONAL_FIELDS = new Set(
  [
    'mobile',
    'mobilePhone',
    'phone',
    'telePhone',
    'contactPhone',
    'email',
    'identityId',
    'idCard',
    'identityCard',
    'certificatesNumber',
    'postalAddress',
    'birthday',
  ].map((f) => f.toLowerCase()),
);

/** Personal values in an answer (`path: value`), skipping empty ones and the caller's own. */
function personalData(answer: unknown, own: ReadonlySet<string>, path = ''): string[] {
  const out: string[] = [];
  if (Array.isArray(answer)) answer.forEach((v, i) => out.push(...personalData(v, own, `${path}[${i}]`)));
  else if (isObj(answer))
    for (const [k, v] of Object.entries(answer)) {
      const at = path ? `${path}.${k}` : k;
      const value = typeof v === 'string' || typeof v === 'number';
      if (PERSONAL_FIELDS.has(k.toLowerCase()) && value && v !== '' && !own.has(String(v)))
        out.push(`${at}: ${JSON.stringify(v)}`);
      else out.push(...personalData(v, own, at));
    }
  return out;
}

/** A second net for free text: values shaped like a mobile number, an e-mail address or an ID number. */
const PERSONAL_SHAPES = [
  { what: 'a mobile number', re: /(?<!\d)1[3-9]\d{9}(?!\d)/ },
  { what: 'an e-mail address', re: /[\w.+-]+@[\w-]+\.[\w.-]+/ },
  { what: 'an ID-card number', re: /(?<!\d)\d{17}[\dXx](?!\d)/ },
];

interface Counts {
  withoutToken: number;
  guarded: number;
  inHandler: number;
  open: number;
  public: number;
  answersChecked: number;
  detailsChecked: number;
  detailsWithoutRow: string[];
}

describe.each(TARGETS)('permission sweep (%s)', (target) => {
  let env: TestEnv;
  let app: FastifyInstance;
  let nobody: string;
  let routes: RouteInfo[];
  let rows: Map<string, TableRows>;
  const counts: Counts = {
    withoutToken: 0,
    guarded: 0,
    inHandler: 0,
    open: 0,
    public: 0,
    answersChecked: 0,
    detailsChecked: 0,
    detailsWithoutRow: [],
  };
  /** The user without grants' own contact details (an open "self" route may show them to him). */
  const own = new Set(['13911112222', 'nogrants@sweep.example', '0571-11112222', '无权限路 1 号']);

  beforeAll(async () => {
    env = await createEnv(target);
    app = env.app;
    const { admin } = await demoTokens(app);
    nobody = await tokenWithoutGrants(app, admin);
    const [mobile, email, telePhone, postalAddress] = [...own];
    const set = await sendAs(app, nobody, 'PUT', '/api/system/Permission/Users/Current/BaseInfo', {
      realName: '无权限',
      mobile,
      email,
      telePhone,
      postalAddress,
    });
    expect(body(set).code).toBe(200);
    // a released notice to him, so the message routes have a detail of his to show
    const me = await app.ctx.db
      .selectFrom('user')
      .select('id')
      .where('account', '=', 'nogrants')
      .executeTakeFirstOrThrow();
    const notice = body(
      await sendAs(app, admin, 'POST', '/api/system/Message', {
        title: '致无权限用户',
        bodyText: '<p>通知</p>',
        toUserIds: [me.id],
      }),
    );
    expect(
      body(await sendAs(app, admin, 'PUT', `/api/system/Message/${notice.data.id}/Actions/Release`)).code,
    ).toBe(200);
    routes = app.routeTable.filter((r) => r.url.startsWith('/api/') && !r.websocket);
    rows = await rowIds(app.ctx.db, await tablesOf(app.ctx.db), 50);
  }, 60_000);
  afterAll(async () => {
    process.stdout.write(
      [
        '',
        `permission sweep (${target}):`,
        `  without a token: ${counts.withoutToken} calls, all 602`,
        `  without the grant: ${counts.guarded} guarded routes refused (403), ${counts.inHandler} checked in the handler refused (403)`,
        `  open to every signed-in user: ${counts.open} routes (each says why); public: ${counts.public}`,
        `  answers checked for personal data: ${counts.answersChecked} (of them details of real rows: ${counts.detailsChecked})`,
        `  detail routes with no row to show: ${counts.detailsWithoutRow.join(', ') || 'none'}`,
        '',
      ].join('\n'),
    );
    await env.cleanup();
  });

  it('finds personal data by field name, at any depth, except the caller’s own', () => {
    const answer = {
      list: [{ realName: '甲', mobile: '13800000000', email: '' }],
      me: { email: [...own][1] },
    };
    expect(personalData(answer, own)).toEqual(['list[0].mobile: "13800000000"']);
  });

  it('every route is public, guarded, checked in its handler, or says why it is open', () => {
    const unexplained = routes
      .filter((r) => !r.public && !r.requirement && !r.checksInHandler && !r.openWhy)
      .map((r) => `${r.method} ${r.url}`);
    expect(unexplained).toEqual([]);
  });

  it('without a token every non-public route answers 602 and changes nothing', async () => {
    const tables = await tablesOf(app.ctx.db);
    const before = await digest(app.ctx.db, tables);
    const problems: string[] = [];
    for (const r of routes.filter((x) => !x.public)) {
      counts.withoutToken++;
      const res = await app.inject(requestFor(r));
      const b = res.json() as { code?: number };
      if (res.statusCode !== 401 || b.code !== 602)
        problems.push(`${r.method} ${r.url}: ${res.statusCode} ${res.body.slice(0, 100)}`);
    }
    expect(changedTables(before, await digest(app.ctx.db, tables))).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('a signed-in user without the grant is refused every guarded route, and nothing changes', async () => {
    const tables = await tablesOf(app.ctx.db);
    const before = await digest(app.ctx.db, tables);
    const problems: string[] = [];
    for (const r of routes.filter((x) => x.requirement)) {
      counts.guarded++;
      const res = await app.inject(requestFor(r, nobody));
      const b = res.json() as { code?: number; msg?: string };
      const req = r.requirement;
      const expected = req?.button ? `${req.menu}/${req.button}` : req?.menu;
      if (
        res.statusCode !== 403 ||
        b.code !== 403 ||
        !b.msg?.startsWith('权限不足') ||
        !expected ||
        !b.msg.includes(req?.menu ?? '')
      )
        problems.push(
          `${r.method} ${r.url} (${expected ?? ''}): ${res.statusCode} ${res.body.slice(0, 100)}`,
        );
    }
    expect(changedTables(before, await digest(app.ctx.db, tables))).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('a route that checks permission in its handler refuses that user too, with real rows in its path', async () => {
    const tables = await tablesOf(app.ctx.db);
    const before = await digest(app.ctx.db, tables);
    const problems: string[] = [];
    for (const r of routes.filter((x) => x.checksInHandler)) {
      counts.inHandler++;
      // the sample path, and the path naming real rows (a bill rule that exists): both refused
      const paths = [sampleParams(r)];
      if (paramNames(r).length) for (const p of pathCandidates(r, rows)) paths.push(p);
      for (const params of paths.slice(0, 8)) {
        const res = await app.inject(requestFor(r, nobody, params));
        const b = res.json() as { code?: number; msg?: string };
        if (res.statusCode !== 403 || b.code !== 403 || !b.msg?.startsWith('权限不足'))
          problems.push(`${r.method} ${pathWith(r, params)}: ${res.statusCode} ${res.body.slice(0, 100)}`);
      }
    }
    expect(counts.inHandler).toBeGreaterThan(0);
    expect(changedTables(before, await digest(app.ctx.db, tables))).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('what open and public routes answer holds no personal data but the caller’s own', async () => {
    const leaks: string[] = [];
    /** Calls the route; checks and counts an answer that shows something (null: nothing shown). */
    const check = async (r: RouteInfo, params?: Record<string, string>): Promise<boolean> => {
      let res = await app.inject(requestFor(r, r.public ? undefined : nobody, params));
      if (res.statusCode === 401 && !r.public) {
        // a route before this one ended the session (sign-out is a GET): sign in again
        nobody = await login(app, 'nogrants', 'nogrants123');
        res = await app.inject(requestFor(r, nobody, params));
      }
      let answer: unknown;
      try {
        answer = JSON.parse(res.body);
      } catch {
        return false; // an image, a file
      }
      if (res.statusCode >= 400) return false;
      counts.answersChecked++;
      for (const found of personalData(answer, own)) leaks.push(`${r.method} ${r.url}: ${found}`);
      for (const p of PERSONAL_SHAPES) {
        const hit = p.re.exec(res.body)?.[0];
        if (hit && !own.has(hit) && !sentByCaller.some((t) => t.includes(hit)))
          leaks.push(`${r.method} ${r.url}: ${p.what} (${hit})`);
      }
      return true;
    };
    const open = routes.filter((r) => !r.requirement && !r.checksInHandler);
    counts.open = open.filter((r) => !r.public).length;
    counts.public = open.filter((r) => r.public).length;
    for (const r of open.filter((x) => x.method === 'GET')) {
      if (!paramNames(r).length) {
        await check(r);
        continue;
      }
      // a detail: the first real row the path can name that answers
      let shown = false;
      for (const params of pathCandidates(r, rows)) {
        if (await check(r, params)) {
          counts.detailsChecked++;
          shown = true;
          break;
        }
      }
      if (!shown) counts.detailsWithoutRow.push(`${r.method} ${r.url}`);
    }
    expect(leaks).toEqual([]);
  });
});
