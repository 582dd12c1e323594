/**
 * Preview of a bill number as the server forms it: prefix + date part (China time) + sequence
 * zero-padded to `digit` + suffix. Used in the rule form to show what the next number looks like.
 */
export const DATE_FORMATS = ['', 'yyyy', 'yyyyMM', 'yyyyMMdd', 'yyMMdd', 'yyyyMMddHH'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

/** Date part of `now` in China time (UTC+8, no daylight saving). */
export function datePart(format: DateFormat, now: Date): string {
  if (!format) return '';
  const cn = new Date(now.getTime() + 8 * 3600_000);
  const p = (n: number) => String(n).padStart(2, '0');
  const y = String(cn.getUTCFullYear());
  const parts: Record<Exclude<DateFormat, ''>, string> = {
    yyyy: y,
    yyyyMM: y + p(cn.getUTCMonth() + 1),
    yyyyMMdd: y + p(cn.getUTCMonth() + 1) + p(cn.getUTCDate()),
    yyMMdd: y.slice(2) + p(cn.getUTCMonth() + 1) + p(cn.getUTCDate()),
    yyyyMMddHH: y + p(cn.getUTCMonth() + 1) + p(cn.getUTCDate()) + p(cn.getUTCHours()),
  };
  return parts[format];
}

export function previewNumber(
  rule: { prefix?: string; dateFormat?: DateFormat; digit: number; startNumber?: number; suffix?: string },
  now: Date,
): string {
  const seq = String(rule.startNumber ?? 1).padStart(rule.digit, '0');
  return `${rule.prefix ?? ''}${datePart(rule.dateFormat ?? '', now)}${seq}${rule.suffix ?? ''}`;
}

/** The sequence part of an issued number (for showing that two numbers follow each other). */
export function sequenceOf(number: string, rule: { digit: number; suffix?: string }): number {
  const body = rule.suffix ? number.slice(0, number.length - rule.suffix.length) : number;
  return Number(body.slice(body.length - rule.digit));
}
