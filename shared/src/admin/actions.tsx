// Row actions every admin list shares: delete with the spec's confirmation, the enabled/disabled
// state toggle, and a confirm-then-call helper (release, force offline, reset…).
import { useState } from 'react';
import { App as AntApp, Tag } from 'antd';
import Switch from 'antd/es/switch';
import { useTranslation } from 'react-i18next';
import { request, type Envelope } from '@lighting/shared';
import { toast } from '@lighting/shared';
import { useButtonAuth } from '@lighting/shared';
import './i18n';

/** Asks `text` (default: the spec's delete confirmation), then runs `action`; resolves true when it ran and succeeded. */
export function useConfirm() {
  const { modal } = AntApp.useApp();
  const { t } = useTranslation('admin');
  return (action: () => Promise<unknown>, text?: string): Promise<boolean> =>
    new Promise((resolve) => {
      modal.confirm({
        title: t('tip'),
        content: text ?? t('confirmDelete'),
        okText: t('ok'),
        cancelText: t('cancel'),
        okButtonProps: { danger: !text },
        onOk: async () => {
          try {
            await action();
            resolve(true);
          } catch {
            resolve(false); // the HTTP client showed the server's message
          }
        },
        onCancel: () => resolve(false),
      });
    });
}

/** DELETE `url` after the confirmation; shows the server's message; calls `onDone` on success. */
export function useConfirmDelete() {
  const confirm = useConfirm();
  return (url: string, onDone?: () => void, text?: string): Promise<boolean> =>
    confirm(async () => {
      const res = await request<unknown>({ url, method: 'delete' });
      toast('success', res.msg || 'OK');
      onDone?.();
    }, text);
}

/** enabledMark as a read-only tag (正常 / 停用). */
export function StateTag({ value }: { value: number }) {
  const { t } = useTranslation('admin');
  return value === 1 ? <Tag color="success">{t('enabled')}</Tag> : <Tag color="error">{t('disabled')}</Tag>;
}

/**
 * enabledMark as a switch: PUT `url` (…/Actions/State) toggles it; read-only tag without btn_edit.
 */
export function StateSwitch({
  value,
  url,
  onChanged,
  editCode = 'btn_edit',
}: {
  value: number;
  url: string;
  onChanged?: (enabledMark: number) => void;
  editCode?: string;
}) {
  const { t } = useTranslation('admin');
  const canEdit = useButtonAuth(editCode);
  const [busy, setBusy] = useState(false);
  if (!canEdit) return <StateTag value={value} />;
  return (
    <Switch
      size="small"
      checked={value === 1}
      loading={busy}
      checkedChildren={t('enabled')}
      unCheckedChildren={t('disabled')}
      data-testid="state-switch"
      onChange={async () => {
        setBusy(true);
        try {
          const res = await request<{ enabledMark: number }>({ url, method: 'put' });
          toast('success', res.msg || 'OK');
          onChanged?.((res as Envelope<{ enabledMark: number }>).data?.enabledMark ?? (value === 1 ? 0 : 1));
        } catch {
          /* message shown by the client */
        } finally {
          setBusy(false);
        }
      }}
    />
  );
}
