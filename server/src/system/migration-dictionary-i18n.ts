/**
 * Migration 0014: dictionary items carry their Traditional Chinese and English names (issue 17);
 * the fullName stays the Chinese. Empty means "no translation": the console shows the fullName.
 * A database seeded before this gets the seeded items' translations, for the items whose name is
 * still the seeded one (an administrator's renamed item keeps its own words, untranslated).
 */
import type { Kysely, Migration } from 'kysely';
import type { Database } from '../db/schema';
import { DICTIONARY_TRANSLATIONS } from './dictionary-i18n';

export const dictionaryI18nMigration: Migration = {
  async up(db: Kysely<unknown>) {
    for (const column of ['fullNameZhtw', 'fullNameEn'])
      await db.schema
        .alterTable('dictionary_data')
        .addColumn(column, 'varchar(50)', (c) => c.notNull().defaultTo(''))
        .execute();
    await translateSeededDictionaries(db);
  },
};

/** Gives the seeded items still named as seeded their translations (idempotent). */
export async function translateSeededDictionaries(db: Kysely<unknown>): Promise<void> {
  const d = db as unknown as Kysely<Database>;
  for (const [id, tr] of DICTIONARY_TRANSLATIONS)
    await d
      .updateTable('dictionary_data')
      .set({ fullNameZhtw: tr.zhtw, fullNameEn: tr.en })
      .where('id', '=', id)
      .where('fullName', '=', tr.zh)
      .execute();
}
