// The article page's URL state: ?category=notice|party|safety&id=… (pure, tested beside).

export const CATEGORIES = ['notice', 'party', 'safety'] as const;
export type Category = (typeof CATEGORIES)[number];

export function parseCategory(value: string | null | undefined): Category {
  return (CATEGORIES as readonly string[]).includes(value ?? '') ? (value as Category) : 'notice';
}

/** The article id from the query (trimmed), or null. */
export function parseId(value: string | null | undefined): string | null {
  const v = (value ?? '').trim();
  return v ? v : null;
}

export interface ListQuery {
  category: Category;
  currentPage: number;
  pageSize: number;
  keyword: string;
}

/** Query-string params for GET /api/home/Articles (an empty keyword is left out). */
export function listParams(q: ListQuery): Record<string, string | number> {
  const p: Record<string, string | number> = {
    category: q.category,
    currentPage: q.currentPage,
    pageSize: q.pageSize,
  };
  const kw = q.keyword.trim();
  if (kw) p.keyword = kw;
  return p;
}

/** The next URL search after a change: switching category drops the open article. */
export function nextSearch(
  current: URLSearchParams,
  change: { category?: Category; id?: string | null },
): URLSearchParams {
  const next = new URLSearchParams(current);
  if (change.category !== undefined && change.category !== parseCategory(current.get('category'))) {
    next.set('category', change.category);
    next.delete('id');
  } else if (change.category !== undefined) {
    next.set('category', change.category);
  }
  if (change.id !== undefined) {
    if (change.id) next.set('id', change.id);
    else next.delete('id');
  }
  return next;
}
