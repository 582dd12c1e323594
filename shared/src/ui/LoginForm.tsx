// The sign-in form (spec §3 login form, §5 login texts). Used by the host's /login and by every
// remote's standalone (kiosk) app, so there is one sign-in behaviour.
import { useState } from 'react';
import { Button, Form, Input, Tabs, Space } from 'antd';
import LockOutlined from '@ant-design/icons/es/icons/LockOutlined';
import UserOutlined from '@ant-design/icons/es/icons/UserOutlined';
import SafetyOutlined from '@ant-design/icons/es/icons/SafetyOutlined';
import MobileOutlined from '@ant-design/icons/es/icons/MobileOutlined';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session/store';
import { loginConfigCall } from '../session/api';
import { getConfig } from '../config/runtime';
import { rule } from '../core/validators';

interface Values {
  account?: string;
  mobile?: string;
  subAccount?: string;
  password: string;
  code?: string;
}

export function LoginForm({
  onSuccess,
  allowSubAccount = true,
}: {
  onSuccess: () => void;
  allowSubAccount?: boolean;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const login = useSession((s) => s.login);
  const loading = useSession((s) => s.loginLoading);
  const [mode, setMode] = useState<'account' | 'sub'>('account');
  const [needCode, setNeedCode] = useState(false);
  const [timestamp, setTimestamp] = useState(() => String(Date.now()));

  const refreshCode = () => setTimestamp(String(Date.now()));

  const checkNeedCode = async (account: string) => {
    if (!account.trim()) return;
    try {
      const res = await loginConfigCall(account.trim());
      setNeedCode(res.data.needCode);
    } catch {
      /* toast shown by the client */
    }
  };

  const submit = async (v: Values) => {
    const account =
      mode === 'sub' ? `${(v.mobile ?? '').trim()}@${(v.subAccount ?? '').trim()}` : (v.account ?? '');
    try {
      await login({ account, password: v.password, code: v.code, timestamp });
      onSuccess();
    } catch (e) {
      const data = (e as { data?: { needCode?: boolean } }).data;
      if (data?.needCode) setNeedCode(true);
      refreshCode();
      form.setFieldValue('code', '');
    }
  };

  const codeItem = needCode && (
    <Form.Item name="code" rules={[{ required: true, message: t('codePlaceholder') }]}>
      <Space.Compact style={{ width: '100%' }}>
        <Input prefix={<SafetyOutlined />} placeholder={t('codePlaceholder')} data-testid="login-code" />
        <img
          src={`${getConfig().apiBase}/oauth/ImageCode/${timestamp}`}
          alt="code"
          title="refresh"
          onClick={refreshCode}
          style={{ height: 32, cursor: 'pointer', border: '1px solid #d9d9d9' }}
          data-testid="login-code-image"
        />
      </Space.Compact>
    </Form.Item>
  );

  return (
    <Form form={form} onFinish={submit} size="large" autoComplete="off" data-testid="login-form">
      {allowSubAccount && (
        <Tabs
          activeKey={mode}
          onChange={(k) => setMode(k as 'account' | 'sub')}
          items={[
            { key: 'account', label: '账户登录' },
            { key: 'sub', label: '子账户登录' },
          ]}
        />
      )}
      {mode === 'account' ? (
        <Form.Item
          name="account"
          rules={[{ required: true, whitespace: true, message: t('accountPlaceholder') }]}
        >
          <Input
            prefix={<UserOutlined />}
            placeholder={t('accountPlaceholder')}
            onBlur={(e) => void checkNeedCode(e.target.value)}
            data-testid="login-account"
          />
        </Form.Item>
      ) : (
        <>
          <Form.Item
            name="mobile"
            rules={[{ required: true, message: t('mobilePlaceholder') }, rule('mobile')]}
          >
            <Input
              prefix={<MobileOutlined />}
              placeholder={t('mobilePlaceholder')}
              data-testid="login-mobile"
            />
          </Form.Item>
          <Form.Item
            name="subAccount"
            rules={[{ required: true, message: t('accountPlaceholder') }, rule('account')]}
          >
            <Input prefix={<UserOutlined />} placeholder={t('account')} data-testid="login-subaccount" />
          </Form.Item>
        </>
      )}
      <Form.Item name="password" rules={[{ required: true, message: t('passwordPlaceholder') }]}>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t('passwordPlaceholder')}
          data-testid="login-password"
        />
      </Form.Item>
      {codeItem}
      <Button type="primary" htmlType="submit" block loading={loading} data-testid="login-submit">
        {t('signIn')}
      </Button>
    </Form>
  );
}
