// A left-side tree for choosing what a list shows (organisation → users, dictionary type → data):
// built from nested or flat nodes, expanded by default, with a keyword filter.
import { useMemo, useState, type ReactNode } from 'react';
import { Empty, Input, Spin } from 'antd';
import Flex from 'antd/es/flex';
import Tree from 'antd/es/tree';
import type { Key } from 'react';
import { useTranslation } from 'react-i18next';
import { filterByName, parentKeys, toAntTree } from './keys';
import './i18n';

export interface SideNode {
  id: string;
  fullName: string;
  children?: SideNode[] | null;
  [extra: string]: unknown;
}

export interface SideTreeProps {
  nodes: readonly SideNode[];
  selected: string | null;
  onSelect: (id: string | null, node: SideNode | null) => void;
  loading?: boolean;
  title?: ReactNode;
  testId?: string;
}

export function SideTree({ nodes, selected, onSelect, loading, title, testId = 'side-tree' }: SideTreeProps) {
  const { t } = useTranslation('admin');
  const [text, setText] = useState('');
  const tree = useMemo(() => filterByName(nodes, text), [nodes, text]);
  const byId = useMemo(() => {
    const m = new Map<string, SideNode>();
    const walk = (ns: readonly SideNode[]): void =>
      ns.forEach((n) => {
        m.set(n.id, n);
        walk(n.children ?? []);
      });
    walk(nodes);
    return m;
  }, [nodes]);
  const antTree = useMemo(() => toAntTree(tree), [tree]);
  const parents = useMemo(() => parentKeys(tree), [tree]);
  const [expanded, setExpanded] = useState<string[] | null>(null);
  const [lastTree, setLastTree] = useState(tree);
  if (lastTree !== tree) {
    // a new tree or filter: back to expanded by default
    setLastTree(tree);
    setExpanded(null);
  }

  return (
    <Flex vertical gap={8} data-testid={testId} style={{ minWidth: 220 }}>
      {title}
      <Input.Search
        allowClear
        placeholder={t('searchTree')}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      {loading ? (
        <Spin />
      ) : tree.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noData', { ns: 'common' })} />
      ) : (
        <Tree
          blockNode
          treeData={antTree}
          expandedKeys={expanded ?? parents}
          onExpand={(keys: Key[]) => setExpanded(keys.map(String))}
          selectedKeys={selected ? [selected] : []}
          onSelect={(keys) => {
            const id = keys.length ? String(keys[0]) : null;
            onSelect(id, id ? (byId.get(id) ?? null) : null);
          }}
        />
      )}
    </Flex>
  );
}
