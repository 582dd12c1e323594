import {
  addMonths,
  dayOf,
  dayStart,
  daysInMonth,
  lastDays,
  lastMonths,
  monthOf,
  monthStart,
  yearStart,
} from './china-time';

describe('china-time', () => {
  // 2024-03-31 17:30 UTC = 2024-04-01 01:30 in China
  const t = Date.UTC(2024, 2, 31, 17, 30);
  it('days and months are China time', () => {
    expect(dayOf(t)).toBe('2024-04-01');
    expect(monthOf(t)).toBe('2024-04');
    expect(dayStart(t)).toBe(Date.UTC(2024, 2, 31, 16));
    expect(monthStart(t)).toBe(Date.UTC(2024, 2, 31, 16));
    expect(yearStart(t)).toBe(Date.UTC(2023, 11, 31, 16));
  });
  it('month arithmetic', () => {
    expect(addMonths('2024-01', -1)).toBe('2023-12');
    expect(addMonths('2024-12', 1)).toBe('2025-01');
    expect(daysInMonth('2024-02')).toBe(29);
    expect(lastMonths(t, 3)).toEqual(['2024-02', '2024-03', '2024-04']);
    expect(lastDays(t, 2)).toEqual(['2024-03-31', '2024-04-01']);
  });
});
