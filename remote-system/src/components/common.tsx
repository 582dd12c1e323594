// Small pieces the system pages share: the row action links, tree selects fed by selector calls,
// and the enabled switch of forms.
import { useEffect, useState } from 'react';
import TreeSelect from 'antd/es/tree-select';
import { useTranslation } from 'react-i18next';
import {
  RowActions as LinkActions,
  toAntTree,
  type AntNode,
  type MaybeRowAction,
} from '@lighting/shared/admin';
import { treeList, type TreeRow } from '../api';

/** Edit / delete links (plus extra actions) following btn_edit / btn_remove. */
export function RowActions({
  onEdit,
  onRemove,
  extra = [],
}: {
  onEdit?: () => void;
  onRemove?: () => void;
  extra?: readonly MaybeRowAction[];
}) {
  const { t } = useTranslation('admin');
  return (
    <LinkActions
      actions={[
        onEdit && { key: 'edit', label: t('edit'), onClick: onEdit, code: 'btn_edit', testId: 'row-edit' },
        onRemove && {
          key: 'remove',
          label: t('remove'),
          onClick: onRemove,
          code: 'btn_remove',
          danger: true,
          testId: 'row-remove',
        },
        ...extra,
      ]}
    />
  );
}

/** Tree nodes of a selector call, loaded once per url. */
export function useSelectorTree(url: string | null, data?: object) {
  const [nodes, setNodes] = useState<TreeRow[]>([]);
  const key = url ? `${url}?${JSON.stringify(data ?? {})}` : null;
  useEffect(() => {
    if (!url) return;
    let alive = true;
    treeList(url, data).then(
      (l) => alive && setNodes(l),
      () => undefined,
    );
    return () => {
      alive = false;
    };
    // key covers url and data
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return nodes;
}

interface SelectNode {
  value: string;
  title: string;
  children?: SelectNode[];
}

function toSelectTree(nodes: readonly TreeRow[]): SelectNode[] {
  const conv = (n: AntNode): SelectNode => ({
    value: n.key,
    title: n.title,
    children: n.children?.map(conv),
  });
  return toAntTree(nodes).map(conv);
}

/** A TreeSelect (antd Form control) over a selector tree, expanded by default. */
export function SelectorTree({
  url,
  data,
  value,
  onChange,
  placeholder,
  allowClear = true,
  testId,
}: {
  url: string;
  data?: object;
  value?: string | null;
  onChange?: (v: string | null) => void;
  placeholder?: string;
  allowClear?: boolean;
  testId?: string;
}) {
  const nodes = useSelectorTree(url, data);
  return (
    <TreeSelect
      treeData={toSelectTree(nodes)}
      value={value ?? undefined}
      onChange={(v: string | undefined) => onChange?.(v ?? null)}
      placeholder={placeholder}
      allowClear={allowClear}
      showSearch
      treeNodeFilterProp="title"
      treeDefaultExpandAll
      data-testid={testId}
      style={{ width: '100%' }}
    />
  );
}
