// The controls every form needs at once, on the console's own antd components (the 'antd' chunk
// the shell has loaded): text boxes, read-only values, calculates; and what every control shares
// (its props, placeholders). The other controls are their own modules, each loaded when a form
// shows one (registry.ts), so a page downloads only the antd components its form uses.
import { useTranslation } from 'react-i18next';
import { Input } from 'antd';
import { ownText, type FormField } from '@lighting/shared/formcore';
import '../i18n';

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

export const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
export const numOrUndef = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isFinite(v) ? v : undefined;
/** The designer's own placeholder, else the generic one in the reader's language. */
export const placeholderOf = (field: FormField, fallback: string): string =>
  ownText(field.placeholder) ?? fallback;

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
