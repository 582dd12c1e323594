/** Writes seeded dictionaries (types and their items) — the first seed's and the ones added later. */
import type { Kysely } from 'kysely';
import { insertChunked } from '../kernel';
import type { Database } from '../database';
import type { DictionarySeed } from './seed-people';
import { seededTranslation } from './dictionary-i18n';

/** Inserts `dicts` and their items; type sort codes start at `firstSort`, items at 0. */
export async function insertDictionaries(
  db: Kysely<Database>,
  dicts: readonly DictionarySeed[],
  firstSort = 0,
): Promise<void> {
  await insertChunked(
    db,
    'dictionary_type',
    dicts.map((d, i) => ({
      id: d.id,
      parentId: null,
      enCode: d.enCode,
      fullName: d.fullName,
      isTree: 0,
      sortCode: firstSort + i,
      enabledMark: 1,
    })),
  );
  await insertChunked(
    db,
    'dictionary_data',
    dicts.flatMap((d) =>
      d.items.map(([enCode, fullName], i) => ({
        id: `${d.id}:${enCode}`,
        dictionaryTypeId: d.id,
        parentId: null,
        enCode,
        fullName,
        ...seededTranslation(`${d.id}:${enCode}`),
        sortCode: i,
        enabledMark: 1,
      })),
    ),
  );
}
