/** Migration 0002: account applications from the sign-in page. */
import type { Kysely, Migration } from 'kysely';

// Account applications from the sign-in page (company name, contact, mobile): an outside
// company asks for console access; administrators review them.
export const accountApplicationMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('account_application')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('companyName', 'varchar(100)', (c) => c.notNull())
      .addColumn('contact', 'varchar(50)', (c) => c.notNull())
      .addColumn('mobile', 'varchar(11)', (c) => c.notNull())
      .addColumn('state', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('ip', 'varchar(64)', (c) => c.notNull())
      .addColumn('createdAt', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('account_application_mobile')
      .on('account_application')
      .columns(['mobile', 'state'])
      .execute();
    await db.schema
      .createIndex('account_application_ip')
      .on('account_application')
      .columns(['ip', 'createdAt'])
      .execute();
  },
};
