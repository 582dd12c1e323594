/**
 * Migration 0012: low-code forms (issue 12).
 *
 * - `visualdev_base` (the models, from 0001) gains the form and list JSON, the tables note, the
 *   number of its current form version, and who changed it when.
 * - `lowcode_model_version`: every save that changes a model's form or list JSON adds a row; a
 *   record names the version it was made with, and release (issue 13) will point at one.
 * - `lowcode_record`: the records of every model, generically: the submitted values as one JSON
 *   document (sub-table rows inside it). On PostgreSQL the column is `jsonb`, on SQLite `text`
 *   (read with json_extract): both can be searched and sorted by field when lists come (issue 13).
 * - `lowcode_request`: client request keys, so a retried create or copy makes one row.
 * - `lowcode_bill_number`: bill numbers already used by a record, so a number is used once.
 */
import { PostgresAdapter, sql, type Kysely, type Migration } from 'kysely';

export const lowcodeMigration: Migration = {
  async up(db: Kysely<unknown>) {
    const s = db.schema;
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

    await s
      .alterTable('visualdev_base')
      .addColumn('formData', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await s
      .alterTable('visualdev_base')
      .addColumn('columnData', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await s
      .alterTable('visualdev_base')
      .addColumn('tables', 'text', (c) => c.notNull().defaultTo('[]'))
      .execute();
    await s
      .alterTable('visualdev_base')
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await s.alterTable('visualdev_base').addColumn('createdBy', 'varchar(64)').execute();
    await s.alterTable('visualdev_base').addColumn('updatedAt', 'bigint').execute();
    await s.alterTable('visualdev_base').addColumn('updatedBy', 'varchar(64)').execute();
    await s.createIndex('visualdev_base_sort').on('visualdev_base').columns(['sortCode', 'id']).execute();

    await s
      .createTable('lowcode_model_version')
      .addColumn('modelId', 'varchar(64)', (c) =>
        c.notNull().references('visualdev_base.id').onDelete('cascade'),
      )
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('formData', 'text', (c) => c.notNull())
      .addColumn('columnData', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('createdAt', 'bigint', (c) => c.notNull())
      .addColumn('createdBy', 'varchar(64)')
      .addPrimaryKeyConstraint('lowcode_model_version_pk', ['modelId', 'version'])
      .execute();

    await s
      .createTable('lowcode_record')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('modelId', 'varchar(64)', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('data', postgres ? sql`jsonb` : 'text', (c) => c.notNull())
      .addColumn('createdBy', 'varchar(64)', (c) => c.notNull())
      .addColumn('createdAt', 'bigint', (c) => c.notNull())
      .addColumn('updatedBy', 'varchar(64)')
      .addColumn('updatedAt', 'bigint')
      .addColumn('organizeId', 'varchar(64)')
      .addForeignKeyConstraint(
        'lowcode_record_version',
        ['modelId', 'version'],
        'lowcode_model_version',
        ['modelId', 'version'],
        (c) => c.onDelete('cascade'),
      )
      .execute();
    await s
      .createIndex('lowcode_record_model')
      .on('lowcode_record')
      .columns(['modelId', 'createdAt', 'id'])
      .execute();

    await s
      .createTable('lowcode_request')
      .addColumn('userId', 'varchar(64)', (c) => c.notNull().references('user.id').onDelete('cascade'))
      .addColumn('key', 'varchar(64)', (c) => c.notNull())
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('resultId', 'varchar(64)', (c) => c.notNull())
      .addColumn('createdAt', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('lowcode_request_pk', ['userId', 'key'])
      .execute();

    await s
      .createTable('lowcode_bill_number')
      .addColumn('rule', 'varchar(100)', (c) => c.notNull())
      .addColumn('number', 'varchar(100)', (c) => c.notNull())
      .addColumn('recordId', 'varchar(64)', (c) => c.references('lowcode_record.id').onDelete('set null'))
      .addColumn('createdAt', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('lowcode_bill_number_pk', ['rule', 'number'])
      .execute();
  },
};

/** Migration 0001_init, this domain's part: the models (visualdev_base). */
export const lowcodeInit: Migration = {
  async up(db: Kysely<unknown>) {
    const s = db.schema;
    await s
      .createTable('visualdev_base')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('fullName', 'varchar(100)', (c) => c.notNull())
      .addColumn('enCode', 'varchar(100)', (c) => c.notNull().unique())
      .addColumn('type', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('category', 'varchar(50)', (c) => c.notNull().defaultTo(''))
      .addColumn('state', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('description', 'varchar(500)', (c) => c.notNull().defaultTo(''))
      .addColumn('sortCode', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('createdAt', 'bigint', (c) => c.notNull())
      .execute();
  },
};

/**
 * Migration 0019_request_keys, the low-code part: its request keys move into the kernel's one store
 * (`request_key`, created by the kernel's part first) as `lowcode.<kind>` answering the id they made;
 * the old table goes.
 */
/**
 * 0020: a form saved by a JNPF 3.x client is kept as it was saved, beside the normalised form the
 * server runs, so the client reads back what it wrote (issue 23).
 */
export const lowcodeFormSource: Migration = {
  async up(db: Kysely<unknown>) {
    for (const table of ['visualdev_base', 'lowcode_model_version'])
      await db.schema.alterTable(table).addColumn('formSource', 'text').execute();
  },
};

export const lowcodeRequestKeys: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`insert into request_key (owner, "key", kind, answer, "createdAt")
      select 'u:' || "userId", "key", 'lowcode.' || kind, '"' || "resultId" || '"', "createdAt"
      from lowcode_request`.execute(db);
    await db.schema.dropTable('lowcode_request').execute();
  },
};
