// The slider (antd Slider), loaded when a form shows one (registry.ts).
import Slider from 'antd/es/slider';
import { numOrUndef, type ControlProps } from './basic';
import '../i18n';

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
