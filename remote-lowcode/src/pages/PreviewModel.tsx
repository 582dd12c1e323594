// /previewModel?id=<modelId>[&record=<recordId>] — a model's form run by the one form renderer
// (@lighting/shared/form) in the form's own popup (dialog, full screen or drawer), with its
// validation; submit saves a record (OnlineDev/{modelId}) and the record is read back from the
// server and shown read-only. With `record`, that record opens for viewing and editing as a new copy.
// A form + list model's preview is its list as published pages will show it (the current,
// unreleased version: @lighting/shared/lowcode's ModelPage with `preview`), every button on.
import { useEffect, useRef, useState } from 'react';
import { Button, Empty, Space, Spin, Typography } from 'antd';
import Card from 'antd/es/card';
import Descriptions from 'antd/es/descriptions';
import Alert from 'antd/es/alert';
import { useTranslation } from 'react-i18next';
import { toast, useSearchParams, type RemotePageProps } from '@lighting/shared';
import { FormPopup, FormRenderer } from '@lighting/shared/form';
import { ModelPage } from '@lighting/shared/lowcode';
import type { FormData } from '@lighting/shared/formcore';
import { createRecord, getRecord, modelConfig, requestKey, type RecordValues } from '../api';
import { savedForm } from '../designer/transfer';
import '../i18n';

interface Loaded {
  modelId: string;
  title: string;
  form: FormData;
  initialValues?: RecordValues;
  /** a form + list model previewed as its list */
  list?: boolean;
}

export default function PreviewModel(_props: RemotePageProps) {
  const { t } = useTranslation('lowcode');
  const [params] = useSearchParams();
  const modelId = params.get('id');
  const recordId = params.get('record');
  const [loaded, setLoaded] = useState<Loaded | { error: string } | null>(null);

  useEffect(() => {
    if (!modelId) return;
    let alive = true;
    setLoaded(null);
    (async () => {
      const config = await modelConfig(modelId);
      const record = recordId ? await getRecord(modelId, recordId) : null;
      const parsed = savedForm(record ? record.formData : config.formData);
      if (!alive) return;
      if (!parsed.ok) setLoaded({ error: parsed.message });
      else
        setLoaded({
          modelId,
          title: config.fullName,
          form: parsed.form,
          initialValues: record?.data,
          list: config.type === 2 && !record,
        });
    })().catch((e: Error) => alive && setLoaded({ error: e.message }));
    return () => {
      alive = false;
    };
  }, [modelId, recordId]);

  if (!modelId)
    return <Empty description={t('previewNoModel')} data-testid="preview-page" style={{ marginTop: 48 }} />;
  if (loaded === null) return <Spin style={{ margin: 48 }} data-testid="preview-loading" />;
  if ('error' in loaded)
    return (
      <Alert
        type="error"
        showIcon
        message={t('loadFormFailed')}
        description={loaded.error}
        data-testid="preview-page"
      />
    );
  if (loaded.list)
    return (
      <div data-testid="preview-page">
        <ModelPage modelId={loaded.modelId} preview />
      </div>
    );
  return <Preview key={`${loaded.modelId}:${recordId ?? ''}`} loaded={loaded} />;
}

function Preview({ loaded }: { loaded: Loaded }) {
  const { t } = useTranslation('lowcode');
  const [open, setOpen] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<{ id: string; data: RecordValues; form: FormData } | null>(null);
  // one key per opening of the form: a retried submit makes one record
  const key = useRef(requestKey());

  /** The popup validated the form; save it, then read the record back. A throw keeps the popup open. */
  const submit = async (values: RecordValues) => {
    setError(null);
    try {
      const id = await createRecord(loaded.modelId, values, key.current);
      const back = await getRecord(loaded.modelId, id);
      const parsed = savedForm(back.formData);
      setSaved({ id, data: back.data, form: parsed.ok ? parsed.form : loaded.form });
      setOpen(false);
      toast('success', t('saved'));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      throw e;
    }
  };

  const reopen = () => {
    key.current = requestKey();
    setSaved(null);
    setOpen(true);
  };

  return (
    <div data-testid="preview-page">
      <Card
        size="small"
        title={
          <Space>
            <Typography.Text strong>{t('previewTitle')}</Typography.Text>
            <Typography.Text data-testid="preview-title">{loaded.title}</Typography.Text>
          </Space>
        }
        extra={
          <Button type="primary" onClick={reopen} data-testid="preview-open">
            {t('openForm')}
          </Button>
        }
      >
        {loaded.form.fields.length === 0 && <Empty description={t('emptyForm')} />}
        {error && (
          <Alert
            type="error"
            showIcon
            message={t('submitFailed')}
            description={error}
            style={{ marginBottom: 12 }}
            data-testid="preview-error"
          />
        )}
        {saved && (
          <div data-testid="preview-saved">
            <Alert type="success" showIcon message={t('recordSaved')} style={{ marginBottom: 12 }} />
            <Descriptions
              size="small"
              column={1}
              items={[{ key: 'id', label: t('recordId'), children: saved.id }]}
            />
            <FormRenderer form={saved.form} initialValues={saved.data} mode="read" modelId={loaded.modelId} />
          </div>
        )}
      </Card>
      <FormPopup
        form={loaded.form}
        open={open}
        title={loaded.title}
        onOk={submit}
        onCancel={() => setOpen(false)}
        initialValues={loaded.initialValues}
        mode="edit"
        modelId={loaded.modelId}
      />
    </div>
  );
}
