/**
 * Dictionary lists fetched once and cached (spec §4); a change to a dictionary invalidates the cache
 * and the next reader fetches again. Pure: the fetcher is injected, listeners are told on change.
 */
export interface DictionaryItem {
  id: string;
  enCode: string;
  fullName: string;
  /** The name in Traditional Chinese / English; '' or absent: none (fullName is shown). */
  fullNameZhtw?: string;
  fullNameEn?: string;
  parentId?: string;
  sortCode?: number;
}

export interface DictionaryEntry {
  id: string;
  enCode: string;
  fullName: string;
  isTree: number | boolean;
  dictionaryList: DictionaryItem[];
}

export interface DictionaryCache {
  /** All dictionaries; one request however many callers, until invalidated. */
  load(): Promise<DictionaryEntry[]>;
  /** The cached value, if loaded. */
  peek(): DictionaryEntry[] | null;
  /** Items of one dictionary by type enCode or id ([] when unknown). */
  items(typeCodeOrId: string): Promise<DictionaryItem[]>;
  /** Drop the cache; subscribers are told so they load again. */
  invalidate(): void;
  subscribe(listener: () => void): () => void;
}

export function createDictionaryCache(fetchAll: () => Promise<DictionaryEntry[]>): DictionaryCache {
  let value: DictionaryEntry[] | null = null;
  let pending: Promise<DictionaryEntry[]> | null = null;
  let generation = 0;
  const listeners = new Set<() => void>();

  const load = (): Promise<DictionaryEntry[]> => {
    if (value) return Promise.resolve(value);
    if (pending) return pending;
    const gen = generation;
    const p = fetchAll().then(
      (list) => {
        if (gen === generation) {
          value = list;
          pending = null;
        }
        return list;
      },
      (err: unknown) => {
        if (gen === generation) pending = null;
        throw err;
      },
    );
    pending = p;
    return p;
  };

  return {
    load,
    peek: () => value,
    async items(key) {
      const list = await load();
      return list.find((d) => d.enCode === key || d.id === key)?.dictionaryList ?? [];
    },
    invalidate() {
      generation += 1;
      value = null;
      pending = null;
      listeners.forEach((l) => l());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
