// The navbar's feedback entry: a short form whose text reaches every administrator's message bell.
import { App as AntApp, Input } from 'antd';
import Modal from 'antd/es/modal';
import Form from 'antd/es/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sendFeedback, type FeedbackInput } from './api';

export function FeedbackDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('host');
  const { message } = AntApp.useApp();
  const [form] = Form.useForm<FeedbackInput>();
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      const res = await sendFeedback({ title: values.title.trim(), content: values.content.trim() });
      void message.success(res.msg || t('feedbackSent'));
      form.resetFields();
      onClose();
    } catch {
      // the http client has already shown the server's message; the dialog stays open with the text
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('feedback')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('feedbackSend')}
      confirmLoading={saving}
      destroyOnHidden
      width={520}
    >
      <Form form={form} layout="vertical" data-testid="feedback-form">
        <Form.Item
          name="title"
          label={t('feedbackTitle')}
          rules={[{ required: true, whitespace: true, message: t('feedbackTitleRequired') }, { max: 60 }]}
        >
          <Input maxLength={60} data-testid="feedback-title" />
        </Form.Item>
        <Form.Item
          name="content"
          label={t('feedbackContent')}
          rules={[{ required: true, whitespace: true, message: t('feedbackContentRequired') }, { max: 2000 }]}
        >
          <Input.TextArea rows={6} maxLength={2000} showCount data-testid="feedback-content" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
