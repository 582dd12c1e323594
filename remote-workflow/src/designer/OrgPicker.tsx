// Users, positions and roles chosen from the organisation (the Permission selector trees): the
// designer's initiators, approvers and copy recipients.
import { useMemo } from 'react';
import Flex from 'antd/es/flex';
import Select from 'antd/es/select';
import TreeSelect from 'antd/es/tree-select';
import { useTranslation } from 'react-i18next';
import { pickableTree } from '../logic/names';
import type { DirectoryTrees } from '../directory';
import '../i18n';

export interface OrgChoice {
  users: string[];
  positions: string[];
  roles: string[];
}

export function OrgPicker({
  trees,
  value,
  onChange,
  testId,
}: {
  trees: DirectoryTrees | null;
  value: OrgChoice;
  onChange: (v: OrgChoice) => void;
  testId: string;
}) {
  const { t } = useTranslation('workflow');
  const users = useMemo(() => pickableTree(trees?.users ?? [], 'user'), [trees]);
  const positions = useMemo(() => pickableTree(trees?.positions ?? [], 'position'), [trees]);
  const roles = useMemo(() => (trees?.roles ?? []).map((r) => ({ value: r.id, label: r.fullName })), [trees]);
  const tree = (key: 'users' | 'positions', data: typeof users, placeholder: string) => (
    <TreeSelect
      multiple
      allowClear
      treeDefaultExpandAll
      showSearch={{ treeNodeFilterProp: 'title' }}
      loading={!trees}
      treeData={data}
      value={value[key]}
      onChange={(v: string[]) => onChange({ ...value, [key]: v ?? [] })}
      placeholder={placeholder}
      style={{ width: '100%' }}
      maxTagCount={8}
      data-testid={`${testId}-${key}`}
    />
  );
  return (
    <Flex vertical gap={8} data-testid={testId}>
      {tree('users', users, t('pickUsers'))}
      {tree('positions', positions, t('pickPositions'))}
      <Select
        mode="multiple"
        allowClear
        loading={!trees}
        options={roles}
        value={value.roles}
        onChange={(v: string[]) => onChange({ ...value, roles: v ?? [] })}
        placeholder={t('pickRoles')}
        optionFilterProp="label"
        style={{ width: '100%' }}
        data-testid={`${testId}-roles`}
      />
    </Flex>
  );
}
