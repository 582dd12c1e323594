// Dates, times and their ranges (antd DatePicker, TimePicker, dayjs), loaded when a form shows
// one (registry.ts). Dates are epoch milliseconds, times 'HH:mm:ss' strings (formcore's catalogue).
import { useTranslation } from 'react-i18next';
import DatePicker from 'antd/es/date-picker';
import TimePicker from 'antd/es/time-picker';
import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { ownText, type FormField } from '@lighting/shared/formcore';
import { numOrUndef, placeholderOf, str, type ControlProps } from './basic';
import '../i18n';

dayjs.extend(customParseFormat);

const dateFormatOf = (field: FormField): string => str(field.format) || 'YYYY-MM-DD';
const timeFormatOf = (field: FormField): string => str(field.format) || 'HH:mm:ss';
const toDay = (v: unknown): Dayjs | null => (numOrUndef(v) !== undefined ? dayjs(v as number) : null);
const toTime = (v: unknown, format: string): Dayjs | null => {
  if (typeof v !== 'string' || !v) return null;
  const d = dayjs(v, format);
  return d.isValid() ? d : null;
};

export function DateControl({ field, value, onChange, disabled, id }: ControlProps) {
  const { t } = useTranslation('form');
  const format = dateFormatOf(field);
  return (
    <DatePicker
      id={id}
      style={{ width: '100%' }}
      format={format}
      showTime={/[Hh]/.test(format)}
      value={toDay(value)}
      disabled={disabled}
      placeholder={disabled ? undefined : placeholderOf(field, t('select'))}
      onChange={(d: Dayjs | null) => onChange?.(d ? d.valueOf() : null)}
    />
  );
}

export function TimeControl({ field, value, onChange, disabled, id }: ControlProps) {
  const { t } = useTranslation('form');
  const format = timeFormatOf(field);
  return (
    <TimePicker
      id={id}
      style={{ width: '100%' }}
      format={format}
      value={toTime(value, format)}
      disabled={disabled}
      placeholder={disabled ? undefined : placeholderOf(field, t('select'))}
      onChange={(d: Dayjs | null) => onChange?.(d ? d.format(format) : null)}
    />
  );
}

export function DateRangeControl({ field, value, onChange, disabled, id }: ControlProps) {
  const { t } = useTranslation('form');
  const format = dateFormatOf(field);
  const pair = Array.isArray(value) ? value : [];
  return (
    <DatePicker.RangePicker
      id={id}
      style={{ width: '100%' }}
      format={format}
      showTime={/[Hh]/.test(format)}
      value={pair.length === 2 ? [toDay(pair[0]), toDay(pair[1])] : null}
      disabled={disabled}
      placeholder={[ownText(field.startPlaceholder) ?? t('start'), ownText(field.endPlaceholder) ?? t('end')]}
      onChange={(d) => onChange?.(d && d[0] && d[1] ? [d[0].valueOf(), d[1].valueOf()] : [])}
    />
  );
}

export function TimeRangeControl({ field, value, onChange, disabled, id }: ControlProps) {
  const { t } = useTranslation('form');
  const format = timeFormatOf(field);
  const pair = Array.isArray(value) ? value : [];
  return (
    <TimePicker.RangePicker
      id={id}
      style={{ width: '100%' }}
      format={format}
      value={pair.length === 2 ? [toTime(pair[0], format), toTime(pair[1], format)] : null}
      disabled={disabled}
      placeholder={[ownText(field.startPlaceholder) ?? t('start'), ownText(field.endPlaceholder) ?? t('end')]}
      onChange={(d) => onChange?.(d && d[0] && d[1] ? [d[0].format(format), d[1].format(format)] : [])}
    />
  );
}
