import type { DistrictStat } from './api';
import { districtRateOption, districtsBelowTarget, kindOption, pct, statusOption } from './statistics';

const row = (district: string, mainRate: number, otherRate: number): DistrictStat => ({
  district,
  total: 100,
  lamps: 80,
  lampsWorking: 78,
  lightsOnRate: 97.5,
  mainLamps: 40,
  mainRate,
  mainTarget: 98,
  otherLamps: 40,
  otherRate,
  otherTarget: 96,
  integrityRate: 99,
  openFaults: 2,
});
const label = (k: string) => `[${k}]`;

describe('statistics', () => {
  it('finds districts below the 98 % / 96 % targets', () => {
    expect(districtsBelowTarget([row('A', 99, 97), row('B', 97.9, 99), row('C', 99, 95)])).toEqual([
      'B',
      'C',
    ]);
    expect(pct(97.456)).toBe('97.46');
    expect(pct(Number.NaN)).toBe('-');
  });

  it('charts rates per district with the two target lines, dimming others when one is chosen', () => {
    const o = districtRateOption([row('A', 99, 97), row('B', 97, 95)], label, 'A') as {
      series: { type: string; data: (number | { value: number; itemStyle: { opacity: number } })[] }[];
    };
    expect(o.series.map((s) => s.type)).toEqual(['bar', 'bar', 'line', 'line']);
    expect(o.series[2]?.data).toEqual([98, 98]);
    expect(o.series[3]?.data).toEqual([96, 96]);
    const main = o.series[0]?.data as { value: number; itemStyle: { opacity: number } }[];
    expect(main.map((d) => d.itemStyle.opacity)).toEqual([1, 0.35]);
  });

  it('kinds sorted by count; statuses coloured like the map', () => {
    const k = kindOption(
      {
        byKind: [
          { kind: 'pole', count: 1 },
          { kind: 'streetLamp', count: 5 },
        ],
      },
      label,
    ) as { xAxis: { data: string[] } };
    expect(k.xAxis.data).toEqual(['[kind.streetLamp]', '[kind.pole]']);
    const s = statusOption({ byStatus: [{ status: 'fault', count: 3 }] }, label) as {
      series: { data: { name: string; itemStyle?: { color: string } }[] }[];
    };
    expect(s.series[0]?.data[0]).toEqual({
      name: '[status.fault]',
      value: 3,
      itemStyle: { color: 'rgb(230,30,30)' },
    });
  });
});
