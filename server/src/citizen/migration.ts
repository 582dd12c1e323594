/**
 * Migration 0009: the citizens' service. Citizens and their sessions, one-time codes, photos, repair
 * reports with their "me too" supports, the feedback thread (the dashboard's `feedback` table gains
 * the citizen's text), Open311 keys, server secrets, and photos on map faults. A database seeded
 * before this migration gets the console's "市民服务" menu here (a fresh one gets it from the seed).
 */
import { sql, type Kysely, type Migration } from 'kysely';
import { flattenMenus } from '../kernel';
import { CITIZEN_MENU, MENU_FEEDBACK, MENU_PLATES } from './menus';

/** Who the seed granted the 市民服务 branch to when 0009 shipped (administrators all of it). */
const GRANTED_0009: ReadonlyArray<{ id: string; menus: (code: string) => boolean }> = [
  { id: 'role-admin', menus: () => true },
  { id: 'role-operator', menus: (c) => c === 'citizen' || c === MENU_FEEDBACK || c === MENU_PLATES },
];
/** The branch's place among the top-level sections (second, after 照明地图). */
const CITIZEN_SORT = 20;

export const publicMigration: Migration = {
  async up(db: Kysely<unknown>) {
    const s = db.schema;
    await s
      .createTable('citizen')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('kind', 'varchar(10)', (c) => c.notNull())
      .addColumn('subject', 'varchar(64)', (c) => c.notNull())
      .addColumn('createdAt', 'bigint', (c) => c.notNull())
      .addColumn('lastSeenAt', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('citizen_kind_subject', ['kind', 'subject'])
      .execute();
    await s
      .createTable('citizen_session')
      .addColumn('tokenHash', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('citizenId', 'varchar(64)', (c) => c.notNull().references('citizen.id').onDelete('cascade'))
      .addColumn('createdAt', 'bigint', (c) => c.notNull())
      .addColumn('expiresAt', 'bigint', (c) => c.notNull())
      .execute();
    await s
      .createTable('citizen_code')
      .addColumn('phone', 'varchar(20)', (c) => c.primaryKey())
      .addColumn('codeHash', 'varchar(64)', (c) => c.notNull())
      .addColumn('expiresAt', 'bigint', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await s
      .createTable('citizen_photo')
      .addColumn('name', 'varchar(48)', (c) => c.primaryKey())
      .addColumn('deviceId', 'varchar(64)', (c) => c.notNull())
      .addColumn('size', 'integer', (c) => c.notNull())
      .addColumn('createdAt', 'bigint', (c) => c.notNull())
      .addColumn('usedBy', 'varchar(64)')
      .execute();
    await s
      .createTable('citizen_report')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('refNo', 'varchar(32)', (c) => c.notNull().unique())
      .addColumn('idemKey', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('citizenId', 'varchar(64)', (c) => c.references('citizen.id').onDelete('set null'))
      .addColumn('deviceId', 'varchar(64)', (c) => c.notNull())
      .addColumn('channel', 'varchar(10)', (c) => c.notNull())
      .addColumn('open311KeyId', 'varchar(64)')
      .addColumn('category', 'varchar(24)', (c) => c.notNull())
      .addColumn('faultId', 'varchar(64)', (c) => c.notNull())
      .addColumn('assetId', 'integer', (c) => c.notNull())
      .addColumn('siteAssetId', 'integer', (c) => c.notNull())
      .addColumn('locationSource', 'varchar(10)', (c) => c.notNull())
      .addColumn('lat', 'double precision')
      .addColumn('lng', 'double precision')
      .addColumn('description', 'varchar(4000)', (c) => c.notNull().defaultTo(''))
      .addColumn('photos', 'varchar(400)', (c) => c.notNull().defaultTo('[]'))
      .addColumn('mediaUrl', 'varchar(500)', (c) => c.notNull().defaultTo(''))
      .addColumn('contactName', 'varchar(50)', (c) => c.notNull().defaultTo(''))
      .addColumn('contactPhone', 'varchar(20)', (c) => c.notNull().defaultTo(''))
      .addColumn('supportCount', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('createdAt', 'bigint', (c) => c.notNull())
      .addColumn('updatedAt', 'bigint', (c) => c.notNull())
      .addColumn('fixedConfirmed', 'integer')
      .addColumn('confirmedAt', 'bigint')
      .execute();
    await s.createIndex('citizen_report_asset').on('citizen_report').column('assetId').execute();
    await s.createIndex('citizen_report_site').on('citizen_report').column('siteAssetId').execute();
    await s.createIndex('citizen_report_fault').on('citizen_report').column('faultId').execute();
    await s
      .createIndex('citizen_report_citizen')
      .on('citizen_report')
      .columns(['citizenId', 'createdAt'])
      .execute();
    await s
      .createIndex('citizen_report_device')
      .on('citizen_report')
      .columns(['deviceId', 'createdAt'])
      .execute();
    await s.createIndex('citizen_report_created').on('citizen_report').column('createdAt').execute();
    await s
      .createTable('citizen_report_support')
      .addColumn('reportId', 'varchar(64)', (c) =>
        c.notNull().references('citizen_report.id').onDelete('cascade'),
      )
      .addColumn('supporterKey', 'varchar(80)', (c) => c.notNull())
      .addColumn('createdAt', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('citizen_report_support_pk', ['reportId', 'supporterKey'])
      .execute();

    // the dashboard's citizen feedback becomes real: who, what kind, the text, photos, a retry key
    await s
      .alterTable('feedback')
      .addColumn('citizenId', 'varchar(64)', (c) => c.references('citizen.id').onDelete('set null'))
      .execute();
    await s
      .alterTable('feedback')
      .addColumn('kind', 'varchar(12)', (c) => c.notNull().defaultTo('suggestion'))
      .execute();
    await s
      .alterTable('feedback')
      .addColumn('content', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
      .execute();
    await s
      .alterTable('feedback')
      .addColumn('photos', 'varchar(400)', (c) => c.notNull().defaultTo('[]'))
      .execute();
    await s.alterTable('feedback').addColumn('idemKey', 'varchar(64)').execute();
    await s.createIndex('feedback_idem').on('feedback').column('idemKey').unique().execute();
    await s.createIndex('feedback_citizen').on('feedback').columns(['citizenId', 'createdAt']).execute();
    await s
      .createTable('feedback_reply')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('feedbackId', 'varchar(64)', (c) =>
        c.notNull().references('feedback.id').onDelete('cascade'),
      )
      .addColumn('authorKind', 'varchar(10)', (c) => c.notNull())
      .addColumn('userId', 'varchar(64)')
      .addColumn('authorName', 'varchar(50)', (c) => c.notNull())
      .addColumn('content', 'varchar(2000)', (c) => c.notNull())
      .addColumn('createdAt', 'bigint', (c) => c.notNull())
      .execute();
    await s
      .createIndex('feedback_reply_thread')
      .on('feedback_reply')
      .columns(['feedbackId', 'createdAt'])
      .execute();

    await s
      .createTable('open311_key')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('keyHash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('keyPrefix', 'varchar(12)', (c) => c.notNull())
      .addColumn('createdBy', 'varchar(64)', (c) => c.notNull())
      .addColumn('createdAt', 'bigint', (c) => c.notNull())
      .addColumn('revokedAt', 'bigint')
      .addColumn('lastUsedAt', 'bigint')
      .execute();
    await s
      .createTable('public_secret')
      .addColumn('name', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('value', 'varchar(128)', (c) => c.notNull())
      .execute();

    await s
      .alterTable('fault')
      .addColumn('photos', 'varchar(1000)', (c) => c.notNull().defaultTo('[]'))
      .execute();

    await addMenusToSeededDatabase(db);
  },
};

/** The 市民服务 branch for a database whose menus were seeded before it existed. */
export async function addMenusToSeededDatabase(db: Kysely<unknown>): Promise<void> {
  const seeded = await sql<{ n: number }>`select count(*) as n from menu`.execute(db);
  if (Number(seeded.rows[0]?.n ?? 0) === 0) return; // a fresh database: the seed writes them
  const mine = flattenMenus([CITIZEN_MENU]).map((m) =>
    m.parentId === null ? { ...m, sortCode: CITIZEN_SORT } : m,
  );
  for (const m of mine) {
    const has = await sql`select id from menu where id = ${m.id}`.execute(db);
    if (has.rows.length) continue;
    await sql`insert into menu (id, "parentId", type, "enCode", "fullName", "urlAddress", icon, "propertyJson", "linkTarget", "sortCode", "enabledMark")
      values (${m.id}, ${m.parentId}, ${m.seed.type}, ${m.seed.enCode}, ${m.seed.fullName}, ${m.seed.urlAddress ?? ''}, ${m.seed.icon}, ${'{}'}, ${''}, ${m.sortCode}, ${1})`.execute(
      db,
    );
    for (const [i, b] of (m.seed.buttons ?? []).entries())
      await sql`insert into menu_button (id, "menuId", "enCode", "fullName", "sortCode") values (${`${m.id}:b:${b.enCode}`}, ${m.id}, ${b.enCode}, ${b.fullName}, ${i})`.execute(
        db,
      );
    for (const [i, c] of (m.seed.columns ?? []).entries())
      await sql`insert into menu_column (id, "menuId", "enCode", "fullName", "sortCode") values (${`${m.id}:c:${c.enCode}`}, ${m.id}, ${c.enCode}, ${c.fullName}, ${i})`.execute(
        db,
      );
    for (const role of GRANTED_0009) {
      if (!role.menus(m.seed.enCode)) continue;
      const exists = await sql`select id from role where id = ${role.id}`.execute(db);
      if (!exists.rows.length) continue;
      await sql`insert into role_menu ("roleId", "menuId") values (${role.id}, ${m.id})`.execute(db);
      for (const b of m.seed.buttons ?? [])
        await sql`insert into role_button ("roleId", "menuId", "enCode", "fullName") values (${role.id}, ${m.id}, ${b.enCode}, ${b.fullName})`.execute(
          db,
        );
      for (const c of m.seed.columns ?? [])
        await sql`insert into role_column ("roleId", "menuId", "enCode", "fullName") values (${role.id}, ${m.id}, ${c.enCode}, ${c.fullName})`.execute(
          db,
        );
    }
  }
}

/**
 * Migration 0010: what the citizens' reports needed after their first release. A folded submit ("me
 * too" with its own words, photos and contact) is kept as a note on the open report, so nothing the
 * citizen sent is lost and staff see it on the fault; a fault carries its source's reference (a
 * citizen report's BX number), so staff find a fault and its repair order by the number the citizen
 * quotes.
 */
export const publicFollowUpMigration: Migration = {
  async up(db: Kysely<unknown>) {
    const s = db.schema;
    await s
      .createTable('citizen_report_note')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('reportId', 'varchar(64)', (c) =>
        c.notNull().references('citizen_report.id').onDelete('cascade'),
      )
      .addColumn('idemKey', 'varchar(80)', (c) => c.notNull().unique())
      .addColumn('citizenId', 'varchar(64)', (c) => c.references('citizen.id').onDelete('set null'))
      .addColumn('deviceId', 'varchar(64)', (c) => c.notNull())
      .addColumn('channel', 'varchar(10)', (c) => c.notNull())
      .addColumn('description', 'varchar(4000)', (c) => c.notNull().defaultTo(''))
      .addColumn('photos', 'varchar(400)', (c) => c.notNull().defaultTo('[]'))
      .addColumn('contactName', 'varchar(50)', (c) => c.notNull().defaultTo(''))
      .addColumn('contactPhone', 'varchar(20)', (c) => c.notNull().defaultTo(''))
      .addColumn('createdAt', 'bigint', (c) => c.notNull())
      .execute();
    await s
      .createIndex('citizen_report_note_report')
      .on('citizen_report_note')
      .columns(['reportId', 'createdAt'])
      .execute();
    // "my reports" also lists the reports a citizen supported: found by the supporter's key
    await s
      .createIndex('citizen_report_support_key')
      .on('citizen_report_support')
      .column('supporterKey')
      .execute();
    // photos nobody used are swept by age
    await s
      .createIndex('citizen_photo_unused')
      .on('citizen_photo')
      .columns(['usedBy', 'createdAt'])
      .execute();

    await s
      .alterTable('fault')
      .addColumn('sourceRef', 'varchar(32)', (c) => c.notNull().defaultTo(''))
      .execute();
    await s.createIndex('fault_source_ref').on('fault').column('sourceRef').execute();
    await sql`update fault set "sourceRef" = coalesce((select r."refNo" from citizen_report r where r."faultId" = fault.id), '')`.execute(
      db,
    );
  },
};

/**
 * Migration 0019_request_keys, the citizens' part: the keys a phone or an Open311 client sent with a
 * report (citizen_report, citizen_report_note) and a citizen with a feedback move into the kernel's
 * one store, answering what they answered before. The old idemKey columns stay (a unique column
 * cannot be dropped on SQLite without rebuilding the table); new rows put their own id there.
 */
export const citizenRequestKeys: Migration = {
  async up(db: Kysely<unknown>) {
    // `where true`: SQLite's INSERT … SELECT needs it before an upsert clause
    await sql`insert into request_key (owner, "key", kind, answer, "createdAt")
      select 'd:' || "deviceId", "idemKey", 'citizen.report', '{"id":"' || id || '","folded":false}', "createdAt"
      from citizen_report where true
      on conflict do nothing`.execute(db);
    await sql`insert into request_key (owner, "key", kind, answer, "createdAt")
      select 'd:' || "deviceId", "idemKey", 'citizen.report', '{"id":"' || "reportId" || '","folded":true}', "createdAt"
      from citizen_report_note where true
      on conflict do nothing`.execute(db);
    await sql`insert into request_key (owner, "key", kind, answer, "createdAt")
      select 'c:' || "citizenId", "idemKey", 'citizen.feedback', '{"id":"' || id || '"}', "createdAt"
      from feedback where "idemKey" is not null and "citizenId" is not null
      on conflict do nothing`.execute(db);
  },
};

/**
 * Migration 0025: an Open311 request located by an address we cannot place (GeoReport v2's
 * `address_string` naming no pole, light or road we know) is kept as given in its own table until
 * staff place it: then it becomes an ordinary report (`citizen_report`, same reference) with its
 * fault, or a "me too" on the open report of the same asset and category (`reportId`, `folded`).
 * Its own table rather than nullable columns on `citizen_report`: every reader of a report (the
 * citizens' pages, "already reported?", folding, the fault's report, progress) joins its fault and
 * asset, and SQLite cannot drop NOT NULL without rebuilding a table two others refer to.
 */
export const unplacedReportsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    const s = db.schema;
    await s
      .createTable('citizen_report_unplaced')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('refNo', 'varchar(32)', (c) => c.notNull().unique())
      .addColumn('deviceId', 'varchar(64)', (c) => c.notNull())
      .addColumn('channel', 'varchar(10)', (c) => c.notNull())
      .addColumn('open311KeyId', 'varchar(64)')
      .addColumn('category', 'varchar(24)', (c) => c.notNull())
      .addColumn('address', 'varchar(300)', (c) => c.notNull())
      .addColumn('roadHint', 'varchar(100)', (c) => c.notNull().defaultTo(''))
      .addColumn('districtHint', 'varchar(50)', (c) => c.notNull().defaultTo(''))
      .addColumn('lat', 'double precision')
      .addColumn('lng', 'double precision')
      .addColumn('description', 'varchar(4000)', (c) => c.notNull().defaultTo(''))
      .addColumn('mediaUrl', 'varchar(500)', (c) => c.notNull().defaultTo(''))
      .addColumn('contactName', 'varchar(50)', (c) => c.notNull().defaultTo(''))
      .addColumn('contactPhone', 'varchar(20)', (c) => c.notNull().defaultTo(''))
      .addColumn('createdAt', 'bigint', (c) => c.notNull())
      .addColumn('updatedAt', 'bigint', (c) => c.notNull())
      .addColumn('reportId', 'varchar(64)', (c) => c.references('citizen_report.id').onDelete('set null'))
      .addColumn('folded', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('placedAt', 'bigint')
      .addColumn('placedBy', 'varchar(64)')
      .addColumn('placedCode', 'varchar(32)', (c) => c.notNull().defaultTo(''))
      .execute();
    await s
      .createIndex('citizen_report_unplaced_created')
      .on('citizen_report_unplaced')
      .column('createdAt')
      .execute();
    await s
      .createIndex('citizen_report_unplaced_open')
      .on('citizen_report_unplaced')
      .columns(['placedAt', 'createdAt'])
      .execute();
    await s
      .createIndex('citizen_report_unplaced_report')
      .on('citizen_report_unplaced')
      .column('reportId')
      .execute();
  },
};
