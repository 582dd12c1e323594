// The switch (antd Switch), loaded when a form shows one (registry.ts).
import Switch from 'antd/es/switch';
import { str, type ControlProps } from './basic';
import '../i18n';

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
