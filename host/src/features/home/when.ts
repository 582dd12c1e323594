// Relative times on the dashboard (spec §9, the long display): 刚刚 up to a minute, then minutes,
// hours, days, weeks, months, older as the date, in the UI language.
import { formatRelativeEn, formatRelativeZh, relativeTimeLong, type TimeInput } from '@lighting/shared';

const TW: Record<string, string> = {
  刚刚: '剛剛',
  分钟前: '分鐘前',
  小时前: '小時前',
  周前: '週前',
  个月前: '個月前',
};

export function relativeWhen(ts: TimeInput, lang: string, now: TimeInput = Date.now()): string {
  const r = relativeTimeLong(ts, now);
  if (lang === 'en') return formatRelativeEn(r);
  const zh = formatRelativeZh(r);
  if (lang !== 'zhtw') return zh;
  return zh.replace(/刚刚|分钟前|小时前|周前|个月前/, (m) => TW[m] ?? m);
}
