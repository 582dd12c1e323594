import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate, useDictionaryName } from '@lighting/shared';
import { homeApi, type PlanStatus } from '../api';
import { NS } from '../i18n';
import { useResource } from '../useResource';
import { Bar } from './Bars';
import { Widget } from './Widget';

const STATUS_COLOR: Record<PlanStatus, string> = {
  notStarted: 'default',
  inProgress: 'processing',
  done: 'success',
  delayed: 'error',
};
const BAR_COLOR: Record<PlanStatus, string> = {
  notStarted: '#bfbfbf',
  inProgress: '#1890ff',
  done: '#389e0d',
  delayed: '#f5222d',
};

export function PlansWidget() {
  const { t } = useTranslation(NS);
  const district = useDictionaryName('district');
  const res = useResource(homeApi.plans);
  return (
    <Widget id="plans" title={t('plans')} resource={res} isEmpty={(d) => d.length === 0}>
      {(list) => (
        <div style={{ display: 'grid', gap: 10 }}>
          {list.slice(0, 5).map((p) => (
            <div key={p.id} data-testid="widget-item">
              <div style={{ display: 'flex', gap: 8, alignItems: 'baseline' }}>
                <Typography.Text
                  ellipsis
                  style={{ flex: 1, minWidth: 0 }}
                  title={p.title}
                  id={`plan-title-${p.id}`}
                  data-user-text
                >
                  {p.title}
                </Typography.Text>
                <Tag color={STATUS_COLOR[p.status] ?? 'default'} style={{ marginInlineEnd: 0 }}>
                  {t(`status.${p.status}`)}
                </Tag>
              </div>
              <div style={{ display: 'grid', gridTemplateColumns: '1fr 40px', gap: 8, alignItems: 'center' }}>
                <Bar percent={p.progress} color={BAR_COLOR[p.status]} labelledBy={`plan-title-${p.id}`} />
                <span style={{ fontSize: 12, textAlign: 'right' }}>{Math.round(p.progress)}%</span>
              </div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {district(p.district)} · {formatDate(p.startDate, 'YYYY-MM-DD')} ~{' '}
                {formatDate(p.endDate, 'YYYY-MM-DD')}
              </Typography.Text>
            </div>
          ))}
        </div>
      )}
    </Widget>
  );
}
