/** Bill-number rules (pure): date parts in China time, period keys and the rendered number. */
import { CN_OFFSET_MS } from '../kernel';

export const DATE_FORMATS = ['', 'yyyy', 'yyyyMM', 'yyyyMMdd', 'yyMMdd', 'yyyyMMddHH'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

export const isDateFormat = (s: string): s is DateFormat => (DATE_FORMATS as readonly string[]).includes(s);

/** The calendar fields of an instant in China Standard Time. */
function fields(ms: number): { y: string; M: string; d: string; H: string } {
  const iso = new Date(ms + CN_OFFSET_MS).toISOString();
  return { y: iso.slice(0, 4), M: iso.slice(5, 7), d: iso.slice(8, 10), H: iso.slice(11, 13) };
}

/** The date part of a number issued at `ms` ('' when the rule has no date part). */
export function datePart(format: string, ms: number): string {
  const f = fields(ms);
  switch (format) {
    case 'yyyy':
      return f.y;
    case 'yyyyMM':
      return f.y + f.M;
    case 'yyyyMMdd':
      return f.y + f.M + f.d;
    case 'yyMMdd':
      return f.y.slice(2) + f.M + f.d;
    case 'yyyyMMddHH':
      return f.y + f.M + f.d + f.H;
    default:
      return '';
  }
}

/**
 * A number that grows with the period the date part names (the same for every instant of one period),
 * so a late request never resets a newer period: 0 for rules without a date part.
 */
export function periodKey(format: string, ms: number): number {
  if (!isDateFormat(format) || format === '') return 0;
  const f = fields(ms);
  const hour = format === 'yyyyMMddHH' ? f.H : '00';
  const day = format === 'yyyy' ? '00' : format === 'yyyyMM' ? '00' : f.d;
  const month = format === 'yyyy' ? '00' : f.M;
  return Number(f.y + month + day + hour);
}

export interface RuleShape {
  prefix: string;
  suffix: string;
  digit: number;
}

/** prefix + date part + sequence zero-padded to `digit` + suffix. */
export function renderNumber(rule: RuleShape, date: string, seq: number): string {
  return `${rule.prefix}${date}${String(seq).padStart(rule.digit, '0')}${rule.suffix}`;
}

/** What the rule form sends: the required fields and the optional ones a default fills. */
export interface RuleBody {
  fullName: string;
  enCode: string;
  prefix?: string;
  dateFormat?: string;
  digit: number;
  startNumber?: number;
  suffix?: string;
  description?: string;
  sortCode?: number;
  enabledMark?: number;
}

/**
 * The columns a rule body writes, with the defaults for what it leaves out (no prefix, date or
 * suffix; numbers from 1; enabled). The running sequence is not among them.
 */
export function billRuleValues(b: RuleBody) {
  return {
    fullName: b.fullName,
    enCode: b.enCode,
    prefix: b.prefix ?? '',
    dateFormat: b.dateFormat ?? '',
    digit: b.digit,
    startNumber: b.startNumber ?? 1,
    suffix: b.suffix ?? '',
    description: b.description ?? '',
    sortCode: b.sortCode ?? 0,
    enabledMark: b.enabledMark ?? 1,
  };
}
