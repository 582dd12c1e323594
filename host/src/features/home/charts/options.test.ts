import {
  cableByTypeOption,
  faultsByTypeOption,
  SHARE_MAX_PARTS,
  faultTrendOption,
  lastN,
  powerTrendOption,
  productionOption,
  shortDate,
} from './options';

type Series = { type: string; name?: string; data: unknown[] };
const series = (o: { series?: unknown }) => o.series as Series[];
const xData = (o: { xAxis?: unknown }) => (o.xAxis as { data: string[] }).data;

describe('chart options from API data', () => {
  it('fault trend: a line over the days in date order', () => {
    const o = faultTrendOption(
      [
        { date: '2026-11-02', count: 4 },
        { date: '2026-11-01', count: 2 },
        { date: '2026-11-03', count: 0 },
      ],
      '故障',
    );
    expect(xData(o)).toEqual(['11-01', '11-02', '11-03']);
    expect(series(o)).toHaveLength(1);
    expect(series(o)[0]).toMatchObject({ type: 'line', name: '故障', data: [2, 4, 0] });
  });
  it('fault trend keeps the last 31 days', () => {
    const trend = Array.from({ length: 40 }, (_, i) => ({
      date: `2026-10-${String(i + 1).padStart(2, '0')}`,
      count: i,
    }));
    const o = faultTrendOption(trend, 'x');
    expect(series(o)[0]?.data).toHaveLength(31);
    expect(series(o)[0]?.data[30]).toBe(39);
  });
  it('faults by type: a donut, largest first, zeroes dropped', () => {
    const o = faultsByTypeOption(
      [
        { type: '灯具损坏', count: 3 },
        { type: '线路故障', count: 9 },
        { type: '其他', count: 0 },
      ],
      '类型',
      '其他',
    );
    const s = series(o)[0];
    expect(s?.type).toBe('pie');
    expect(s?.data).toEqual([
      { name: '线路故障', value: 9 },
      { name: '灯具损坏', value: 3 },
    ]);
  });
  it('faults by type: past six parts the smallest fold into one, so the legend shows whole', () => {
    const types = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((type, i) => ({ type, count: 80 - i * 10 }));
    const data = series(faultsByTypeOption(types, '类型', '其他'))[0]?.data;
    expect(data).toHaveLength(SHARE_MAX_PARTS);
    expect(data?.[4]).toEqual({ name: 'e', value: 40 });
    expect(data?.[5]).toEqual({ name: '其他', value: 30 + 20 + 10 });
    const six = series(faultsByTypeOption(types.slice(0, 6), '类型', '其他'))[0]?.data;
    expect(six?.map((d) => (d as { name: string }).name)).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  });
  it('cable km by type rounds to one decimal', () => {
    const o = cableByTypeOption([{ type: '地埋电缆', km: 12.345 }], 'km', '其他');
    expect(series(o)[0]?.data).toEqual([{ name: '地埋电缆', value: 12.3 }]);
  });
  it('power: 12 monthly bars, oldest first', () => {
    const trend = Array.from({ length: 14 }, (_, i) => {
      const d = new Date(Date.UTC(2025, i, 1));
      return { month: d.toISOString().slice(0, 7), kwh: (i + 1) * 1000 };
    }).reverse();
    const o = powerTrendOption(trend, 'kWh');
    expect(xData(o)).toHaveLength(12);
    expect(xData(o)[0]).toBe('25-03');
    expect(xData(o)[11]).toBe('26-02');
    expect(series(o)[0]).toMatchObject({ type: 'bar', data: expect.arrayContaining([14000]) });
  });
  it('production: created and completed side by side with a legend', () => {
    const o = productionOption(
      [
        { month: '2026-10', created: 30, completed: 28 },
        { month: '2026-09', created: 25, completed: 25 },
      ],
      { created: '新建', completed: '完成' },
    );
    expect(xData(o)).toEqual(['26-09', '26-10']);
    expect(series(o).map((s) => [s.name, s.data])).toEqual([
      ['新建', [25, 30]],
      ['完成', [25, 28]],
    ]);
    expect((o.legend as { data: string[] }).data).toEqual(['新建', '完成']);
  });
  it('helpers', () => {
    expect(shortDate('2026-11-21')).toBe('11-21');
    expect(shortDate('2026-11-21T10:00:00Z')).toBe('11-21');
    expect(shortDate('Mon')).toBe('Mon');
    expect(lastN([3, 1, 2], String, 2)).toEqual([2, 3]);
  });
});
