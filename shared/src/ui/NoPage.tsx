// The one "no page here" panel: the console's /404, a menu entry whose address no remote answers
// (an administrator can add any address in system/menu), and the low-code runtime's entries without
// a published model. Names the entry and its address when it has them, and leads home.
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '@lighting/shared';
import { LazyResult as Result } from './LazyResult';

export function NoPage({ title, urlAddress }: { title?: string; urlAddress?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title={title || '404'}
      subTitle={
        <span data-testid="no-page">
          {urlAddress ? t('noPageAt', { urlAddress: `/${urlAddress.replace(/^\/+/, '')}` }) : t('notFound')}
        </span>
      }
      extra={
        <Button type="primary" onClick={() => navigate('/')}>
          {t('backHome')}
        </Button>
      }
    />
  );
}
