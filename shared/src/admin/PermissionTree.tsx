// A checkable tree of grants (menus, buttons, columns, data scopes) with check all, deselect all,
// expand all and fold all (spec §6). Controlled by the granted ids: a parent shows checked only
// when its whole subtree is granted; saving keeps half-checked parents (keysToSave).
import { useMemo, useState } from 'react';
import { Button, Space } from 'antd';
import Flex from 'antd/es/flex';
import Tree from 'antd/es/tree';
import type { Key } from 'react';
import { useTranslation } from 'react-i18next';
import { allKeys, checkedForDisplay, keysToSave, parentKeys, toAntTree, type KeyNode } from './keys';
import './i18n';

export interface GrantNode extends KeyNode {
  fullName: string;
  children?: GrantNode[] | null;
}

export interface PermissionTreeProps {
  treeData: GrantNode[];
  /** Granted ids (checked and half-checked). */
  value: string[];
  onChange: (ids: string[]) => void;
  disabled?: boolean;
  testId?: string;
  height?: number;
}

export function PermissionTree({
  treeData,
  value,
  onChange,
  disabled,
  testId = 'permission-tree',
  height,
}: PermissionTreeProps) {
  const { t } = useTranslation('admin');
  const parents = useMemo(() => parentKeys(treeData), [treeData]);
  const [expanded, setExpanded] = useState<string[] | null>(null); // null: expanded by default
  const checked = useMemo(() => checkedForDisplay(treeData, value), [treeData, value]);
  const antTree = useMemo(() => toAntTree(treeData), [treeData]);

  return (
    <Flex vertical gap={8} data-testid={testId}>
      <Space wrap size={4}>
        <Button
          size="small"
          disabled={disabled}
          onClick={() => onChange(allKeys(treeData))}
          data-testid="tree-check-all"
        >
          {t('checkAll')}
        </Button>
        <Button size="small" disabled={disabled} onClick={() => onChange([])} data-testid="tree-uncheck-all">
          {t('uncheckAll')}
        </Button>
        <Button size="small" onClick={() => setExpanded(parents)} data-testid="tree-expand-all">
          {t('expandAll')}
        </Button>
        <Button size="small" onClick={() => setExpanded([])} data-testid="tree-fold-all">
          {t('foldAll')}
        </Button>
      </Space>
      <Tree
        checkable
        selectable={false}
        disabled={disabled}
        treeData={antTree}
        expandedKeys={expanded ?? parents}
        onExpand={(keys: Key[]) => setExpanded(keys.map(String))}
        checkedKeys={checked}
        onCheck={(keys, info) => {
          const list = Array.isArray(keys) ? keys : keys.checked;
          onChange(keysToSave(treeData, list.map(String), (info.halfCheckedKeys ?? []).map(String)));
        }}
        height={height}
      />
    </Flex>
  );
}
