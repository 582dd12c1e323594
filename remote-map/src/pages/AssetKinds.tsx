// bt/map/assets — the asset kinds, status kinds, fault types and urgency levels the whole map
// works with, read from the server's dictionaries (the same data every later map page uses).
import { useEffect, useState } from 'react';
import { Card, Col, Empty, Row, Spin, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { request, type RemotePageProps } from '@lighting/shared';

interface DictItem {
  id: string;
  enCode: string;
  fullName: string;
}
interface DictType {
  id: string;
  enCode: string;
  fullName: string;
  dictionaryList: DictItem[];
}

export default function AssetKinds(_props: RemotePageProps) {
  const { t } = useTranslation('map');
  const [types, setTypes] = useState<DictType[] | null>(null);
  useEffect(() => {
    request<{ list: DictType[] }>({ url: '/system/Base/DictionaryData/All', method: 'get' })
      .then((res) => setTypes(res.data.list))
      .catch(() => setTypes([]));
  }, []);
  if (types === null) return <Spin />;
  if (types.length === 0) return <Empty description="无数据" />;
  return (
    <Row gutter={[16, 16]} data-testid="asset-kinds">
      {types.map((d) => (
        <Col key={d.id} xs={24} md={12} xl={6}>
          <Card size="small" title={d.fullName}>
            <Table<DictItem>
              rowKey="id"
              size="small"
              pagination={false}
              dataSource={d.dictionaryList}
              locale={{ emptyText: '无数据' }}
              columns={[
                { dataIndex: 'enCode', title: t('code') },
                { dataIndex: 'fullName', title: t('name') },
              ]}
            />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
