/**
 * Migration 0022: data permissions (issue 24). A menu's data-permission fields (JNPF 3.x
 * ModuleDataAuthorize: which of its rows' fields a scheme may test) and schemes
 * (ModuleDataAuthorizeScheme: the conditions, granted per role, position and user through role_data
 * by their code); and the district an organisation looks after, which `@district` reads.
 */
import type { Kysely, Migration } from 'kysely';

export const dataScopeMigration: Migration = {
  async up(db: Kysely<unknown>) {
    const s = db.schema;
    await s
      .createTable('menu_data_field')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('menuId', 'varchar(64)', (c) => c.notNull().references('menu.id').onDelete('cascade'))
      .addColumn('enCode', 'varchar(100)', (c) => c.notNull())
      .addColumn('fullName', 'varchar(100)', (c) => c.notNull())
      // as the client sent it (String, Int32, varchar…); the domain's own field says text or number
      .addColumn('type', 'varchar(20)', (c) => c.notNull().defaultTo('String'))
      .addColumn('conditionSymbol', 'varchar(300)', (c) => c.notNull().defaultTo(''))
      .addColumn('conditionText', 'varchar(50)', (c) => c.notNull().defaultTo('text'))
      .addColumn('description', 'varchar(500)', (c) => c.notNull().defaultTo(''))
      .addColumn('sortCode', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('enabledMark', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('createdAt', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('menu_data_field_code', ['menuId', 'enCode'])
      .execute();
    await s
      .createTable('menu_data_scheme')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('menuId', 'varchar(64)', (c) => c.notNull().references('menu.id').onDelete('cascade'))
      .addColumn('enCode', 'varchar(100)', (c) => c.notNull())
      .addColumn('fullName', 'varchar(100)', (c) => c.notNull())
      .addColumn('conditionJson', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('conditionText', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
      .addColumn('matchLogic', 'varchar(3)', (c) => c.notNull().defaultTo('and'))
      .addColumn('allData', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('description', 'varchar(500)', (c) => c.notNull().defaultTo(''))
      .addColumn('sortCode', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('enabledMark', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('createdAt', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('menu_data_scheme_code', ['menuId', 'enCode'])
      .execute();
    await s.alterTable('organize').addColumn('district', 'varchar(50)').execute();
  },
};
