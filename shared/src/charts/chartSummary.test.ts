import { chartSummary } from './chartSummary';

describe('chartSummary', () => {
  it('names a pie by its series and parts with their values', () => {
    expect(
      chartSummary(
        {
          legend: { data: ['Lamp out', 'Cable'] },
          series: [
            {
              type: 'pie',
              name: 'Fault types',
              data: [
                { name: 'Lamp out', value: 12 },
                { name: 'Cable', value: 3 },
              ],
            },
          ],
        },
        'Faults',
      ),
    ).toBe('Faults: Fault types, Lamp out 12, Cable 3, Lamp out, Cable');
  });
  it('names bars and lines by series and category labels, each once', () => {
    expect(
      chartSummary({
        xAxis: { type: 'category', data: ['01', '02', '02'] },
        yAxis: { type: 'value' },
        series: [
          { type: 'bar', name: '新增', data: [1, 2, 3] },
          { type: 'line', name: '完成', data: [1, 2, 3] },
        ],
      }),
    ).toBe('新增, 完成, 01, 02');
  });
  it('is the title alone without an option', () => {
    expect(chartSummary(null, '能耗')).toBe('能耗');
    expect(chartSummary(null)).toBe('');
  });
});
