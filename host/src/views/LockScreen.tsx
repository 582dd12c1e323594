// Lock screen (spec §4): the lock flag is persisted; unlocking posts account and password.
import { useState } from 'react';
import { Avatar, Button, Card, Input, Space, Typography } from 'antd';
import UserOutlined from '@ant-design/icons/es/icons/UserOutlined';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSession } from '@lighting/shared';

export function LockScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token, locked, userInfo, unlock } = useSession();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  if (!token) return <Navigate to="/login" replace />;
  if (!locked) return <Navigate to="/home" replace />;
  const submit = async () => {
    if (!password) return;
    setBusy(true);
    try {
      await unlock(password);
      navigate('/home', { replace: true });
    } catch {
      setPassword('');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div
      style={{
        height: '100%',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: '#0b1f3a',
      }}
    >
      <Card style={{ width: 360, textAlign: 'center' }}>
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <Avatar size={64} src={userInfo?.headIcon || undefined} icon={<UserOutlined />} />
          <Typography.Text>{userInfo?.userName ?? ''}</Typography.Text>
          <Typography.Text type="secondary">{t('host:lockedHint')}</Typography.Text>
          <Input.Password
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            onPressEnter={() => void submit()}
            placeholder={t('passwordPlaceholder')}
            data-testid="unlock-password"
          />
          <Button
            type="primary"
            block
            loading={busy}
            onClick={() => void submit()}
            data-testid="unlock-submit"
          >
            {t('unlock')}
          </Button>
        </Space>
      </Card>
    </div>
  );
}
