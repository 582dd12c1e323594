// The basic controls on antd, each taking and giving the value type of formcore's catalogue
// (dates as epoch milliseconds, times as 'HH:mm:ss', switches as their active/inactive values).
import { useTranslation } from 'react-i18next';
import { Input } from 'antd';
import Switch from 'antd/es/switch';
import ColorPicker from 'antd/es/color-picker';
import DatePicker from 'antd/es/date-picker';
import InputNumber from 'antd/es/input-number';
import Rate from 'antd/es/rate';
import Slider from 'antd/es/slider';
import TimePicker from 'antd/es/time-picker';
import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { amountToChinese } from '../../core/amount';
import { ownText, type FormField } from '@lighting/shared/formcore';
import '../i18n';

dayjs.extend(customParseFormat);

export interface ControlProps {
  field: FormField;
  value?: unknown;
  onChange?: (value: unknown) => void;
  disabled?: boolean;
  /** id from Form.Item (label focus, scroll to error) */
  id?: string;
  /** from Form.Item: leaving the control validates it (text and number boxes call it) */
  onBlur?: () => void;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const numOrUndef = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isFinite(v) ? v : undefined;
/** The designer's own placeholder, else the generic one in the reader's language. */
const placeholderOf = (field: FormField, fallback: string): string => ownText(field.placeholder) ?? fallback;

export function TextControl({ field, value, onChange, onBlur, disabled, id }: ControlProps) {
  const { t } = useTranslation('form');
  const common = {
    id,
    onBlur,
    value: typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value),
    disabled,
    placeholder: disabled ? undefined : placeholderOf(field, t('input')),
    maxLength: numOrUndef(field.maxlength),
    onChange: (e: { target: { value: string } }) => onChange?.(e.target.value),
  };
  const key = field.__config__.jnpfKey;
  if (key === 'textarea') {
    const auto = field.autoSize as { minRows?: number; maxRows?: number } | undefined;
    return (
      <Input.TextArea
        {...common}
        autoSize={auto ?? { minRows: 4, maxRows: 4 }}
        showCount={field.showWordLimit === true}
      />
    );
  }
  if (key === 'PsdInput') return <Input.Password {...common} autoComplete="new-password" />;
  return (
    <Input
      {...common}
      allowClear={field.clearable !== false && !disabled}
      showCount={field.showWordLimit === true}
      prefix={str(field.prepend)}
      suffix={str(field.append)}
    />
  );
}

export function NumberControl({ field, value, onChange, onBlur, disabled, id }: ControlProps) {
  const { t } = useTranslation('form');
  const precision = numOrUndef(field.precision);
  return (
    <InputNumber
      id={id}
      style={{ width: '100%' }}
      value={numOrUndef(value) ?? null}
      min={numOrUndef(field.min)}
      max={numOrUndef(field.max)}
      step={numOrUndef(field.step) ?? 1}
      precision={precision}
      disabled={disabled}
      placeholder={disabled ? undefined : placeholderOf(field, t('input'))}
      onChange={(v) => onChange?.(typeof v === 'number' ? v : null)}
      onBlur={onBlur}
    />
  );
}

/** An amount with its Chinese capitals below (core/amount's converter). */
export function AmountControl(props: ControlProps) {
  const { t } = useTranslation('form');
  const amount = numOrUndef(props.value);
  const words = amount !== undefined && props.field.showChinese !== false ? amountToChinese(amount) : '';
  return (
    <div>
      <NumberControl
        {...props}
        field={{ ...props.field, precision: numOrUndef(props.field.precision) ?? 2 }}
      />
      {words && (
        <div className="form-amount-words" style={{ color: '#767676', fontSize: 12, lineHeight: '20px' }}>
          {t('capital', { text: words })}
        </div>
      )}
    </div>
  );
}

export function SwitchControl({ field, value, onChange, disabled, id }: ControlProps) {
  const on = field.activeValue ?? 1;
  const off = field.inactiveValue ?? 0;
  return (
    <Switch
      id={id}
      checked={value === on}
      disabled={disabled}
      checkedChildren={str(field.activeText) || undefined}
      unCheckedChildren={str(field.inactiveText) || undefined}
      onChange={(checked) => onChange?.(checked ? on : off)}
    />
  );
}

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

export function ColorControl({ field, value, onChange, disabled, id }: ControlProps) {
  return (
    <span id={id}>
      <ColorPicker
        value={typeof value === 'string' && value ? value : null}
        disabled={disabled}
        allowClear
        disabledAlpha={field.showAlpha !== true}
        showText
        onChange={(c) => onChange?.(field.showAlpha === true ? c.toRgbString() : c.toHexString())}
        onClear={() => onChange?.(null)}
      />
    </span>
  );
}

export function RateControl({ field, value, onChange, disabled, id }: ControlProps) {
  return (
    <Rate
      id={id}
      count={numOrUndef(field.count) ?? 5}
      allowHalf={field.allowHalf === true}
      value={numOrUndef(value) ?? 0}
      disabled={disabled}
      onChange={(v) => onChange?.(v)}
    />
  );
}

export function SliderControl({ field, value, onChange, disabled, id }: ControlProps) {
  return (
    <Slider
      id={id}
      min={numOrUndef(field.min) ?? 0}
      max={numOrUndef(field.max) ?? 100}
      step={numOrUndef(field.step) ?? 1}
      value={numOrUndef(value) ?? 0}
      disabled={disabled}
      onChange={(v: number) => onChange?.(v)}
    />
  );
}

/**
 * Values the server fills or computes (system controls, bill numbers, calculates): read-only,
 * '系统自动生成' until there is one.
 */
export function ReadonlyValue({ field, value, id, text }: ControlProps & { text?: string }) {
  const { t } = useTranslation('form');
  const shown = text ?? (value === undefined || value === null ? '' : String(value));
  return (
    <Input id={id} value={shown} readOnly variant="filled" placeholder={placeholderOf(field, t('auto'))} />
  );
}

/** A calculate's value with its precision (and thousands separators when asked). */
export function CalculateControl(props: ControlProps) {
  const n = numOrUndef(props.value);
  const p = numOrUndef(props.field.precision);
  let text = '';
  if (n !== undefined) {
    text = p !== undefined && Number.isInteger(p) && p >= 0 && p <= 15 ? n.toFixed(p) : String(n);
    if (props.field.thousands === true) {
      const [int = '', frac] = text.split('.');
      text = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',') + (frac !== undefined ? `.${frac}` : '');
    }
  }
  return <ReadonlyValue {...props} text={text} />;
}
