import { fitColumns } from './table';

describe('fitColumns', () => {
  it('keeps every header on one line and scrolls as wide as the columns', () => {
    const { columns, scrollX } = fitColumns([
      { title: '工单号', width: 170 },
      { title: '标题', width: 160, ellipsis: true },
      { title: '操作' },
    ]);
    expect(scrollX).toBe(170 + 160 + 120);
    for (const c of columns) expect(c.onHeaderCell()).toEqual({ style: { whiteSpace: 'nowrap' } });
    expect(columns[1]?.ellipsis).toBe(true);
  });
});
