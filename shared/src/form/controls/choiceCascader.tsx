// The cascader choice (antd Cascader), loaded when a form shows one (registry.ts).
import Cascader from 'antd/es/cascader';
import { FIELD_NAMES, useChoice, type ChoiceProps } from './choice';

export function CascaderChoiceControl(props: ChoiceProps) {
  const { field, value, onChange, disabled, id } = props;
  const { options, loading, placeholder, multiple } = useChoice(props);
  return (
    <Cascader
      id={id}
      style={{ width: '100%' }}
      options={options}
      fieldNames={FIELD_NAMES}
      multiple={multiple}
      value={(Array.isArray(value) ? value : []) as never}
      disabled={disabled}
      loading={loading}
      placeholder={placeholder}
      allowClear={field.clearable !== false}
      showSearch={field.filterable === true}
      changeOnSelect={field.changeOnSelect === true}
      onChange={(v: unknown) => onChange?.(v ?? [])}
    />
  );
}
