// The rating (antd Rate), loaded when a form shows one (registry.ts).
import Rate from 'antd/es/rate';
import { numOrUndef, type ControlProps } from './basic';
import '../i18n';

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
