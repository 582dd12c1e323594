// The colour picker (antd ColorPicker), loaded when a form shows one (registry.ts).
import ColorPicker from 'antd/es/color-picker';
import { type ControlProps } from './basic';
import '../i18n';

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
