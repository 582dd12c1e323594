// A citizen-reported fault as staff see it (the fault list's expanded row): the reference the citizen
// quotes (BX…), the support count, who reported it and their private contact, and what other
// citizens added when their reports were folded into it (docs/api/public.md). Text as text.
import { useEffect, useState } from 'react';
import { Space, Tag, Typography } from 'antd';
import Descriptions from 'antd/es/descriptions';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@lighting/shared';
import { mapApi, type CitizenReportDetail } from './api';

function Contact({ name, phone }: { name: string; phone: string }) {
  const { t } = useTranslation('map');
  return name || phone ? (
    <span>{[name, phone].filter(Boolean).join(' · ')}</span>
  ) : (
    <Typography.Text type="secondary">{t('citizenReport.noContact')}</Typography.Text>
  );
}

function Photos({ urls }: { urls: string[] }) {
  return urls.length ? (
    <Space wrap>
      {urls.map((u) => (
        <a key={u} href={u} target="_blank" rel="noreferrer">
          <img src={u} alt="" style={{ width: 72, height: 72, objectFit: 'cover', borderRadius: 6 }} />
        </a>
      ))}
    </Space>
  ) : null;
}

export function CitizenReportInfo({ faultId }: { faultId: string }) {
  const { t } = useTranslation('map');
  const [r, setR] = useState<CitizenReportDetail | null>(null);
  useEffect(() => {
    let alive = true;
    mapApi.citizenReport(faultId).then(
      (x) => alive && setR(x),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [faultId]);
  if (!r) return null;
  return (
    <div data-testid="fault-citizen-report">
      <Descriptions size="small" column={1}>
        <Descriptions.Item label={t('citizenReport.refNo')}>
          <Typography.Text copyable data-testid="fault-citizen-ref">
            {r.refNo}
          </Typography.Text>{' '}
          <Tag color="blue">{t('source.citizen')}</Tag>
          <Tag data-testid="fault-citizen-supports">{t('citizenReport.supports', { n: r.supportCount })}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('citizenReport.reporter')}>
          {r.reporter || t('citizenReport.anonymous')} · {formatDateTime(r.createdAt)}
        </Descriptions.Item>
        <Descriptions.Item label={t('citizenReport.contact')}>
          <span data-testid="fault-citizen-contact">
            <Contact name={r.contactName} phone={r.contactPhone} />
          </span>
        </Descriptions.Item>
      </Descriptions>
      {r.notes.length ? (
        <>
          <Typography.Text strong>{t('citizenReport.notes')}</Typography.Text>
          {r.notes.map((n) => (
            <div key={n.id} style={{ margin: '6px 0' }} data-testid="fault-citizen-note">
              <Typography.Text type="secondary">
                {n.reporter || t('citizenReport.anonymous')} · {formatDateTime(n.createdAt)} ·{' '}
                <Contact name={n.contactName} phone={n.contactPhone} />
              </Typography.Text>
              {n.description ? (
                <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: '2px 0' }}>
                  {n.description}
                </Typography.Paragraph>
              ) : null}
              <Photos urls={n.photos} />
            </div>
          ))}
        </>
      ) : null}
    </div>
  );
}
