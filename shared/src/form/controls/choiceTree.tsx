// The tree select choice (antd TreeSelect), loaded when a form shows one (registry.ts).
import TreeSelect from 'antd/es/tree-select';
import { FIELD_NAMES, asId, asIds, useChoice, type ChoiceProps } from './choice';

export function TreeChoiceControl(props: ChoiceProps) {
  const { field, value, onChange, disabled, id } = props;
  const { options, loading, placeholder, multiple } = useChoice(props);
  return (
    <TreeSelect
      id={id}
      style={{ width: '100%' }}
      treeData={options}
      fieldNames={FIELD_NAMES}
      multiple={multiple}
      treeDefaultExpandAll
      value={(multiple ? asIds(value) : asId(value)) as never}
      disabled={disabled}
      loading={loading}
      placeholder={placeholder}
      allowClear={field.clearable !== false}
      showSearch={field.filterable === true ? { treeNodeFilterProp: 'fullName' } : false}
      onChange={(v: unknown) => onChange?.(v ?? (multiple ? [] : null))}
    />
  );
}
