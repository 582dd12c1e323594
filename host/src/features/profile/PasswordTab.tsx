// 修改密码: old, new (spec §5 password rule) and confirmation; the server gets MD5s and revokes
// my other sessions.
import { useState } from 'react';
import { App, Button, Input } from 'antd';
import Form from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { rule } from '@lighting/shared/core';
import { modifyPassword } from './api';
import { passwordsMatch } from './rules';
import { NS } from './i18n';

interface Values {
  oldPassword: string;
  password: string;
  confirm: string;
}

export function PasswordTab() {
  const { t } = useTranslation(NS);
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  const submit = async (v: Values) => {
    setSaving(true);
    try {
      await modifyPassword(v.oldPassword, v.password);
      void message.success(t('passwordChanged'));
      form.resetFields();
    } catch {
      /* the client showed the server's message */
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<Values>
      form={form}
      labelCol={{ span: 4 }}
      wrapperCol={{ span: 10 }}
      onFinish={(v) => void submit(v)}
      data-testid="profile-password-form"
    >
      <Form.Item
        name="oldPassword"
        label={t('oldPassword')}
        rules={[{ required: true, message: t('required') }]}
      >
        <Input.Password autoComplete="current-password" data-testid="profile-old-password" />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('newPassword')}
        rules={[{ required: true, message: t('required') }, rule('password')]}
      >
        <Input.Password autoComplete="new-password" data-testid="profile-new-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('confirmPassword')}
        dependencies={['password']}
        rules={[
          { required: true, message: t('required') },
          ({ getFieldValue }) => ({
            validator: (_r, value: unknown) =>
              !value || passwordsMatch(getFieldValue('password'), value)
                ? Promise.resolve()
                : Promise.reject(new Error(t('mismatch'))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" data-testid="profile-confirm-password" />
      </Form.Item>
      <Form.Item wrapperCol={{ offset: 4 }}>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="profile-password-save">
          {t('save')}
        </Button>
      </Form.Item>
    </Form>
  );
}
