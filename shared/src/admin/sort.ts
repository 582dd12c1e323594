/**
 * Column sorting of server-paged lists: an antd Table sorter → the `sidx` / `sort` query the
 * server takes (docs/api/system.md); no order clears the sort (server default).
 */
export interface SorterLike {
  field?: unknown;
  columnKey?: unknown;
  order?: 'ascend' | 'descend' | null;
}

export function sortQuery(sorter: SorterLike | SorterLike[]): { sidx: string; sort: 'asc' | 'desc' } {
  const s = Array.isArray(sorter) ? sorter[0] : sorter;
  if (!s || !s.order) return { sidx: '', sort: 'asc' };
  const key =
    typeof s.columnKey === 'string'
      ? s.columnKey
      : Array.isArray(s.field)
        ? s.field.join('.')
        : String(s.field ?? '');
  return key ? { sidx: key, sort: s.order === 'descend' ? 'desc' : 'asc' } : { sidx: '', sort: 'asc' };
}
