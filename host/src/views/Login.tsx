import { useNavigate, useSearchParams } from 'react-router-dom';
import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoginForm, getConfig } from '@lighting/shared';

/** /login and /login-new (spec §2): after sign-in go to ?redirect or /. */
export function Login({ variant }: { variant?: 'new' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const redirect = search.get('redirect');
  const target = redirect && redirect.startsWith('/') && !redirect.startsWith('//') ? redirect : '/';
  return (
    <div
      style={{
        height: '100%',
        display: 'flex',
        alignItems: 'center',
        justifyContent: variant === 'new' ? 'flex-end' : 'center',
        padding: variant === 'new' ? '0 10%' : 0,
        background: 'linear-gradient(135deg, #0b1f3a 0%, #12325e 60%, #1890ff 100%)',
      }}
    >
      <Card style={{ width: 400 }}>
        <Typography.Title level={3} style={{ textAlign: 'center' }}>
          {getConfig().title}
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
          {t('login')}
        </Typography.Paragraph>
        <LoginForm onSuccess={() => navigate(target, { replace: true })} />
      </Card>
    </div>
  );
}
