// Number and amount boxes (antd InputNumber), loaded when a form shows one (registry.ts).
import { useTranslation } from 'react-i18next';
import InputNumber from 'antd/es/input-number';
import { amountToChinese } from '../../core/amount';
import { numOrUndef, placeholderOf, type ControlProps } from './basic';
import '../i18n';

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
