// The select and the dictionary select (antd Select), loaded when a form shows one (registry.ts).
import Select from 'antd/es/select';
import { asId, asIds, useChoice, type ChoiceProps } from './choice';

export function SelectControl(props: ChoiceProps) {
  const { field, value, onChange, disabled, id } = props;
  const { flat, loading, placeholder, multiple } = useChoice(props);
  return (
    <Select
      id={id}
      style={{ width: '100%' }}
      options={flat}
      mode={multiple ? 'multiple' : undefined}
      value={(multiple ? asIds(value) : asId(value)) as never}
      disabled={disabled}
      loading={loading}
      placeholder={placeholder}
      allowClear={field.clearable !== false}
      showSearch={field.filterable === true ? { optionFilterProp: 'label' } : false}
      onChange={(v: unknown) => onChange?.(v ?? (multiple ? [] : null))}
    />
  );
}
