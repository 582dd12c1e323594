// The page's one dictionary cache (spec §4): every dictionary is fetched once with
// DictionaryData/All; any dictionary write calls invalidateDictionaries() and readers load again.
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localizeItems, request } from '@lighting/shared';
import { createDictionaryCache, type DictionaryEntry, type DictionaryItem } from './dictionaryCache';

export const dictionaries = createDictionaryCache(async () => {
  const res = await request<{ list: DictionaryEntry[] }>({
    url: '/system/Base/DictionaryData/All',
    method: 'get',
  });
  return res.data?.list ?? [];
});

/** Call after creating, editing, deleting or toggling a dictionary type or item. */
export const invalidateDictionaries = (): void => dictionaries.invalidate();

/**
 * Items of the dictionary with this enCode (or type id), named in the language shown (fullName is
 * the item's translation where it has one); [] while loading or when unknown.
 */
export function useDictionary(typeCode: string): { items: DictionaryItem[]; loading: boolean } {
  const { i18n } = useTranslation();
  const [state, setState] = useState<{ key: string; items: DictionaryItem[] } | null>(null);
  const [version, setVersion] = useState(0);
  useEffect(() => dictionaries.subscribe(() => setVersion((v) => v + 1)), []);
  useEffect(() => {
    let alive = true;
    dictionaries.items(typeCode).then(
      (items) => alive && setState({ key: typeCode, items }),
      () => alive && setState({ key: typeCode, items: [] }),
    );
    return () => {
      alive = false;
    };
  }, [typeCode, version]);
  const current = state && state.key === typeCode ? state.items : null;
  const lang = i18n.language;
  const items = useMemo(() => localizeItems(current ?? [], lang), [current, lang]);
  return { items, loading: current === null };
}
