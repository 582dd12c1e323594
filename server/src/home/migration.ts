/**
 * The home dashboard's tables: articles, maintenance plans, faults, calendar, cable lines, power
 * use, lamp status, work orders, citizen feedback and safety records. Run as the second half of
 * migration 0003 (db/migrations.ts), after the messages domain's tables, as when both arrived.
 */
import type { Kysely, Migration } from 'kysely';

export const homeTables: Migration = {
  async up(db: Kysely<unknown>) {
    const s = db.schema;
    await s
      .createTable('article')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('category', 'varchar(16)', (c) => c.notNull())
      .addColumn('title', 'varchar(200)', (c) => c.notNull())
      .addColumn('summary', 'varchar(500)', (c) => c.notNull().defaultTo(''))
      .addColumn('contentHtml', 'text', (c) => c.notNull())
      .addColumn('author', 'varchar(50)', (c) => c.notNull().defaultTo(''))
      .addColumn('publishTime', 'bigint', (c) => c.notNull())
      .execute();
    await s.createIndex('article_category_time').on('article').columns(['category', 'publishTime']).execute();

    await s
      .createTable('maintenance_plan')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('title', 'varchar(200)', (c) => c.notNull())
      .addColumn('district', 'varchar(50)', (c) => c.notNull())
      .addColumn('startDate', 'varchar(10)', (c) => c.notNull())
      .addColumn('endDate', 'varchar(10)', (c) => c.notNull())
      .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    await s
      .createTable('fault')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('district', 'varchar(50)', (c) => c.notNull())
      .addColumn('faultType', 'varchar(50)', (c) => c.notNull())
      .addColumn('reportedAt', 'bigint', (c) => c.notNull())
      .addColumn('closedAt', 'bigint')
      .execute();
    await s.createIndex('fault_reported').on('fault').column('reportedAt').execute();

    await s
      .createTable('calendar_event')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('date', 'varchar(10)', (c) => c.notNull())
      .addColumn('title', 'varchar(200)', (c) => c.notNull())
      .addColumn('type', 'varchar(16)', (c) => c.notNull())
      .execute();
    await s.createIndex('calendar_event_date').on('calendar_event').column('date').execute();

    await s
      .createTable('cable_line')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('district', 'varchar(50)', (c) => c.notNull())
      .addColumn('cableType', 'varchar(50)', (c) => c.notNull())
      .addColumn('lengthM', 'integer', (c) => c.notNull())
      .execute();

    await s
      .createTable('power_stat')
      .addColumn('month', 'varchar(7)', (c) => c.notNull())
      .addColumn('district', 'varchar(50)', (c) => c.notNull())
      .addColumn('kwh', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('power_stat_pk', ['month', 'district'])
      .execute();

    await s
      .createTable('lamp_status')
      .addColumn('district', 'varchar(50)', (c) => c.primaryKey())
      .addColumn('lampCount', 'integer', (c) => c.notNull())
      .addColumn('litCount', 'integer', (c) => c.notNull())
      .addColumn('updatedAt', 'bigint', (c) => c.notNull())
      .execute();

    await s
      .createTable('work_order')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('title', 'varchar(200)', (c) => c.notNull())
      .addColumn('district', 'varchar(50)', (c) => c.notNull())
      .addColumn('createdAt', 'bigint', (c) => c.notNull())
      .addColumn('dueAt', 'bigint', (c) => c.notNull())
      .addColumn('completedAt', 'bigint')
      .execute();
    await s.createIndex('work_order_created').on('work_order').column('createdAt').execute();
    await s.createIndex('work_order_completed').on('work_order').column('completedAt').execute();

    await s
      .createTable('feedback')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('title', 'varchar(200)', (c) => c.notNull())
      .addColumn('district', 'varchar(50)', (c) => c.notNull())
      .addColumn('createdAt', 'bigint', (c) => c.notNull())
      .addColumn('state', 'varchar(16)', (c) => c.notNull())
      .addColumn('repliedAt', 'bigint')
      .addColumn('satisfaction', 'integer')
      .execute();
    await s.createIndex('feedback_created').on('feedback').column('createdAt').execute();

    await s
      .createTable('safety_record')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('title', 'varchar(200)', (c) => c.notNull())
      .addColumn('district', 'varchar(50)', (c) => c.notNull())
      .addColumn('occurredAt', 'bigint', (c) => c.notNull())
      .addColumn('closedAt', 'bigint')
      .execute();
    await s.createIndex('safety_record_kind').on('safety_record').columns(['kind', 'occurredAt']).execute();
  },
};

/**
 * Migration 0017, the home half (issue 17): the dashboard's faults name their type as the
 * faultType dictionary does, so it shows them translated. The seed called a cable fault 电缆故障;
 * the dictionary (and the map) call it 线缆故障.
 */
export const homeFaultTypeNames: Migration = {
  async up(db: Kysely<unknown>) {
    await (db as Kysely<{ fault: { faultType: string } }>)
      .updateTable('fault')
      .set({ faultType: '线缆故障' })
      .where('faultType', '=', '电缆故障')
      .execute();
  },
};
