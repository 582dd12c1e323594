// bt/citizen/open311 — the keys other city systems use to file reports through Open311 GeoReport v2:
// issued by an administrator (the key is shown once, only its hash is kept) and revoked here.
import { useCallback, useEffect, useState } from 'react';
import { Button, Input, Space, Tag, Typography } from 'antd';
import Card from 'antd/es/card';
import Alert from 'antd/es/alert';
import Popconfirm from 'antd/es/popconfirm';
import Table from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Auth, formatDateTime, request, type RemotePageProps } from '@lighting/shared';
import type { ApiData } from '@lighting/shared/api';
import './i18n';

/** An Open311 key as the list answers it (citizen/responses.ts). */
type Key = ApiData<'/api/citizen/open311-keys', 'get'>[number];

export default function Open311Keys(_props: RemotePageProps) {
  const { t } = useTranslation('citizen');
  const [rows, setRows] = useState<Key[]>([]);
  const [name, setName] = useState('');
  const [issued, setIssued] = useState('');
  const load = useCallback(
    () => void request<Key[]>({ url: '/citizen/open311-keys' }).then((r) => setRows(r.data)),
    [],
  );
  useEffect(load, [load]);
  const issue = async () => {
    const r = await request<{ key: string }>({
      url: '/citizen/open311-keys',
      method: 'POST',
      data: { name },
    });
    setIssued(r.data.key);
    setName('');
    load();
  };
  const revoke = async (id: string) => {
    await request({ url: `/citizen/open311-keys/${id}`, method: 'DELETE' });
    load();
  };
  return (
    <Card title={t('open311Title')} data-testid="citizen-open311">
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message={t('open311Hint', { url: `${location.origin}/api/open311/v2/` })}
      />
      <Auth code="btn_add">
        <Space style={{ marginBottom: 16 }}>
          <Input
            placeholder={t('keyName')}
            value={name}
            maxLength={100}
            onChange={(e) => setName(e.target.value)}
            style={{ width: 260 }}
          />
          <Button type="primary" disabled={!name.trim()} onClick={() => void issue()}>
            {t('issue')}
          </Button>
        </Space>
      </Auth>
      {issued ? (
        <Alert
          type="warning"
          style={{ marginBottom: 16 }}
          message={t('keyShownOnce')}
          description={
            <Typography.Text copyable code>
              {issued}
            </Typography.Text>
          }
          closable
          onClose={() => setIssued('')}
        />
      ) : null}
      <Table<Key>
        rowKey="id"
        dataSource={rows}
        pagination={false}
        columns={[
          { title: t('keyName'), dataIndex: 'name' },
          { title: t('prefix'), dataIndex: 'keyPrefix', render: (v: string) => <code>{v}…</code> },
          { title: t('issuedBy'), dataIndex: 'createdByName' },
          { title: t('issuedAt'), dataIndex: 'createdAt', render: (v: number) => formatDateTime(v) },
          {
            title: t('lastUsed'),
            dataIndex: 'lastUsedAt',
            render: (v: number | null) => (v ? formatDateTime(v) : ''),
          },
          {
            title: '',
            render: (_: unknown, k: Key) =>
              k.revokedAt ? (
                <Tag>{t('revoked')}</Tag>
              ) : (
                <Auth code="btn_remove">
                  <Popconfirm title={t('revokeConfirm')} onConfirm={() => void revoke(k.id)}>
                    <Button danger size="small">
                      {t('revoke')}
                    </Button>
                  </Popconfirm>
                </Auth>
              ),
          },
        ]}
      />
    </Card>
  );
}
