// A modal form for create/edit: fields with the §5 validators (formRules), submit through the
// page's call; the modal stays open when the server refuses (the client shows its message).
import { useState, type ReactNode } from 'react';
import { Input } from 'antd';
import Modal from 'antd/es/modal';
import Form from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import type { RuleName } from '../core/validators';
import { fieldRules } from './formRules';
import './i18n';

export interface FormField {
  name: string;
  label: string;
  required?: boolean;
  rules?: readonly RuleName[];
  max?: number;
  /** The control (default a text input). */
  input?: ReactNode;
  valuePropName?: string;
  extra?: ReactNode;
  /** Not rendered (e.g. account on edit). */
  hidden?: boolean;
}

export interface FormModalProps<V extends object> {
  open: boolean;
  title: ReactNode;
  fields: readonly FormField[];
  initialValues?: Partial<V>;
  onSubmit: (values: V) => Promise<unknown>;
  onClose: () => void;
  width?: number;
  testId?: string;
  /** Watch values to show/hide fields (menu type → fields). */
  onValuesChange?: (changed: Partial<V>, all: V) => void;
}

/** Mounted only while open, so every opening starts from `initialValues` with a fresh form store. */
export function FormModal<V extends object>(props: FormModalProps<V>) {
  return props.open ? <OpenFormModal<V> {...props} /> : null;
}

function OpenFormModal<V extends object>({
  title,
  fields,
  initialValues,
  onSubmit,
  onClose,
  width = 600,
  testId = 'form-modal',
  onValuesChange,
}: FormModalProps<V>) {
  const { t } = useTranslation('admin');
  const [form] = Form.useForm<V>();
  const [busy, setBusy] = useState(false);

  const messages = {
    required: (label: string) => t('required', { label }),
    max: (label: string, max: number) => t('tooLong', { label, max }),
  };

  const submit = async () => {
    let values: V;
    try {
      values = await form.validateFields();
    } catch {
      return; // the form shows each field's message
    }
    setBusy(true);
    try {
      await onSubmit(values);
      onClose();
    } catch {
      /* refused by the server: its message was shown, keep the form */
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={title}
      width={width}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={busy}
      okText={t('ok')}
      cancelText={t('cancel')}
      data-testid={testId}
    >
      <Form<V>
        form={form}
        layout="horizontal"
        labelCol={{ span: 5 }}
        wrapperCol={{ span: 18 }}
        initialValues={initialValues}
        onValuesChange={onValuesChange}
        data-testid={`${testId}-form`}
      >
        {fields
          .filter((f) => !f.hidden)
          .map((f) => (
            <Form.Item
              key={f.name}
              name={f.name}
              label={f.label}
              rules={fieldRules(f, messages)}
              valuePropName={f.valuePropName}
              extra={f.extra}
              required={f.required}
            >
              {f.input ?? (
                <Input placeholder={t('required', { label: f.label })} data-testid={`field-${f.name}`} />
              )}
            </Form.Item>
          ))}
      </Form>
    </Modal>
  );
}
