// The navbar's menu search (spec §2, §9): fuse.js over the permitted routes, threshold 0.4, keys
// title (0.7) and path (0.3). Pure.
import Fuse from 'fuse.js';
import type { SearchableRoute } from '@lighting/shared';

export const SEARCH_OPTIONS = {
  threshold: 0.4,
  keys: [
    { name: 'title', weight: 0.7 },
    { name: 'path', weight: 0.3 },
  ],
  shouldSort: true,
  ignoreLocation: false,
};

export function createMenuSearch(routes: readonly SearchableRoute[]) {
  const fuse = new Fuse([...routes], SEARCH_OPTIONS);
  return (query: string, limit = 20): SearchableRoute[] => {
    const q = query.trim();
    if (!q) return [];
    return fuse.search(q, { limit }).map((r) => r.item);
  };
}
