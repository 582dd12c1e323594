// One user (or several) from the organisation's user tree (Users/Selector), only users pickable;
// `among` narrows it to a list of users (an approver chosen at launch from the node's candidates).
import { useMemo } from 'react';
import TreeSelect from 'antd/es/tree-select';
import Select from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import { useDirectory } from '../directory';
import { pickableTree } from '../logic/names';
import '../i18n';

export function UserSelect({
  value,
  onChange,
  multiple,
  among,
  testId,
  placeholder,
  label,
}: {
  value?: string | string[];
  onChange?: (v: string | string[] | undefined) => void;
  multiple?: boolean;
  among?: ReadonlyArray<{ id: string; fullName: string }> | null;
  testId?: string;
  placeholder?: string;
  /** The accessible name where no form label names the control (a filter bar's). */
  label?: string;
}) {
  const { t } = useTranslation('workflow');
  const { trees } = useDirectory();
  const data = useMemo(() => pickableTree(trees?.users ?? [], 'user'), [trees]);
  if (among)
    return (
      <Select
        mode={multiple ? 'multiple' : undefined}
        allowClear
        showSearch
        optionFilterProp="label"
        style={{ width: '100%' }}
        value={value}
        onChange={onChange}
        placeholder={placeholder ?? t('pickUsers')}
        aria-label={label}
        options={among.map((u) => ({ value: u.id, label: u.fullName }))}
        data-testid={testId}
      />
    );
  return (
    <TreeSelect
      multiple={multiple}
      allowClear
      treeDefaultExpandAll
      showSearch={{ treeNodeFilterProp: 'title' }}
      loading={!trees}
      treeData={data}
      value={value}
      onChange={onChange}
      placeholder={placeholder ?? t('pickUsers')}
      aria-label={label}
      style={{ width: '100%' }}
      data-testid={testId}
    />
  );
}
