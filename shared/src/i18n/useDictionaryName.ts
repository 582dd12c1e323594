// Data values shown by a dictionary item's name (districts, cable and fault types) on /home and the
// map's pages: in the language shown where the dictionary has a translation, else as they are. The dictionary is
// fetched once per page only when a translation is needed (not in simplified Chinese, the values'
// own language), from the selector that needs no menu.
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { nameByValue, type NamedItem } from '../core';
import { request } from '../http/client';

const loaded = new Map<string, Promise<NamedItem[]>>();

function itemsOf(type: string): Promise<NamedItem[]> {
  let p = loaded.get(type);
  if (!p) {
    p = request<{ list: NamedItem[] }>({
      url: `/system/Base/DictionaryData/${encodeURIComponent(type)}/Data/Selector`,
      method: 'get',
    }).then(
      (res) => res.data?.list ?? [],
      (e: unknown) => {
        loaded.delete(type); // the next reader tries again
        throw e;
      },
    );
    loaded.set(type, p);
  }
  return p;
}

/** `(value) => name` for the values of dictionary `type` (its enCode). */
export function useDictionaryName(type: string): (value: string) => string {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  const [items, setItems] = useState<NamedItem[]>([]);
  const needed = lang !== 'zh';
  useEffect(() => {
    if (!needed) return;
    let alive = true;
    itemsOf(type).then(
      (list) => alive && setItems(list),
      () => undefined, // no translation: the values show as they are
    );
    return () => {
      alive = false;
    };
  }, [type, needed]);
  return useCallback((value: string) => nameByValue(items, value, lang), [items, lang]);
}
