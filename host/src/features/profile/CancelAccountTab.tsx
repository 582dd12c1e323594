// 注销账号 (spec §5 'Do you want to cancel the account?'): the password again, a confirmation, then
// the server disables the account and ends its sessions; this tab signs out and shows /login with
// the reason. An administrator restores the account from the user list.
import { useState } from 'react';
import { App, Button, Input, type ButtonProps } from 'antd';
import Alert from 'antd/es/alert';
import Form from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSession } from '@lighting/shared';
import { socketId } from '@lighting/shared/realtime';
import { cancelAccount } from './api';
import { NS } from './i18n';

interface Values {
  password: string;
}

export function CancelAccountTab() {
  const { t } = useTranslation(NS);
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  const submit = ({ password }: Values) =>
    modal.confirm({
      title: t('cancelConfirm'),
      okText: t('cancelSubmit'),
      // data-* attributes reach the button; ButtonProps does not list them
      okButtonProps: { danger: true, 'data-testid': 'profile-cancel-ok' } as ButtonProps,
      cancelText: t('cancel'),
      onOk: async () => {
        setBusy(true);
        try {
          await cancelAccount(password, socketId());
        } catch {
          setBusy(false);
          return; // the client showed the server's message (wrong password, last administrator)
        }
        useSession.getState().resetToken();
        // the guard answers the reset at once (a synchronous render sending us to
        // /login?redirect=…); go to /login with the reason after it, as sign-out does
        await new Promise((resolve) => setTimeout(resolve, 0));
        navigate('/login', { replace: true, state: { notice: t('cancelled') } });
      },
    });

  return (
    <Form<Values>
      labelCol={{ span: 4 }}
      wrapperCol={{ span: 10 }}
      onFinish={submit}
      data-testid="profile-cancel-form"
    >
      <Form.Item wrapperCol={{ offset: 4, span: 16 }}>
        <Alert type="warning" showIcon title={t('cancelIntro')} />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('cancelPassword')}
        rules={[{ required: true, message: t('required') }]}
      >
        <Input.Password autoComplete="current-password" data-testid="profile-cancel-password" />
      </Form.Item>
      <Form.Item wrapperCol={{ offset: 4 }}>
        <Button danger htmlType="submit" loading={busy} data-testid="profile-cancel-submit">
          {t('cancelSubmit')}
        </Button>
      </Form.Item>
    </Form>
  );
}
