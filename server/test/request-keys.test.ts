/**
 * The kernel's one store of request keys (issue 22): migration 0019 moves the keys the low-code and
 * workflow domains kept in their own tables into it, and a key a client sent before the upgrade
 * still answers its first answer after it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'kysely';
import { loadConfig } from '../src/config';
import { openDatabase, type DbHandle } from '../src/database';
import { migrateToLatest } from '../src/db/migrator';
import { MIGRATIONS } from '../src/domains';
import { once, priorAnswer, rememberAnswer, userKey } from '../src/kernel';
import { TARGETS } from './helpers';
import { ownTables } from './fuzz/digest';

const before0019 = Object.fromEntries(Object.entries(MIGRATIONS).filter(([name]) => name < '0019'));

describe.each(TARGETS)('request keys (%s)', (target) => {
  let handle: DbHandle;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lighting-keys-'));
  const schema = `t_${randomBytes(6).toString('hex')}`;

  beforeAll(async () => {
    const env: Record<string, string> =
      target === 'postgres'
        ? { DATABASE_URL: process.env.DATABASE_URL ?? '', DATABASE_SCHEMA: schema }
        : { DATA_DIR: dir };
    handle = await openDatabase(loadConfig(env));
    await migrateToLatest(handle.db, before0019);
  });
  afterAll(async () => {
    await handle.close();
    if (target === 'postgres') {
      const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await c.connect();
      await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await c.end();
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('0019 moves the old keys into the one store, and they answer as before', async () => {
    const db = handle.db;
    await sql`insert into "user" (id, account, "realName", "passwordHash", "createdAt")
      values ('u-k', 'keys', 'K', '!', 1)`.execute(db);
    await sql`insert into lowcode_request ("userId", "key", kind, "resultId", "createdAt")
      values ('u-k', 'lc-key-0000000001', 'record', 'rec-1', 5), ('u-k', 'lc-key-0000000002', 'import', '12', 6)`.execute(
      db,
    );
    await sql`insert into citizen (id, kind, subject, "createdAt", "lastSeenAt") values ('c-1', 'phone', '13800000000', 1, 1)`.execute(
      db,
    );
    await sql`insert into feedback (id, title, district, "createdAt", state, "citizenId", "idemKey")
      values ('fb-1', '路灯太暗', '', 8, 'pending', 'c-1', 'fb-key-000000001')`.execute(db);
    await sql`insert into flow_request ("userId", "key", kind, answer, "createdAt")
      values ('u-k', 'fl-key-0000000001', 'audit', ${JSON.stringify({ id: 'task-1', n: 2 })}, 7)`.execute(db);

    await migrateToLatest(db, MIGRATIONS);

    const tables = (await ownTables(db)).map((t) => t.name);
    expect(tables).toContain('request_key');
    expect(tables).not.toContain('lowcode_request');
    expect(tables).not.toContain('flow_request');
    expect(await priorAnswer(db, userKey('u-k', 'lc-key-0000000001', 'lowcode.record'))).toBe('rec-1');
    expect(Number(await priorAnswer(db, userKey('u-k', 'lc-key-0000000002', 'lowcode.import')))).toBe(12);
    expect(await priorAnswer(db, userKey('u-k', 'fl-key-0000000001', 'flow.audit'))).toEqual({
      id: 'task-1',
      n: 2,
    });
    expect(
      await priorAnswer(db, { owner: 'c:c-1', key: 'fb-key-000000001', kind: 'citizen.feedback' }),
    ).toEqual({ id: 'fb-1' });
    // the same key for another call is refused naming the field
    await expect(priorAnswer(db, userKey('u-k', 'lc-key-0000000001', 'flow.audit'))).rejects.toThrow(
      'idemKey: 已被使用',
    );
  });

  it('once(): a repeat answers the first answer without running again; a racing twin gets the winner', async () => {
    const db = handle.db;
    const rk = userKey('u-k', 'once-key-000000001', 'test.make');
    let runs = 0;
    const make = async (): Promise<string> => {
      runs++;
      const answer = `made-${runs}`;
      await db.transaction().execute((trx) => rememberAnswer(trx, rk, answer, 10));
      return answer;
    };
    expect(await once(db, rk, make)).toEqual({ answer: 'made-1', repeated: false });
    expect(await once(db, rk, make)).toEqual({ answer: 'made-1', repeated: true });
    expect(runs).toBe(1);

    // two at once: one writes, the other's key insert is refused and it answers the winner's answer
    const twin = userKey('u-k', 'once-key-000000002', 'test.make');
    const slow = (label: string) => async (): Promise<string> => {
      await db.transaction().execute((trx) => rememberAnswer(trx, twin, label, 11));
      return label;
    };
    const [a, b] = await Promise.all([once(db, twin, slow('first')), once(db, twin, slow('second'))]);
    expect(a.answer).toBe(b.answer);
    expect([a.repeated, b.repeated].sort()).toEqual([false, true]);
    // an exclusive key (the citizens') is refused from another sender; an ordinary one is not
    await db
      .transaction()
      .execute((trx) =>
        rememberAnswer(trx, { owner: 'd:phone-1', key: 'ex-key-000000001', kind: 'test.report' }, 'r1', 12),
      );
    await expect(
      priorAnswer(db, { owner: 'd:phone-2', key: 'ex-key-000000001', kind: 'test.report', exclusive: true }),
    ).rejects.toThrow('idemKey: 已被使用');
    expect(
      await priorAnswer(db, { owner: 'd:phone-2', key: 'ex-key-000000001', kind: 'test.report' }),
    ).toBeUndefined();
    // no key, nothing remembered: every call runs
    const none = userKey('u-k', undefined, 'test.make');
    expect((await once(db, none, async () => 'x')).repeated).toBe(false);
    expect(await priorAnswer(db, none)).toBeUndefined();
  });
});
