// An honest panel for a page a later issue builds: it says what the page will be, and pretends
// nothing (no fake data, no dead buttons).
import { Typography } from 'antd';
import { LazyResult as Result } from './LazyResult';
import { useTranslation } from 'react-i18next';

export function PlannedPage({ title, description }: { title: string; description: string }) {
  const { t } = useTranslation();
  return (
    <Result
      status="info"
      title={`${title} — ${t('plannedTitle')}`}
      subTitle={
        <Typography.Paragraph style={{ maxWidth: 640, margin: '0 auto' }}>{description}</Typography.Paragraph>
      }
      data-testid="planned-page"
    />
  );
}
