import { changePercent, formatPercent, kpiLevel, TARGETS, toPercent } from './kpi';

describe('KPI colour rules', () => {
  it('lights-on rate: green at 98 and above, amber from 96, red below', () => {
    expect(kpiLevel(98, TARGETS.lightsOnRate)).toBe('good');
    expect(kpiLevel(99.7, TARGETS.lightsOnRate)).toBe('good');
    expect(kpiLevel(97.99, TARGETS.lightsOnRate)).toBe('warn');
    expect(kpiLevel(96, TARGETS.lightsOnRate)).toBe('warn');
    expect(kpiLevel(95.9, TARGETS.lightsOnRate)).toBe('bad');
    expect(kpiLevel(NaN, TARGETS.lightsOnRate)).toBe('none');
  });
  it('on-time rate and satisfaction use their own bands', () => {
    expect(kpiLevel(95, TARGETS.onTimeRate)).toBe('good');
    expect(kpiLevel(92, TARGETS.onTimeRate)).toBe('warn');
    expect(kpiLevel(80, TARGETS.onTimeRate)).toBe('bad');
    expect(kpiLevel(85, TARGETS.satisfaction)).toBe('warn');
    expect(kpiLevel(79, TARGETS.satisfaction)).toBe('bad');
  });
  it('reads percentages given as numbers or numeric strings', () => {
    expect(toPercent(97.2)).toBe(97.2);
    expect(toPercent('96.5')).toBe(96.5);
    expect(toPercent(0)).toBe(0);
    expect(toPercent(null)).toBeNaN();
    expect(toPercent('')).toBeNaN();
    expect(toPercent('n/a')).toBeNaN();
    expect(kpiLevel(toPercent('97'), TARGETS.lightsOnRate)).toBe('warn');
  });
  it('formats percentages and month-on-month change', () => {
    expect(formatPercent(98.56)).toBe('98.6%');
    expect(formatPercent(98)).toBe('98%');
    expect(formatPercent(NaN)).toBe('—');
    expect(changePercent(110, 100)).toBeCloseTo(10);
    expect(changePercent(90, 100)).toBeCloseTo(-10);
    expect(changePercent(5, 0)).toBeNaN();
  });
});
