import { CITY_TIME_ZONE, cityDayStart, formatCityTime, toInstant } from './cityTime';
import { formatDate, formatDateTime, relativeTimeShort } from './format';

/** 2026-11-29 00:17:05 UTC = 08:17:05 in China: the instant of issue 25's finding. */
const INSTANT = Date.UTC(2026, 10, 29, 0, 17, 5);

/** Runs `fn` with the process in `zone` (Node re-reads TZ when it is set), restoring the zone after. */
function inZone<T>(zone: string, fn: () => T): T {
  const before = process.env.TZ;
  process.env.TZ = zone;
  try {
    return fn();
  } finally {
    if (before === undefined) delete process.env.TZ;
    else process.env.TZ = before;
  }
}

describe('city time: stored as an instant, shown in Asia/Shanghai whatever the zone', () => {
  it.each(['UTC', 'America/New_York', 'Europe/Berlin', CITY_TIME_ZONE])(
    'the same instant reads China time in a %s process',
    (zone) =>
      inZone(zone, () => {
        // the zone really is in force: a local wall clock differs outside China
        if (zone === 'UTC') expect(new Date(INSTANT).getHours()).toBe(0);
        expect(formatCityTime(INSTANT)).toBe('2026-11-29 08:17:05');
        expect(formatDateTime(INSTANT)).toBe('2026-11-29 08:17:05');
        expect(formatDate(INSTANT)).toBe('2026-11-29 08:17');
        expect(formatDate(new Date(INSTANT).toISOString())).toBe('2026-11-29 08:17');
        expect(formatDate(String(INSTANT), 'MM-DD HH:mm')).toBe('11-29 08:17');
        // zone-less text (the form engine's 登记时间) is city time, not the process's
        expect(toInstant('2026-11-29 08:17:05')).toBe(INSTANT);
        expect(formatDateTime('2026-11-29 08:17:05')).toBe('2026-11-29 08:17:05');
        expect(cityDayStart(INSTANT)).toBe(Date.UTC(2026, 10, 28, 16));
        expect(relativeTimeShort(INSTANT - 3 * 86_400_000, INSTANT)).toBe('2026-11-26');
      }),
  );

  it('crosses the date line at 16:00 UTC', () => {
    inZone('UTC', () => {
      expect(formatCityTime(Date.UTC(2026, 11, 31, 15, 59), 'YYYY-MM-DD HH:mm')).toBe('2026-12-31 23:59');
      expect(formatCityTime(Date.UTC(2026, 11, 31, 16, 0), 'YYYY-MM-DD HH:mm')).toBe('2027-01-01 00:00');
    });
  });

  it('reads offsets, Z, digits and Dates as the instants they are', () => {
    expect(toInstant('2026-11-29T08:17:05+08:00')).toBe(INSTANT);
    expect(toInstant('2026-11-29T00:17:05Z')).toBe(INSTANT);
    expect(toInstant(` ${INSTANT} `)).toBe(INSTANT);
    expect(toInstant(new Date(INSTANT))).toBe(INSTANT);
    expect(toInstant('2026-11-29')).toBe(Date.UTC(2026, 10, 28, 16));
  });

  it('empty or invalid input is NaN and shows as empty', () => {
    for (const v of [null, undefined, '', 'x', '2026-02-31', '2026-11-29 25:00', Number.NaN, new Date('x')]) {
      expect(toInstant(v)).toBeNaN();
      expect(formatCityTime(v)).toBe('');
    }
  });
});
