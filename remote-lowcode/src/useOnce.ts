// A call's answer fetched once per page and key (the pickers of dictionaries, rules, models and
// categories), shared by every component that asks for the same key.
import { useEffect, useState } from 'react';

const cache = new Map<string, Promise<unknown>>();

/** The answer of `load`, fetched once per page for `key` (pickers of dictionaries, rules, models). */
export function useOnce<T>(key: string | null, load: () => Promise<T>): { data: T | null; error: boolean } {
  const [state, setState] = useState<{ key: string | null; data: T | null; error: boolean }>({
    key: null,
    data: null,
    error: false,
  });
  useEffect(() => {
    if (key === null) return;
    let alive = true;
    let p = cache.get(key) as Promise<T> | undefined;
    if (!p) {
      p = load();
      cache.set(key, p);
      p.catch(() => cache.delete(key));
    }
    p.then(
      (data) => alive && setState({ key, data, error: false }),
      () => alive && setState({ key, data: null, error: true }),
    );
    return () => {
      alive = false;
    };
    // `load` is the call for `key`
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return state.key === key ? { data: state.data, error: state.error } : { data: null, error: false };
}
