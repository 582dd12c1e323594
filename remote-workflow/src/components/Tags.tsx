// The workflow's tags: a task's status (0–5), its urgency (1–3) and a record's action.
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { actionLook, statusLook, urgencyLook } from '../logic/status';
import '../i18n';

export function StatusTag({ value }: { value: unknown }) {
  const { t } = useTranslation('workflow');
  const l = statusLook(value);
  return (
    <Tag color={l.color} data-testid="status-tag" data-status={String(value)}>
      {t(l.key)}
    </Tag>
  );
}

export function UrgencyTag({ value }: { value: unknown }) {
  const { t } = useTranslation('workflow');
  const l = urgencyLook(value);
  return (
    <Tag color={l.color} data-testid="urgency-tag" data-urgency={String(value ?? 1)}>
      {t(l.key)}
    </Tag>
  );
}

export function ActionTag({ value }: { value: unknown }) {
  const { t } = useTranslation('workflow');
  const l = actionLook(value);
  return <Tag color={l.color}>{t(l.key)}</Tag>;
}
