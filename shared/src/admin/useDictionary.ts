// The page's one dictionary cache (spec §4): every dictionary is fetched once with
// DictionaryData/All; any dictionary write calls invalidateDictionaries() and readers load again.
import { useEffect, useState } from 'react';
import { request } from '@lighting/shared';
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

/** Items of the dictionary with this enCode (or type id); [] while loading or when unknown. */
export function useDictionary(typeCode: string): { items: DictionaryItem[]; loading: boolean } {
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
  return { items: current ?? [], loading: current === null };
}
