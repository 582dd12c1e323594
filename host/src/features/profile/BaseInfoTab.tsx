// 基本信息: my details, and an edit form validated with the spec §5 rules.
import { useState } from 'react';
import { App, Button, Input, Space } from 'antd';
import Radio from 'antd/es/radio';
import Descriptions from 'antd/es/descriptions';
import Form from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { formatDateTime, useSession, DAY_FORMAT, formatDate } from '@lighting/shared';
import { ipPlaceName, rule } from '@lighting/shared/core';
import { putBaseInfo } from './api';
import { baseInfoPayload, dateInputToMs, msToDateInput, type BaseInfo } from './rules';
import { NS } from './i18n';

interface FormValues {
  realName: string;
  gender?: number;
  mobile?: string;
  email?: string;
  telePhone?: string;
  postalAddress?: string;
  signature?: string;
  birthday?: string;
}

export function BaseInfoTab({ info, onSaved }: { info: BaseInfo; onSaved: () => void }) {
  const { t, i18n } = useTranslation(NS);
  const { message } = App.useApp();
  const [editing, setEditing] = useState(false);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<FormValues>();

  const gender = (g: number | null) => (g === 1 ? t('male') : g === 2 ? t('female') : '');

  const save = async (v: FormValues) => {
    setSaving(true);
    try {
      const res = await putBaseInfo(baseInfoPayload({ ...v, birthday: dateInputToMs(v.birthday) }));
      void message.success(res.msg || t('saved'));
      setEditing(false);
      onSaved();
      void useSession
        .getState()
        .getInfo()
        .catch(() => undefined); // the navbar shows the new name
    } catch {
      /* the client showed the server's message */
    } finally {
      setSaving(false);
    }
  };

  if (!editing)
    return (
      <div data-testid="profile-base">
        <Descriptions column={2} bordered size="small">
          <Descriptions.Item label={t('account')}>{info.account}</Descriptions.Item>
          <Descriptions.Item label={t('realName')}>
            <span data-testid="profile-realName" data-user-text>
              {info.realName}
            </span>
          </Descriptions.Item>
          <Descriptions.Item label={t('gender')}>{gender(info.gender)}</Descriptions.Item>
          <Descriptions.Item label={t('mobile')}>
            <span data-testid="profile-mobile">{info.mobile}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('email')}>{info.email}</Descriptions.Item>
          <Descriptions.Item label={t('telePhone')}>{info.telePhone}</Descriptions.Item>
          <Descriptions.Item label={t('birthday')}>
            {info.birthday ? formatDate(info.birthday, DAY_FORMAT) : ''}
          </Descriptions.Item>
          <Descriptions.Item label={t('postalAddress')}>{info.postalAddress}</Descriptions.Item>
          <Descriptions.Item label={t('organize')}>
            <span data-user-text>{info.organize}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('position')}>
            <span data-user-text>{info.position}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('manager')}>
            <span data-user-text>{info.manager}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('roleName')}>
            <span data-user-text>{info.roleName}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('signature')} span={2}>
            <span data-testid="profile-signature">{info.signature}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('creatorTime')}>
            {info.creatorTime ? formatDateTime(info.creatorTime) : ''}
          </Descriptions.Item>
          <Descriptions.Item label={t('prevLogin')}>
            {info.prevLoginTime
              ? `${formatDateTime(info.prevLoginTime)} ${info.prevLoginIpAddress} ${ipPlaceName(info.prevLoginIpAddressName, i18n.language)}`
              : ''}
          </Descriptions.Item>
        </Descriptions>
        <Button
          type="primary"
          style={{ marginTop: 16 }}
          data-testid="profile-edit"
          onClick={() => {
            form.setFieldsValue({
              realName: info.realName,
              gender: info.gender === 1 || info.gender === 2 ? info.gender : undefined,
              mobile: info.mobile,
              email: info.email,
              telePhone: info.telePhone,
              postalAddress: info.postalAddress,
              signature: info.signature,
              birthday: msToDateInput(info.birthday),
            });
            setEditing(true);
          }}
        >
          {t('edit')}
        </Button>
      </div>
    );

  return (
    <Form<FormValues>
      form={form}
      layout="horizontal"
      labelCol={{ span: 4 }}
      wrapperCol={{ span: 12 }}
      onFinish={(v) => void save(v)}
      data-testid="profile-base-form"
    >
      <Form.Item
        name="realName"
        label={t('realName')}
        rules={[{ required: true, whitespace: true, message: t('required') }, rule('fullName')]}
      >
        <Input maxLength={50} data-testid="profile-input-realName" />
      </Form.Item>
      <Form.Item name="gender" label={t('gender')}>
        <Radio.Group
          options={[
            { value: 1, label: t('male') },
            { value: 2, label: t('female') },
          ]}
        />
      </Form.Item>
      <Form.Item name="mobile" label={t('mobile')} rules={[rule('mobile')]}>
        <Input maxLength={11} data-testid="profile-input-mobile" />
      </Form.Item>
      <Form.Item name="email" label={t('email')} rules={[rule('email')]}>
        <Input maxLength={100} data-testid="profile-input-email" />
      </Form.Item>
      <Form.Item
        name="telePhone"
        label={t('telePhone')}
        rules={[{ pattern: /^[0-9+() -]*$/, message: 'digits, spaces and + - ( ) only' }]}
      >
        <Input maxLength={30} />
      </Form.Item>
      <Form.Item name="birthday" label={t('birthday')}>
        <Input type="date" style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="postalAddress" label={t('postalAddress')}>
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item name="signature" label={t('signature')}>
        <Input.TextArea maxLength={200} rows={3} data-testid="profile-input-signature" />
      </Form.Item>
      <Form.Item wrapperCol={{ offset: 4 }}>
        <Space>
          <Button type="primary" htmlType="submit" loading={saving} data-testid="profile-save">
            {t('save')}
          </Button>
          <Button onClick={() => setEditing(false)}>{t('cancel')}</Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
