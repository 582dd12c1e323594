// One widget's request: loading → ok | error, with retry. A newer load wins over an older one.
import { useCallback, useEffect, useRef, useState } from 'react';

export type Resource<T> =
  | { status: 'loading'; data?: undefined; retry: () => void }
  | { status: 'error'; data?: undefined; error: string; retry: () => void }
  | { status: 'ok'; data: T; retry: () => void };

export function useResource<T>(fetcher: () => Promise<T>): Resource<T> {
  const [state, setState] = useState<
    { status: 'loading' } | { status: 'error'; error: string } | { status: 'ok'; data: T }
  >({ status: 'loading' });
  const seq = useRef(0);

  const load = useCallback(() => {
    const mine = ++seq.current;
    setState({ status: 'loading' });
    fetcher().then(
      (data) => mine === seq.current && setState({ status: 'ok', data }),
      (e: unknown) =>
        mine === seq.current &&
        setState({ status: 'error', error: e instanceof Error ? e.message : String(e) }),
    );
  }, [fetcher]);

  useEffect(() => {
    load();
    return () => {
      seq.current += 1; // drop answers arriving after unmount or a fetcher change
    };
  }, [load]);

  return { ...state, retry: load } as Resource<T>;
}
