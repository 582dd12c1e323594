// The form's JSON (read-only, formatted) and the import of a form: pasted or from a .json file,
// ours or a JNPF 3.x one (normalised by formcore; a form that cannot load says where).
import { useState } from 'react';
import { Button, Input } from 'antd';
import Alert from 'antd/es/alert';
import Modal from 'antd/es/modal';
import Tabs from 'antd/es/tabs';
import { useTranslation } from 'react-i18next';
import { toast } from '@lighting/shared';
import type { FormData } from '@lighting/shared/formcore';
import { parseForm } from './transfer';

/** Largest import accepted (a form of thousands of fields is far below). */
const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

export function JsonDialog({ text, onClose }: { text: string; onClose: () => void }) {
  const { t } = useTranslation('lowcode');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast('success', t('copied'));
    } catch {
      toast('error', t('copyFailed'));
    }
  };
  return (
    <Modal
      open
      title={t('jsonView')}
      width={860}
      onCancel={onClose}
      footer={[
        <Button key="copy" onClick={() => void copy()}>
          {t('copyJson')}
        </Button>,
        <Button key="close" type="primary" onClick={onClose}>
          {t('close')}
        </Button>,
      ]}
    >
      <pre
        data-testid="json-view"
        style={{
          maxHeight: '65vh',
          overflow: 'auto',
          background: '#1e1e1e',
          color: '#d4d4d4',
          padding: 12,
          borderRadius: 6,
          fontSize: 12,
          margin: 0,
        }}
      >
        {text}
      </pre>
    </Modal>
  );
}

export function ImportDialog({
  onClose,
  onImport,
}: {
  onClose: () => void;
  onImport: (form: FormData) => void;
}) {
  const { t } = useTranslation('lowcode');
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const load = (input: string) => {
    const r = parseForm(input);
    if (r.ok) onImport(r.form);
    else setProblem(r.message);
  };
  const readFile = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_IMPORT_BYTES) {
      setProblem(t('importTooLarge'));
      return;
    }
    load(await file.text());
  };
  return (
    <Modal
      open
      title={t('importTitle')}
      width={720}
      onCancel={onClose}
      okText={t('importOk')}
      cancelText={t('cancel')}
      onOk={() => load(text)}
      okButtonProps={{ disabled: text.trim() === '', ...{ 'data-testid': 'import-ok' } }}
    >
      <Alert type="info" showIcon message={t('importHint')} style={{ marginBottom: 12 }} />
      <Tabs
        items={[
          {
            key: 'paste',
            label: t('importPaste'),
            children: (
              <Input.TextArea
                value={text}
                onChange={(e) => {
                  setText(e.target.value);
                  setProblem(null);
                }}
                autoSize={{ minRows: 10, maxRows: 18 }}
                placeholder='{ "fields": [ … ] }'
                style={{ fontFamily: 'monospace', fontSize: 12 }}
                data-testid="import-text"
              />
            ),
          },
          {
            key: 'file',
            label: t('importFile'),
            children: (
              <input
                type="file"
                accept=".json,.vdd,application/json"
                onChange={(e) => void readFile(e.target.files?.[0])}
                data-testid="import-file"
              />
            ),
          },
        ]}
      />
      {problem && (
        <Alert
          type="error"
          showIcon
          message={t('importFailed')}
          description={problem}
          style={{ marginTop: 12 }}
          data-testid="import-error"
        />
      )}
    </Modal>
  );
}
