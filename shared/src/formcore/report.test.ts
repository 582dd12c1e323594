import { normalizeReportConfig, numberOf, reportConfigProblem, reportSeries, sortReportRows } from './report';

const cfg = normalizeReportConfig({
  columns: [
    { prop: 'kind', label: '类型' },
    { prop: 'count', label: '数量', sortable: true, type: 'number' },
    { prop: 'code', label: '编号', type: 'text' },
  ],
  filters: [{ param: 'from', label: '起', kind: 'dateFrom' }],
  chart: { type: 'bar', x: 'kind', y: ['count'] },
  defaultSidx: 'count',
  extra: 1,
});

describe('report config', () => {
  it('fills defaults and keeps what it knows', () => {
    expect(cfg).toEqual({
      columns: [
        { prop: 'kind', label: '类型' },
        { prop: 'count', label: '数量', sortable: true, type: 'number' },
        // a text column stores no type: data permissions compare it as text
        { prop: 'code', label: '编号' },
      ],
      filters: [{ param: 'from', label: '起', kind: 'dateFrom' }],
      chart: { type: 'bar', x: 'kind', y: ['count'] },
      defaultSidx: 'count',
      sort: 'desc',
    });
    expect(normalizeReportConfig('nope').chart.type).toBe('bar');
  });

  it('names what does not fit the interface', () => {
    expect(reportConfigProblem(cfg, ['from'])).toBeNull();
    expect(reportConfigProblem(cfg, [])).toBe(
      'config.filters[0].param: the interface has no parameter "from"',
    );
    expect(reportConfigProblem({ ...cfg, chart: { type: 'pie', x: 'nope', y: [] } }, ['from'])).toBe(
      'config.chart.x: must be one of the columns',
    );
    expect(reportConfigProblem({ ...cfg, columns: [{ prop: 'a b', label: '' }] }, ['from'])).toBe(
      'config.columns[0].prop: must be a column name',
    );
  });
});

describe('report rows', () => {
  const rows = [
    { kind: '乙', count: '10' },
    { kind: '甲', count: 2 },
    { kind: '丙', count: null },
    { kind: '丁', count: 10 },
  ];
  it('sorts numbers as numbers (text from PostgreSQL too), empty cells last, ties stable', () => {
    expect(sortReportRows(rows, 'count', 'desc').map((r) => r.kind)).toEqual(['乙', '丁', '甲', '丙']);
    expect(sortReportRows(rows, 'count', 'asc').map((r) => r.kind)).toEqual(['甲', '乙', '丁', '丙']);
  });

  it('draws the category and series columns', () => {
    expect(reportSeries(rows, cfg)).toEqual({
      categories: ['乙', '甲', '丙', '丁'],
      series: [{ prop: 'count', name: '数量', data: [10, 2, 0, 10] }],
    });
    expect(numberOf('1e3')).toBe(1000);
    expect(numberOf('x')).toBeNull();
  });
});
