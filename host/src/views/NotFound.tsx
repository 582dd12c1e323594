import { Button } from 'antd';
import { LazyResult as Result } from '@lighting/shared/ui';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '@lighting/shared';

export function NotFound() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title="404"
      subTitle={t('notFound')}
      extra={
        <Button type="primary" onClick={() => navigate('/home')}>
          {t('backHome')}
        </Button>
      }
    />
  );
}
