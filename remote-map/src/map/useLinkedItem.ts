// A link into a map page for one item (a chat card: `?asset=<objectid>`, `?order=<id>`,
// `?fault=<id>`, shared/src/core/chat.ts mapLinkOf). The page is told the value once and the parameter
// is dropped from the address (replace), so the same link followed again opens the item again, and
// closing or changing the selection leaves no stale parameter behind.
import { useEffect, useRef } from 'react';
import { useSearchParams } from '@lighting/shared';
import { MAP_ITEM_PARAM, type ChatCardKind } from '@lighting/shared/core';

export function useLinkedItem(kind: ChatCardKind, open: (value: string) => void): void {
  const name = MAP_ITEM_PARAM[kind];
  const [params, setParams] = useSearchParams();
  const value = params.get(name);
  const latest = useRef(open);
  latest.current = open;
  useEffect(() => {
    if (!value) return;
    latest.current(value);
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.delete(name);
        return next;
      },
      { replace: true },
    );
  }, [value, name, setParams]);
}
