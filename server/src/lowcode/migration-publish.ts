/**
 * Migration 0015: publishing models and their lists (issue 13).
 *
 * - `visualdev_base` gains the released version (what published pages use; null until released),
 *   when and by whom it was released, and `keySlots`: which index slot of `lowcode_record_key`
 *   holds each field the model's lists search, sort, group or filter by tree.
 * - `lowcode_record_key`: one narrow row per record (dropped with it) holding those fields as
 *   typed keys: `t0`–`t9` lower-cased text, `n0`–`n4` numbers, and the record's creation time.
 *   Lists filter, sort, count and page on this table alone and read only the page's documents
 *   from `lowcode_record` (docs/architecture.md: why, with the measurements).
 * - `lowcode_report`: data reports (menu type 5): a data interface's answer shown as a table and
 *   a chart, with the report's filters, columns and sort.
 */
import { PostgresAdapter, sql, type Kysely, type Migration } from 'kysely';

const TEXT_SLOTS = 10;
const NUMBER_SLOTS = 5;

export const lowcodePublishMigration: Migration = {
  async up(db: Kysely<unknown>) {
    const s = db.schema;
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

    await s.alterTable('visualdev_base').addColumn('releasedVersion', 'integer').execute();
    await s.alterTable('visualdev_base').addColumn('releasedAt', 'bigint').execute();
    await s.alterTable('visualdev_base').addColumn('releasedBy', 'varchar(64)').execute();
    await s
      .alterTable('visualdev_base')
      .addColumn('keySlots', 'text', (c) => c.notNull().defaultTo('{}'))
      .execute();

    let t = s
      .createTable('lowcode_record_key')
      .addColumn('recordId', 'varchar(64)', (c) =>
        c.primaryKey().references('lowcode_record.id').onDelete('cascade'),
      )
      .addColumn('modelId', 'varchar(64)', (c) => c.notNull())
      .addColumn('createdAt', 'bigint', (c) => c.notNull());
    for (let i = 0; i < TEXT_SLOTS; i++) t = t.addColumn(`t${i}`, 'varchar(500)');
    for (let i = 0; i < NUMBER_SLOTS; i++) t = t.addColumn(`n${i}`, 'double precision');
    await t.execute();
    // Each slot sorts through its own index, ties broken by the record id; nulls come first in
    // ascending order on both back ends (SQLite's rule; PostgreSQL is told so).
    const nulls = postgres ? sql.raw(' NULLS FIRST') : sql.raw('');
    const slots = [
      ...Array.from({ length: TEXT_SLOTS }, (_, i) => `t${i}`),
      ...Array.from({ length: NUMBER_SLOTS }, (_, i) => `n${i}`),
    ];
    await sql`CREATE INDEX ${sql.id('lowcode_record_key_created')} ON ${sql.id('lowcode_record_key')} (${sql.id('modelId')}, ${sql.id('createdAt')}, ${sql.id('recordId')})`.execute(
      db,
    );
    for (const slot of slots)
      await sql`CREATE INDEX ${sql.id(`lowcode_record_key_${slot}`)} ON ${sql.id('lowcode_record_key')} (${sql.id('modelId')}, ${sql.id(slot)}${nulls}, ${sql.id('recordId')})`.execute(
        db,
      );

    // records made before this migration get their (empty) key row; keys fill in when a list
    // first needs them (the release or save that assigns slots rebuilds the model's keys)
    await sql`INSERT INTO ${sql.id('lowcode_record_key')} (${sql.id('recordId')}, ${sql.id('modelId')}, ${sql.id('createdAt')}) SELECT ${sql.id('id')}, ${sql.id('modelId')}, ${sql.id('createdAt')} FROM ${sql.id('lowcode_record')}`.execute(
      db,
    );

    await s
      .createTable('lowcode_report')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('fullName', 'varchar(100)', (c) => c.notNull())
      .addColumn('enCode', 'varchar(100)', (c) => c.notNull().unique())
      .addColumn('dataInterfaceId', 'varchar(64)', (c) =>
        c.notNull().references('data_interface.id').onDelete('restrict'),
      )
      .addColumn('config', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('description', 'varchar(500)', (c) => c.notNull().defaultTo(''))
      .addColumn('sortCode', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('state', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('createdAt', 'bigint', (c) => c.notNull())
      .addColumn('createdBy', 'varchar(64)')
      .addColumn('updatedAt', 'bigint')
      .addColumn('updatedBy', 'varchar(64)')
      .execute();
  },
};
