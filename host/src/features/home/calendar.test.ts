import { dayOf, monthGrid, monthOf, parseMonth, shiftMonth, weekdayOrder, dayName } from './calendar';

describe('calendar month grid', () => {
  it('starts on Monday and pads with neighbouring months', () => {
    // 2026-11-01 is a Sunday
    const g = monthGrid('2026-11', [], '2026-11-21');
    expect(g).toHaveLength(6);
    expect(g[0]?.[0]).toMatchObject({ date: '2026-10-26', inMonth: false });
    expect(g[0]?.[6]).toMatchObject({ date: '2026-11-01', day: 1, inMonth: true });
    expect(g[5]?.[0]).toMatchObject({ date: '2026-11-30', inMonth: true });
    expect(g[5]?.[6]).toMatchObject({ date: '2026-12-06', inMonth: false });
    expect(
      g
        .flat()
        .filter((c) => c.isToday)
        .map((c) => c.date),
    ).toEqual(['2026-11-21']);
  });
  it('fits February 2027 (starts Monday, 28 days) in four rows; Sunday start adds one', () => {
    expect(monthGrid('2027-02', [], '')).toHaveLength(4);
    const sun = monthGrid('2027-02', [], '', 0);
    expect(sun).toHaveLength(5);
    expect(sun[0]?.[0]?.date).toBe('2027-01-31');
  });
  it('attaches events to their day, datetime strings included, in order', () => {
    const events = [
      { date: '2026-11-03', title: 'A', type: 'maintenance' },
      { date: '2026-11-03T09:00:00', title: 'B', type: 'meeting' },
      { date: '2026-12-25', title: 'out of grid', type: 'holiday' },
      { date: '2026-10-31', title: 'lead day', type: 'inspection' },
    ];
    const cells = monthGrid('2026-11', events, '').flat();
    expect(cells.find((c) => c.date === '2026-11-03')?.events.map((e) => e.title)).toEqual(['A', 'B']);
    expect(cells.find((c) => c.date === '2026-10-31')?.events).toHaveLength(1);
    expect(cells.reduce((n, c) => n + c.events.length, 0)).toBe(3);
  });
  it('moves between months and years', () => {
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2026-05', -17)).toBe('2024-12');
    expect(parseMonth('2026-03')).toEqual([2026, 2]);
    expect(() => parseMonth('2026-13')).toThrow('YYYY-MM');
    expect(monthOf(new Date(2026, 0, 5))).toBe('2026-01');
    expect(dayOf(new Date(2026, 0, 5))).toBe('2026-01-05');
  });
  it('orders weekday names from the week start', () => {
    const names = ['日', '一', '二', '三', '四', '五', '六'];
    expect(weekdayOrder(names)).toEqual(['一', '二', '三', '四', '五', '六', '日']);
    expect(weekdayOrder(names, 0)).toEqual(names);
  });
  it('names a day button by the day it shows first, then its date and events', () => {
    expect(dayName({ day: 5, date: '2026-11-05' }, '')).toBe('5 (2026-11-05)');
    expect(dayName({ day: 15, date: '2026-11-15' }, '2 events').split(' ')[0]).toBe('15');
  });
});
