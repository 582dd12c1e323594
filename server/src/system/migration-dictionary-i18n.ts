/**
 * Migration 0014: dictionary items carry their Traditional Chinese and English names (issue 17);
 * the fullName stays the Chinese. Empty means "no translation": the console shows the fullName.
 * A database seeded before this gets the seeded items' translations, for the items whose name is
 * still the seeded one (an administrator's renamed item keeps its own words, untranslated).
 */
import type { Kysely, Migration } from 'kysely';
import type { Database } from '../database';
import { DICTIONARY_TRANSLATIONS } from './dictionary-i18n';
import { DICTIONARY_I18N_COLUMNS } from './menus';
import { addMenuColumns } from './migration-error-log';

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

/** The faultType items added with migration 0017, in the order they follow the seeded ones. */
const ADDED_FAULT_TYPES = [
  ['poleDamage', '灯杆损坏'],
  ['cableTheft', '线路被盗'],
] as const;

/**
 * Migration 0017, the dictionary half (issue 17): two fault types the dashboard's faults had and
 * the faultType dictionary lacked (灯杆损坏, 线路被盗), with their translations, in a database
 * seeded before them. Nothing when the dictionary is gone or already has them.
 */
export const faultTypeItemsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    const d = db as unknown as Kysely<Database>;
    const type = await d
      .selectFrom('dictionary_type')
      .select('id')
      .where('id', '=', 'dt-faultType')
      .executeTakeFirst();
    if (!type) return;
    const last = await d
      .selectFrom('dictionary_data')
      .select((eb) => eb.fn.max('sortCode').as('n'))
      .where('dictionaryTypeId', '=', type.id)
      .executeTakeFirst();
    let sort = Number(last?.n ?? 0);
    for (const [enCode, fullName] of ADDED_FAULT_TYPES) {
      const id = `${type.id}:${enCode}`;
      const taken = await d
        .selectFrom('dictionary_data')
        .select('id')
        .where((eb) =>
          eb.or([
            eb('id', '=', id),
            eb.and([eb('dictionaryTypeId', '=', type.id), eb('enCode', '=', enCode)]),
          ]),
        )
        .executeTakeFirst();
      if (taken) continue;
      const tr = DICTIONARY_TRANSLATIONS.get(id);
      await d
        .insertInto('dictionary_data')
        .values({
          id,
          dictionaryTypeId: type.id,
          parentId: null,
          enCode,
          fullName,
          fullNameZhtw: tr?.zhtw ?? '',
          fullNameEn: tr?.en ?? '',
          sortCode: ++sort,
          enabledMark: 1,
        })
        .execute();
    }
  },
};

/**
 * Migration 0017, the dictionary page's half: the item list shows the translations as columns, so
 * its column catalogue gains them, granted to the roles that see the items' names.
 */
export const dictionaryColumnsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await addMenuColumns(db, 'menu-systemData.dictionary', DICTIONARY_I18N_COLUMNS, 'fullName');
  },
};
