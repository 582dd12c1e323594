// A form in its popup (design/lowcode.md: popupType general = a dialog of generalWidth, fullScreen,
// drawer), with the form's own button texts; OK validates, then waits for onOk (a refusal keeps
// the popup open: the HTTP client showed the server's message). A drawer's code loads when a drawer
// form first opens.
import { Suspense, lazy, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Space } from 'antd';
import Modal from 'antd/es/modal';
import type { FormData } from '@lighting/shared/formcore';
import { FormRenderer, type FormRendererHandle, type FormRendererProps } from './FormRenderer';
import './i18n';

// a drawer form's popup loads when such a form first opens (most forms are dialogs)
const Drawer = lazy(() => import('antd/es/drawer'));

export interface FormPopupProps extends Omit<FormRendererProps, 'form'> {
  form: FormData;
  open: boolean;
  title: string;
  onCancel(): void;
  onOk(values: Record<string, unknown>): Promise<void>;
}

const text = (s: unknown, fallback: string): string => (typeof s === 'string' && s.trim() ? s : fallback);
/** '900px' → 900 (antd sizes drawers in pixels); '60%' stays as it is. */
const size = (s: string): number | string => (/^\d+(px)?$/.test(s.trim()) ? parseInt(s, 10) : s);

export function FormPopup({ form, open, title, onCancel, onOk, ...renderer }: FormPopupProps) {
  const { t } = useTranslation('form');
  const ref = useRef<FormRendererHandle>(null);
  const [busy, setBusy] = useState(false);
  const read = renderer.mode === 'read';
  // the form's own texts (data, as designed); the language's when it has none
  const cancelText = text(form.cancelButtonText, t('cancel'));
  const okText = text(form.confirmButtonText, t('ok'));

  const submit = async (): Promise<void> => {
    const values = await ref.current?.check();
    if (!values) return;
    setBusy(true);
    try {
      await onOk(values);
    } catch {
      /* refused: keep the form open */
    } finally {
      setBusy(false);
    }
  };

  const body = open ? <FormRenderer ref={ref} form={form} {...renderer} /> : null;
  const buttons = (
    <Space>
      <Button onClick={onCancel} data-testid="form-popup-cancel">
        {cancelText}
      </Button>
      {!read && (
        <Button type="primary" loading={busy} onClick={() => void submit()} data-testid="form-popup-ok">
          {okText}
        </Button>
      )}
    </Space>
  );

  if (form.popupType === 'drawer') {
    return (
      <Suspense fallback={null}>
        <Drawer
          open={open}
          title={title}
          size={size(text(form.drawerWidth, '600px'))}
          onClose={onCancel}
          destroyOnHidden
          footer={<div style={{ textAlign: 'right' }}>{buttons}</div>}
          data-testid="form-popup"
        >
          {body}
        </Drawer>
      </Suspense>
    );
  }
  const full = form.popupType === 'fullScreen';
  return (
    <Modal
      open={open}
      title={title}
      width={full ? text(form.fullScreenWidth, '100%') : text(form.generalWidth, '600px')}
      style={full ? { top: 0, paddingBottom: 0, maxWidth: '100vw' } : { top: 40, paddingBottom: 0 }}
      // the form scrolls inside the dialog, so OK and Cancel stay in view on a long form
      styles={{
        body: full
          ? { height: 'calc(100vh - 110px)', overflowY: 'auto' }
          : { maxHeight: 'calc(100vh - 190px)', overflowY: 'auto', overflowX: 'hidden' },
      }}
      onCancel={onCancel}
      destroyOnHidden
      mask={{ closable: false }}
      footer={buttons}
      data-testid="form-popup"
    >
      {body}
    </Modal>
  );
}
