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

/** Migration 0001_init, this domain's part: sessions (tokens), sign-in attempts and image codes. */
export const authInit: Migration = {
  async up(db: Kysely<unknown>) {
    const s = db.schema;
    await s
      .createTable('token')
      .addColumn('token', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('userId', 'varchar(64)', (c) => c.notNull().references('user.id').onDelete('cascade'))
      .addColumn('createdAt', 'bigint', (c) => c.notNull())
      .addColumn('expiresAt', 'bigint', (c) => c.notNull())
      .addColumn('revokedAt', 'bigint')
      .addColumn('revokeReason', 'varchar(50)')
      .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .execute();
    await s.createIndex('token_user').on('token').column('userId').execute();

    await s
      .createTable('login_attempt')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('account', 'varchar(100)', (c) => c.notNull())
      .addColumn('ip', 'varchar(64)', (c) => c.notNull())
      .addColumn('success', 'integer', (c) => c.notNull())
      .addColumn('createdAt', 'bigint', (c) => c.notNull())
      .execute();
    await s
      .createIndex('login_attempt_account')
      .on('login_attempt')
      .columns(['account', 'createdAt'])
      .execute();
    await s.createIndex('login_attempt_ip').on('login_attempt').columns(['ip', 'createdAt']).execute();

    await s
      .createTable('captcha')
      .addColumn('timestamp', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('code', 'varchar(16)', (c) => c.notNull())
      .addColumn('expiresAt', 'bigint', (c) => c.notNull())
      .execute();
  },
};
