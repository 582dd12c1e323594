// Small pieces the system pages share: the row action links, tree selects fed by selector calls,
// and the enabled switch of forms.
import { useEffect, useState, type ReactNode } from 'react';
import { Button, Space } from 'antd';
import TreeSelect from 'antd/es/tree-select';
import { useTranslation } from 'react-i18next';
import { Auth } from '@lighting/shared';
import { toAntTree, type AntNode } from '@lighting/shared/admin';
import { treeList, type TreeRow } from '../api';

/** Edit / delete links (plus extra) following btn_edit / btn_remove. */
export function RowActions({
  onEdit,
  onRemove,
  extra,
}: {
  onEdit?: () => void;
  onRemove?: () => void;
  extra?: ReactNode;
}) {
  const { t } = useTranslation('admin');
  return (
    <Space size={0} wrap>
      {onEdit && (
        <Auth code="btn_edit">
          <Button type="link" size="small" onClick={onEdit} data-testid="row-edit">
            {t('edit')}
          </Button>
        </Auth>
      )}
      {onRemove && (
        <Auth code="btn_remove">
          <Button type="link" size="small" danger onClick={onRemove} data-testid="row-remove">
            {t('remove')}
          </Button>
        </Auth>
      )}
      {extra}
    </Space>
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
