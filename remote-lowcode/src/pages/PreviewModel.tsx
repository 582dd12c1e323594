// A model's preview as last saved: its form run by the one form renderer (@lighting/shared/form) in
// the form's own popup (dialog, full screen or drawer), with its validation — submit saves a
// record (OnlineDev/{modelId}, as a preview) and the record is read back from the server and shown
// read-only — and, for a form + list model, its list as published pages will show it
// (@lighting/shared/lowcode's ModelPage with `preview`, every button on) beside the form.
//
// `ModelPreview` reads the model afresh each time it is shown: the designer and the model list open
// it in a dialog (PreviewDialog) over themselves, so a list designed a moment ago is what it shows.
// The route /previewModel?id=<modelId>[&record=<recordId>] shows the same; with `record`, that
// record opens for viewing and editing as a new copy.
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { Button, Empty, Space, Spin, Typography } from 'antd';
import Card from 'antd/es/card';
import Alert from 'antd/es/alert';
import Modal from 'antd/es/modal';
import { useTranslation } from 'react-i18next';
import { toast, useSearchParams, type RemotePageProps } from '@lighting/shared';
import { FormPopup, FormRenderer } from '@lighting/shared/form';
import {
  ModelPage,
  createRecord,
  getRecord,
  requestKey,
  runtimeConfig,
  type RecordValues,
  type RuntimeConfig,
} from '@lighting/shared/lowcode';
import type { FormData } from '@lighting/shared/formcore';
import '../i18n';

interface Loaded {
  modelId: string;
  title: string;
  form: FormData;
  initialValues?: RecordValues;
}

// shown only after a save (the record's id) and for a form + list model (list or form): loaded then
const Descriptions = lazy(() => import('antd/es/descriptions'));
const Segmented = lazy(() => import('antd/es/segmented'));

export default function PreviewModel(_props: RemotePageProps) {
  const { t } = useTranslation('lowcode');
  const [params] = useSearchParams();
  const modelId = params.get('id');
  const recordId = params.get('record');
  if (!modelId)
    return <Empty description={t('previewNoModel')} data-testid="preview-page" style={{ marginTop: 48 }} />;
  return (
    <div data-testid="preview-page">
      <ModelPreview key={`${modelId}:${recordId ?? ''}`} modelId={modelId} recordId={recordId} />
    </div>
  );
}

/** The preview over the designer or the model list: read afresh at each opening. */
export function PreviewDialog({
  modelId,
  title,
  onClose,
}: {
  modelId: string | null;
  title: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('lowcode');
  return (
    <Modal
      open={modelId !== null}
      title={`${t('previewTitle')} · ${title}`}
      width="92vw"
      style={{ top: 24, maxWidth: 1600 }}
      styles={{ body: { maxHeight: 'calc(100vh - 140px)', overflowY: 'auto' } }}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      data-testid="preview-dialog"
    >
      {modelId && (
        <div data-testid="preview-page">
          <ModelPreview modelId={modelId} />
        </div>
      )}
    </Modal>
  );
}

/** A model's current form (and list), or a record's own version of the form. */
export function ModelPreview({ modelId, recordId }: { modelId: string; recordId?: string | null }) {
  const { t } = useTranslation('lowcode');
  const [loaded, setLoaded] = useState<
    { config: RuntimeConfig; record: Loaded | null } | { error: string } | null
  >(null);

  useEffect(() => {
    let alive = true;
    (async () => {
      const config = await runtimeConfig(modelId, true);
      let record: Loaded | null = null;
      if (recordId) {
        const r = await getRecord(modelId, recordId, true);
        record = { modelId, title: config.fullName, form: r.form, initialValues: r.data };
      }
      if (alive) setLoaded({ config, record });
    })().catch((e: Error) => alive && setLoaded({ error: e.message }));
    return () => {
      alive = false;
    };
  }, [modelId, recordId]);

  if (loaded === null) return <Spin style={{ margin: 48 }} data-testid="preview-loading" />;
  if ('error' in loaded)
    return <Alert type="error" showIcon message={t('loadFormFailed')} description={loaded.error} />;
  const { config, record } = loaded;
  if (record) return <Preview loaded={record} />;
  const form: Loaded = { modelId, title: config.fullName, form: config.form };
  if (config.type !== 2) return <Preview loaded={form} />;
  return <FormAndList config={config} form={form} />;
}

/** A form + list model: its list (when designed) and its form, one at a time. */
function FormAndList({ config, form }: { config: RuntimeConfig; form: Loaded }) {
  const { t } = useTranslation('lowcode');
  const hasList = (config.list?.columnList.length ?? 0) > 0;
  const [view, setView] = useState<'list' | 'form'>(hasList ? 'list' : 'form');
  return (
    <>
      <Suspense fallback={<div style={{ height: 32, marginBottom: 12 }} />}>
        <Segmented
          value={view}
          onChange={(v) => setView(v as 'list' | 'form')}
          options={[
            { value: 'list', label: t('previewList') },
            { value: 'form', label: t('previewForm') },
          ]}
          style={{ marginBottom: 12 }}
          data-testid="preview-view"
        />
      </Suspense>
      {view === 'form' ? (
        <Preview loaded={form} />
      ) : hasList ? (
        <ModelPage modelId={config.id} preview config={config} />
      ) : (
        <Empty description={t('previewNoList')} data-testid="preview-no-list" />
      )}
    </>
  );
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
      const id = await createRecord(loaded.modelId, values, key.current, true);
      const back = await getRecord(loaded.modelId, id, true);
      setSaved({ id, data: back.data, form: back.form });
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
    <div data-testid="preview-form">
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
            <Suspense fallback={null}>
              <Descriptions
                size="small"
                column={1}
                items={[{ key: 'id', label: t('recordId'), children: saved.id }]}
              />
            </Suspense>
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
