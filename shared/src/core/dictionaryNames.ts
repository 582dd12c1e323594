// Dictionary items in the language shown (issue 17): an item carries its name in Traditional
// Chinese and English where the dictionary has them (fullNameZhtw, fullNameEn); its fullName is the
// Chinese and the fallback. Pure.

/** What naming an item needs (admin/dictionaryCache's DictionaryItem is one). */
export interface NamedItem {
  id: string;
  enCode: string;
  fullName: string;
  fullNameZhtw?: string;
  fullNameEn?: string;
}

/** An item's name in `lang`: its translation where it has one, else its fullName (the Chinese). */
export function dictionaryItemName(item: NamedItem, lang: string): string {
  const tr = lang === 'zhtw' ? item.fullNameZhtw : lang === 'en' ? item.fullNameEn : undefined;
  return tr || item.fullName;
}

/** The items named in `lang` (the same array when nothing changes). */
export function localizeItems<T extends NamedItem>(items: T[], lang: string): T[] {
  if (!items.some((it) => dictionaryItemName(it, lang) !== it.fullName)) return items;
  return items.map((it) => ({ ...it, fullName: dictionaryItemName(it, lang) }));
}

/**
 * A value shown by its dictionary item's name in `lang`: the item whose fullName or enCode is the
 * value (data that stores the Chinese name or the code); the value itself when no item matches.
 */
export function nameByValue(items: readonly NamedItem[], value: string, lang: string): string {
  const item = items.find((it) => it.fullName === value || it.enCode === value);
  return item ? dictionaryItemName(item, lang) : value;
}
