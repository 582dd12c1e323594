// Import from a template: download the template, upload the filled file, read the result. The
// rule is stated before the upload: all rows or none — one bad row imports nothing, and every
// problem is listed by row, field and message.
import { useRef, useState } from 'react';
import { Button, Space, Typography } from 'antd';
import Alert from 'antd/es/alert';
import Modal from 'antd/es/modal';
import Table from 'antd/es/table';
import Upload from 'antd/es/upload';
import { useTranslation } from 'react-i18next';
import { downloadTemplate, importRecords, requestKey, saveFile, type ImportResult } from './api';
import './i18n';

export interface ImportDialogProps {
  modelId: string;
  open: boolean;
  preview?: boolean;
  onClose(): void;
  /** rows were imported: the list reloads */
  onImported(count: number): void;
}

export function ImportDialog({ modelId, open, preview, onClose, onImported }: ImportDialogProps) {
  const { t } = useTranslation('lowcodeRuntime');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ImportResult | null>(null);
  // one key per chosen file: a retried upload of the same file imports it once
  const key = useRef(requestKey());

  const upload = async (file: File) => {
    setBusy(true);
    setResult(null);
    key.current = requestKey();
    try {
      const { result: r } = await importRecords(modelId, file, key.current, preview);
      setResult(r);
      if (r.imported > 0) onImported(r.imported);
    } catch {
      /* the HTTP client showed the server's message */
    } finally {
      setBusy(false);
    }
  };

  const close = () => {
    setResult(null);
    onClose();
  };

  const badRows = result ? new Set(result.errors.map((e) => e.row)).size : 0;
  return (
    <Modal
      open={open}
      title={t('importTitle')}
      onCancel={close}
      width={720}
      footer={<Button onClick={close}>{t('close')}</Button>}
      destroyOnHidden
    >
      <Space direction="vertical" style={{ width: '100%' }} size="middle" data-testid="import-dialog">
        <Alert type="info" showIcon message={t('importRule')} data-testid="import-rule" />
        <div>
          <Typography.Paragraph style={{ marginBottom: 8 }}>{t('importStep1')}</Typography.Paragraph>
          <Button
            onClick={() => void downloadTemplate(modelId, preview).then(saveFile, () => undefined)}
            data-testid="import-template"
          >
            {t('template')}
          </Button>
        </div>
        <div>
          <Typography.Paragraph style={{ marginBottom: 8 }}>{t('importStep2')}</Typography.Paragraph>
          <Upload.Dragger
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            multiple={false}
            showUploadList={false}
            disabled={busy}
            beforeUpload={(file) => {
              void upload(file);
              return false;
            }}
            data-testid="import-upload"
          >
            <p>{busy ? t('importing') : t('chooseFile')}</p>
          </Upload.Dragger>
        </div>
        {result && result.errors.length === 0 && (
          <Alert
            type="success"
            showIcon
            message={t('importOk', { count: result.imported })}
            data-testid="import-ok"
          />
        )}
        {result && result.errors.length > 0 && (
          <>
            <Alert
              type="error"
              showIcon
              message={t('importFailed', { rows: badRows, total: result.total })}
              data-testid="import-failed"
            />
            <Table
              size="small"
              rowKey={(e) => `${e.row}:${e.field}:${e.message}`}
              dataSource={result.errors}
              pagination={result.errors.length > 10 ? { pageSize: 10 } : false}
              columns={[
                { title: t('row'), dataIndex: 'row', width: 70 },
                { title: t('field'), dataIndex: 'field', width: 160 },
                { title: t('problem'), dataIndex: 'message' },
              ]}
              data-testid="import-errors"
            />
          </>
        )}
      </Space>
    </Modal>
  );
}
