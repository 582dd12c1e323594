// Lock screen (spec §4): the lock flag is persisted; unlocking posts account and password and
// returns to the page that was locked (./lockReturn.ts); 重新登录 signs out for another account.
import { useState } from 'react';
import { Avatar, Button, Input, Space, Typography } from 'antd';
import Card from 'antd/es/card';
import UserOutlined from '@ant-design/icons/es/icons/UserOutlined';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSession } from '@lighting/shared';
import { LAYOUT_NS } from '../layout/i18n';
import { useTabs } from '../layout/tabs/useTabs';
import { LOCKED_FROM_KEY, unlockTarget } from './lockReturn';

export function LockScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token, locked, userInfo, unlock } = useSession();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  if (!token) return <Navigate to="/login" replace />;
  if (!locked) return <Navigate to={unlockTarget(localStorage.getItem(LOCKED_FROM_KEY))} replace />;
  const submit = async () => {
    if (!password) return;
    setBusy(true);
    try {
      // unlocked: this screen renders the way back (above), one path for every way the flag clears
      await unlock(password);
    } catch {
      setPassword('');
    } finally {
      setBusy(false);
    }
  };
  /** Someone else signs in: the session ends here (as a log-out), then the sign-in page. */
  const relogin = async () => {
    localStorage.removeItem(LOCKED_FROM_KEY);
    await useSession.getState().logout();
    useTabs.getState().reset();
    navigate('/login', { replace: true });
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
          <Button type="link" onClick={() => void relogin()} data-testid="unlock-relogin">
            {t(`${LAYOUT_NS}:relogin`)}
          </Button>
        </Space>
      </Card>
    </div>
  );
}
