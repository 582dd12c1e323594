import {
  EXPORT_PAGE_SIZE,
  exportFileName,
  fetchAllPages,
  loadedRows,
  percent,
  sheetRows,
} from './exportRows';

interface Row {
  id: number;
  name: string;
  n: number | null;
}

function pager(total: number) {
  const calls: Array<{ currentPage: number; pageSize: number; kw: string }> = [];
  const fetch = async (q: { kw: string; currentPage: number; pageSize: number }) => {
    calls.push(q);
    const start = (q.currentPage - 1) * q.pageSize;
    const list: Row[] = [];
    for (let i = start; i < Math.min(total, start + q.pageSize); i += 1)
      list.push({ id: i, name: `r${i}`, n: i });
    return {
      code: 200,
      msg: '',
      data: { list, pagination: { currentPage: q.currentPage, pageSize: q.pageSize, total } },
    };
  };
  return { calls, fetch };
}

describe('fetchAllPages', () => {
  it('fetches every page with the filters and reports progress', async () => {
    const { calls, fetch } = pager(250);
    const progress: Array<[number, number]> = [];
    const { rows, aborted } = await fetchAllPages(fetch, { kw: 'x' }, (d, t) => progress.push([d, t]));
    expect(aborted).toBe(false);
    expect(rows).toHaveLength(250);
    expect(rows[249]!.id).toBe(249);
    expect(calls.map((c) => [c.currentPage, c.pageSize, c.kw])).toEqual([
      [1, EXPORT_PAGE_SIZE, 'x'],
      [2, EXPORT_PAGE_SIZE, 'x'],
      [3, EXPORT_PAGE_SIZE, 'x'],
    ]);
    expect(progress).toEqual([
      [100, 250],
      [200, 250],
      [250, 250],
    ]);
  });
  it('makes one call for an empty list', async () => {
    const { calls, fetch } = pager(0);
    expect((await fetchAllPages(fetch, { kw: '' })).rows).toEqual([]);
    expect(calls).toHaveLength(1);
  });
  it('stops when aborted', async () => {
    const { fetch } = pager(500);
    const signal = { aborted: false };
    const res = await fetchAllPages(
      fetch,
      { kw: '' },
      (d) => {
        if (d >= 200) signal.aborted = true;
      },
      signal,
    );
    expect(res).toMatchObject({ aborted: true });
    expect(res.rows).toHaveLength(200);
  });
});

describe('loadedRows', () => {
  it('gives the rows a page holds, a tree depth first, as one page', async () => {
    type Row = { id: string; children?: Row[] };
    const tree: Row[] = [
      { id: 'a', children: [{ id: 'a1', children: [{ id: 'a11' }] }, { id: 'a2' }] },
      { id: 'b' },
    ];
    const { rows } = await fetchAllPages(loadedRows(tree), {});
    expect(rows.map((r) => r.id)).toEqual(['a', 'a1', 'a11', 'a2', 'b']);
  });
});

describe('sheetRows', () => {
  it('gives a header and cells by field or function, blanks for null', () => {
    const out = sheetRows<Row>(
      [
        { title: 'Name', value: 'name' },
        { title: 'N', value: 'n' },
        { title: 'Label', value: (r) => `#${r.id}` },
      ],
      [
        { id: 1, name: 'a', n: 5 },
        { id: 2, name: 'b', n: null },
      ],
    );
    expect(out).toEqual([
      ['Name', 'N', 'Label'],
      ['a', 5, '#1'],
      ['b', '', '#2'],
    ]);
  });
});

describe('exportFileName and percent', () => {
  it('stamps the local time and strips unsafe characters', () => {
    expect(exportFileName('用户/列表', new Date(Date.UTC(2026, 0, 1, 19, 4, 5)))).toBe(
      '用户_列表_20260102030405.xlsx',
    );
    expect(exportFileName('  ', new Date(Date.UTC(2026, 0, 1, 19, 4, 5)))).toBe('export_20260102030405.xlsx');
  });
  it('clamps', () => {
    expect(percent(50, 200)).toBe(25);
    expect(percent(0, 0)).toBe(0);
    expect(percent(3, 0)).toBe(100);
    expect(percent(300, 200)).toBe(100);
  });
});
