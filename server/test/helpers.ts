/**
 * Test harness: a fresh database per app (SQLite file in a temp dir, or a fresh PostgreSQL schema when
 * DATABASE_URL is set), an app built on it, and small request helpers.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp, type BuildOptions } from '../src/app';
import { md5Hex } from '../src/auth/md5';
import { loadConfig, type Config } from '../src/config';
import { openDatabase } from '../src/database';
import type { Database, Db } from '../src/database';
import { migrateToLatest } from '../src/db/migrator';
import { MIGRATIONS } from '../src/domains';
import { seedIfEmpty } from '../src/seeding';

export type Target = 'sqlite' | 'postgres';

/**
 * The back ends this run covers: SQLite always, PostgreSQL when DATABASE_URL is set.
 * SERVER_TEST_TARGETS (a comma list, e.g. `sqlite`) narrows them, to iterate on one; npm test runs
 * both in one run when PostgreSQL answers.
 */
const AVAILABLE: Target[] = process.env.DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
const CHOSEN = (process.env.SERVER_TEST_TARGETS ?? '').split(',').filter(Boolean);
export const TARGETS: Target[] = CHOSEN.length ? AVAILABLE.filter((t) => CHOSEN.includes(t)) : AVAILABLE;

export const REDIS_URL = process.env.LIGHTING_TEST_REDIS ?? '';

export interface TestEnv {
  target: Target;
  config: Config;
  dir: string;
  /** Builds another app on the same database (e.g. a second instance, or different settings). */
  makeApp(over?: Record<string, string>, opts?: BuildOptions): Promise<FastifyInstance>;
  app: FastifyInstance;
  cleanup(): Promise<void>;
}

/** Creates a fresh database (migrated and seeded) and an app on it. */
export async function createEnv(
  target: Target,
  env: Record<string, string> = {},
  opts: BuildOptions = {},
): Promise<TestEnv> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lighting-test-'));
  const schema = target === 'postgres' ? `t_${randomBytes(6).toString('hex')}` : '';
  const baseEnv: Record<string, string> = {
    DATA_DIR: dir,
    LOG_LEVEL: 'silent',
    STATIC_ROOT: path.join(dir, 'static'),
    REMOTES_FILE: path.join(dir, 'remotes.json'),
    // no demo city unless a test asks for one (the map tests seed a small city): seeding costs time
    MAP_ASSETS: '0',
    // every answer is checked against its route's response schema (http/response-check.ts)
    CHECK_RESPONSES: '1',
    ...(target === 'postgres'
      ? { DATABASE_URL: process.env.DATABASE_URL ?? '', DATABASE_SCHEMA: schema }
      : { DATABASE_URL: '' }),
  };
  const configFor = (over: Record<string, string>): Config => loadConfig({ ...baseEnv, ...env, ...over });
  const config = configFor({});
  const apps: FastifyInstance[] = [];
  const makeApp = async (
    over: Record<string, string> = {},
    o: BuildOptions = opts,
  ): Promise<FastifyInstance> => {
    const c = configFor(over);
    const database = await openDatabase(c);
    // a catalog query racing another file's schema change is retried by the migrator itself
    await migrateToLatest(database.db, MIGRATIONS);
    await seedIfEmpty(database.db, c.mapAssets);
    const app = await buildApp(c, { ...o, database });
    apps.push(app);
    return app;
  };
  const app = await makeApp();
  return {
    target,
    config,
    dir,
    app,
    makeApp,
    async cleanup() {
      for (const a of apps) await a.close();
      if (target === 'postgres' && schema) {
        const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
        await client.connect();
        await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
        await client.end();
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const LOGIN_QUERY = 'client_id=admin&client_secret=123456&scope=all&grant_type=password';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests inspect response bodies loosely
export interface Envelope<T = any> {
  code: number;
  msg: string;
  data: T;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests inspect response bodies loosely
export function body<T = any>(res: LightMyRequestResponse): Envelope<T> {
  return res.json() as Envelope<T>;
}

export async function loginRaw(
  app: FastifyInstance,
  account: string,
  password: string,
  extra: Record<string, unknown> = {},
  opts: Partial<InjectOptions> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `/api/oauth/Login?${LOGIN_QUERY}`,
    payload: { account, password: md5Hex(password), ...extra },
    ...opts,
  } as InjectOptions);
}

export async function login(
  app: FastifyInstance,
  account: string,
  password: string,
  opts: Partial<InjectOptions> = {},
): Promise<string> {
  const res = await loginRaw(app, account, password, {}, opts);
  const b = body<{ token: string }>(res);
  if (b.code !== 200) throw new Error(`login ${account} failed: ${b.code} ${b.msg}`);
  return b.data.token;
}

export function authed(token: string, o: InjectOptions): InjectOptions {
  return { ...o, headers: { ...(o.headers ?? {}), authorization: token } };
}

/** A multipart/form-data body with one file field. */
export function multipart(
  filename: string,
  mime: string,
  data: Buffer,
  field = 'file',
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----lighting${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${mime}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, data, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/**
 * A real 1×1 PNG (decodable: uploads are re-encoded), optionally padded to a size (the padding is
 * after IEND: still sniffed and decoded as PNG).
 */
export function png(size = 0): Buffer {
  const b = Buffer.from(
    '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000970485973000003e8000003e801b57b526b0000000d494441540899636060606000000005000187a14ed40000000049454e44ae426082',
    'hex',
  );
  return size > b.length ? Buffer.concat([b, Buffer.alloc(size - b.length)]) : b;
}

export { md5Hex };

/** GET `url` as the holder of `token`. */
export function getAs(app: FastifyInstance, token: string, url: string): Promise<LightMyRequestResponse> {
  return app.inject(authed(token, { method: 'GET', url }));
}

/** A write (POST/PUT/DELETE) as the holder of `token`, with an optional JSON body. */
export function sendAs(
  app: FastifyInstance,
  token: string,
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
): Promise<LightMyRequestResponse> {
  return app.inject(authed(token, { method, url, ...(payload === undefined ? {} : { payload }) }));
}

/** Rows in a table (tests assert that refused input changed nothing). */
export async function rowCount(db: Db, table: keyof Database & string): Promise<number> {
  const r = await db
    .selectFrom(table as 'user')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Tokens of the three demo accounts (admin, operator, manager). */
export async function demoTokens(
  app: FastifyInstance,
): Promise<{ admin: string; operator: string; manager: string }> {
  const [admin, operator, manager] = await Promise.all([
    login(app, 'admin', 'admin123'),
    login(app, 'operator', 'operator123'),
    login(app, 'manager', 'manager123'),
  ]);
  return { admin, operator, manager };
}

/**
 * A signed-in staff member with no role at all (menus, buttons and columns: none), created through
 * the API by the administrator: what a guarded route must refuse.
 */
export async function tokenWithoutGrants(
  app: FastifyInstance,
  adminToken: string,
  account = 'nogrants',
): Promise<string> {
  const org = await app.ctx.db
    .selectFrom('organize')
    .select('id')
    .orderBy('sortCode')
    .executeTakeFirstOrThrow();
  const res = await sendAs(app, adminToken, 'POST', '/api/system/Permission/Users', {
    account,
    password: md5Hex('nogrants123'),
    realName: '无权限',
    organizeId: org.id,
  });
  if (body(res).code !== 200) throw new Error(`create ${account}: ${body(res).msg}`);
  return login(app, account, 'nogrants123');
}
