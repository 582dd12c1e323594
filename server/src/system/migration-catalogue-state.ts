/**
 * Migration 0020: a menu's buttons and columns can be switched off one by one (the JNPF 3.x menu
 * page's ModuleButton / ModuleColumn Actions/State). A switched-off entry stays in the catalogue
 * and in the roles' grants, but nobody holds it until it is switched on again (auth/access.ts).
 */
import type { Kysely, Migration } from 'kysely';

export const catalogueStateMigration: Migration = {
  async up(db: Kysely<unknown>) {
    for (const t of ['menu_button', 'menu_column'] as const)
      await db.schema
        .alterTable(t)
        .addColumn('enabledMark', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
  },
};
