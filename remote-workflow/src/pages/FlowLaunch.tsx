// workFlow/flowLaunch — the flows a user can launch, grouped by category, from the flow engine.
import { useEffect, useState } from 'react';
import { Avatar, Col, Empty, Row, Spin, Typography } from 'antd';
import Card from 'antd/es/card';
import ApartmentOutlined from '@ant-design/icons/es/icons/ApartmentOutlined';
import { useTranslation } from 'react-i18next';
import { request, type RemotePageProps } from '@lighting/shared';

interface Flow {
  id: string;
  fullName: string;
  enCode: string;
  category: string;
  iconBackground?: string;
}

export default function FlowLaunch(_props: RemotePageProps) {
  const { t } = useTranslation('workflow');
  const [flows, setFlows] = useState<Flow[] | null>(null);
  useEffect(() => {
    request<{ list: Flow[] }>({ url: '/workflow/Engine/FlowEngine/ListAll', method: 'get' })
      .then((res) => setFlows(res.data.list))
      .catch(() => setFlows([]));
  }, []);
  if (flows === null) return <Spin />;
  if (flows.length === 0) return <Empty description={t('common:noData')} />;
  const groups = new Map<string, Flow[]>();
  for (const f of flows) groups.set(f.category || '-', [...(groups.get(f.category || '-') ?? []), f]);
  return (
    <div data-testid="flow-launch">
      <Typography.Title level={5}>{t('pick')}</Typography.Title>
      {[...groups].map(([category, list]) => (
        <div key={category} style={{ marginBottom: 16 }}>
          <Typography.Text type="secondary">
            {t('categoryOf')}
            {/* the flow's category and name are the flow designer's own words */}
            <span data-user-text>{category}</span>
          </Typography.Text>
          <Row gutter={[12, 12]} style={{ marginTop: 8 }}>
            {list.map((f) => (
              <Col key={f.id} xs={24} sm={12} md={8} lg={6}>
                <Card size="small">
                  <Card.Meta
                    avatar={
                      <Avatar
                        style={{ background: f.iconBackground || '#1890ff' }}
                        icon={<ApartmentOutlined />}
                      />
                    }
                    title={<span data-user-text>{f.fullName}</span>}
                    description={f.enCode}
                  />
                </Card>
              </Col>
            ))}
          </Row>
        </div>
      ))}
    </div>
  );
}
