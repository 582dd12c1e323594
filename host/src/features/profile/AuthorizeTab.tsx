// 我的权限: the menus, buttons and columns I may use, as trees.
import { useEffect, useMemo, useState } from 'react';
import { Col, Empty, Row, Spin } from 'antd';
import Card from 'antd/es/card';
import Tree from 'antd/es/tree';
import { useTranslation } from 'react-i18next';
import { getAuthorize } from './api';
import { allKeys, itemTree, moduleTree, type AuthorizeAnswer, type TreeNode } from './rules';
import { NS } from './i18n';

function AuthTree({ title, nodes, testId }: { title: string; nodes: TreeNode[]; testId: string }) {
  const { t } = useTranslation(NS);
  const keys = useMemo(() => allKeys(nodes), [nodes]);
  return (
    <Card
      size="small"
      title={title}
      data-testid={testId}
      styles={{ body: { maxHeight: 520, overflow: 'auto' } }}
    >
      {nodes.length ? (
        <Tree treeData={nodes} defaultExpandedKeys={keys} selectable={false} blockNode />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noData')} />
      )}
    </Card>
  );
}

/** What an unreadable answer shows: no menus, buttons or columns. */
const NOTHING_GRANTED: AuthorizeAnswer = { module: [], button: [], column: [] };

export function AuthorizeTab() {
  const { t } = useTranslation(NS);
  const [data, setData] = useState<AuthorizeAnswer | null>(null);

  useEffect(() => {
    let live = true;
    getAuthorize()
      .then((res) => live && setData(res.data ?? NOTHING_GRANTED))
      .catch(() => live && setData(NOTHING_GRANTED));
    return () => {
      live = false;
    };
  }, []);

  const trees = useMemo(
    () => ({
      module: moduleTree(data?.module),
      button: itemTree(data?.module, data?.button, 'button'),
      column: itemTree(data?.module, data?.column, 'column'),
    }),
    [data],
  );

  if (!data) return <Spin />;
  return (
    <Row gutter={16}>
      <Col span={8}>
        <AuthTree title={t('module')} nodes={trees.module} testId="profile-auth-module" />
      </Col>
      <Col span={8}>
        <AuthTree title={t('button')} nodes={trees.button} testId="profile-auth-button" />
      </Col>
      <Col span={8}>
        <AuthTree title={t('column')} nodes={trees.column} testId="profile-auth-column" />
      </Col>
    </Row>
  );
}
