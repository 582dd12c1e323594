// permission/authorize → a user's 生效范围: for every page they hold whose rows data permissions
// divide, the schemes that decide what they see and where each comes from (a role, their position,
// their own grants), so an administrator can answer "why can't she see this row".
import { useEffect, useState } from 'react';
import { Empty, Space, Spin, Tag } from 'antd';
import Table from 'antd/es/table';
import Alert from 'antd/es/alert';
import { useTranslation } from 'react-i18next';
import { request } from '@lighting/shared';
import '../i18n';

interface Effective {
  administrator: boolean;
  menus: Array<{
    menuId: string;
    enCode: string;
    fullName: string;
    restricted: boolean;
    schemes: Array<{
      enCode: string;
      fullName: string;
      conditionText: string;
      allData: number;
      from: Array<{ kind: 'role' | 'user' | 'position'; name: string }>;
    }>;
  }>;
}

export function EffectiveScopes({ userId }: { userId: string }) {
  const { t } = useTranslation('system');
  const [data, setData] = useState<Effective | null>(null);
  useEffect(() => {
    let alive = true;
    setData(null);
    request<Effective>({ url: `/system/Permission/Authority/DataScope/${userId}`, method: 'get' }).then(
      (r) => alive && setData(r.data),
      () => alive && setData({ administrator: false, menus: [] }),
    );
    return () => {
      alive = false;
    };
  }, [userId]);
  if (!data) return <Spin />;
  if (data.administrator) return <Alert type="info" showIcon title={t('esAdministrator')} />;
  if (!data.menus.length) return <Empty description={t('esNone')} />;
  return (
    <Table<Effective['menus'][number]>
      rowKey="menuId"
      size="small"
      pagination={false}
      scroll={{ x: 'max-content' }}
      dataSource={data.menus}
      data-testid="effective-scopes"
      columns={[
        { key: 'fullName', dataIndex: 'fullName', title: t('esMenu') },
        {
          key: 'scope',
          title: t('esScope'),
          render: (_: unknown, m) =>
            !m.restricted ? (
              <Tag color="green">{m.schemes.length ? t('dsAllData') : t('esAll')}</Tag>
            ) : (
              <Space orientation="vertical" size={2}>
                {m.schemes.map((s) => (
                  <span key={s.enCode}>
                    {/* a scheme's name and words are an administrator's own text */}
                    <b data-user-text>{s.fullName}</b>
                    {s.conditionText ? <span data-user-text>：{s.conditionText}</span> : null}
                  </span>
                ))}
              </Space>
            ),
        },
        {
          key: 'from',
          title: t('esFrom'),
          render: (_: unknown, m) => (
            <Space size={4} wrap>
              {m.schemes.flatMap((s) =>
                s.from.map((f, i) => (
                  <Tag key={`${s.enCode}-${i}`}>
                    {t(`esFrom_${f.kind}`)}：<span data-user-text>{f.name}</span>
                  </Tag>
                )),
              )}
            </Space>
          ),
        },
      ]}
    />
  );
}
