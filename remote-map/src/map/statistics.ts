// Statistics shaping and chart options (pure): counts by kind / status / district, lights-on rate
// per district against its targets (98 % main roads, 96 % elsewhere).
import type { ChartOption } from '@lighting/shared/ui';
import type { DistrictStat, Statistics } from './api';
import { STATUS_COLORS, isAssetStatus } from './symbology';

type Label = (key: string) => string;

/** Whole percent with two decimals ("97.53"), or "-" without a base. */
export const pct = (rate: number | null | undefined): string =>
  rate === null || rate === undefined || !Number.isFinite(rate) ? '-' : rate.toFixed(2);

/** Districts whose main-road or other-road lights-on rate misses its target. */
export function districtsBelowTarget(rows: readonly DistrictStat[]): string[] {
  return rows
    .filter(
      (d) =>
        (d.mainLamps > 0 && d.mainRate < d.mainTarget) || (d.otherLamps > 0 && d.otherRate < d.otherTarget),
    )
    .map((d) => d.district);
}

export function kindOption(s: Pick<Statistics, 'byKind'>, label: Label): ChartOption {
  const rows = [...s.byKind].sort((a, b) => b.count - a.count);
  return {
    tooltip: { trigger: 'axis' },
    grid: { left: 48, right: 12, top: 12, bottom: 56 },
    xAxis: { type: 'category', data: rows.map((r) => label(`kind.${r.kind}`)), axisLabel: { rotate: 40 } },
    yAxis: { type: 'value' },
    series: [
      { type: 'bar', name: label('total'), data: rows.map((r) => r.count), itemStyle: { color: '#1677ff' } },
    ],
  };
}

export function statusOption(s: Pick<Statistics, 'byStatus'>, label: Label): ChartOption {
  return {
    tooltip: { trigger: 'item' },
    legend: { type: 'scroll', bottom: 0 },
    series: [
      {
        type: 'pie',
        radius: ['35%', '65%'],
        center: ['50%', '45%'],
        data: s.byStatus.map((r) => ({
          name: label(`status.${r.status}`),
          value: r.count,
          ...(isAssetStatus(r.status)
            ? { itemStyle: { color: `rgb(${STATUS_COLORS[r.status].join(',')})` } }
            : {}),
        })),
      },
    ],
  };
}

/** Lights-on rate per district (main roads, other roads) with the two targets as lines. */
export function districtRateOption(
  rows: readonly DistrictStat[],
  label: Label,
  selected: string | null,
  /** a district's name in the language shown (the rows carry the stored, Chinese name) */
  districtName: (district: string) => string = (d) => d,
): ChartOption {
  const names = rows.map((d) => districtName(d.district));
  const dim = (d: DistrictStat) => (selected && d.district !== selected ? 0.35 : 1);
  const main = rows[0]?.mainTarget ?? 98;
  const other = rows[0]?.otherTarget ?? 96;
  return {
    tooltip: { trigger: 'axis' },
    legend: { bottom: 0 },
    grid: { left: 48, right: 12, top: 12, bottom: 64 },
    xAxis: { type: 'category', data: names, axisLabel: { rotate: 30 } },
    yAxis: { type: 'value', min: 80, max: 100 },
    series: [
      {
        type: 'bar',
        name: label('mainRoads'),
        data: rows.map((d) => ({
          value: Number(d.mainRate.toFixed(2)),
          itemStyle: { color: '#1677ff', opacity: dim(d) },
        })),
      },
      {
        type: 'bar',
        name: label('otherRoads'),
        data: rows.map((d) => ({
          value: Number(d.otherRate.toFixed(2)),
          itemStyle: { color: '#13c2c2', opacity: dim(d) },
        })),
      },
      {
        type: 'line',
        name: `${label('mainRoads')} ${main}%`,
        data: names.map(() => main),
        symbol: 'none',
        lineStyle: { type: 'dashed', color: '#f5222d' },
        itemStyle: { color: '#f5222d' },
      },
      {
        type: 'line',
        name: `${label('otherRoads')} ${other}%`,
        data: names.map(() => other),
        symbol: 'none',
        lineStyle: { type: 'dashed', color: '#fa8c16' },
        itemStyle: { color: '#fa8c16' },
      },
    ],
  };
}
