// The page of a published model (menu type 3; the code generator's remotes render it too): loads
// the model's form and list as this user sees them, then shows the list and its form (a form +
// list model) or the form to fill in (a form-only model).
import { useEffect, useRef, useState } from 'react';
import { Button, Spin } from 'antd';
import Card from 'antd/es/card';
import Result from 'antd/es/result';
import Alert from 'antd/es/alert';
import { useTranslation } from 'react-i18next';
import { toast } from '@lighting/shared';
import { FormRenderer, type FormRendererHandle } from '@lighting/shared/form';
import { createRecord, requestKey, runtimeConfig, type RuntimeConfig } from './api';
// the list (antd's Table, the search bar's pickers) loads only for a form + list model
import { ModelList } from './pages';
import './i18n';

export interface ModelPageProps {
  /** the model's id (a menu's propertyJson moduleId) */
  modelId: string;
  /** a designer's preview: the current, unreleased version, every button */
  preview?: boolean;
  /**
   * The form and list to run, when the caller has them (the generated remote's own copy); else
   * they are read from the server (OnlineDev/{modelId}/Config), with only the granted columns.
   */
  config?: RuntimeConfig;
}

export function ModelPage({ modelId, preview = false, config }: ModelPageProps) {
  const { t } = useTranslation('lowcodeRuntime');
  const [loaded, setLoaded] = useState<RuntimeConfig | { error: string } | null>(config ?? null);

  useEffect(() => {
    if (config) {
      setLoaded(config);
      return;
    }
    let alive = true;
    setLoaded(null);
    runtimeConfig(modelId, preview).then(
      (c) => alive && setLoaded(c),
      (e: Error) => alive && setLoaded({ error: e.message }),
    );
    return () => {
      alive = false;
    };
  }, [modelId, preview, config]);

  if (loaded === null) return <Spin style={{ margin: 48 }} data-testid="lowcode-loading" />;
  if ('error' in loaded)
    return (
      <Result status="warning" title={t('loadFailed')} subTitle={loaded.error} data-testid="lowcode-error" />
    );
  if (loaded.type === 2) return <ModelList modelId={modelId} config={loaded} preview={preview} />;
  return <FormOnly modelId={modelId} config={loaded} preview={preview} />;
}

/** A form-only model's page: fill in the form and submit; then fill in another. */
function FormOnly({
  modelId,
  config,
  preview,
}: {
  modelId: string;
  config: RuntimeConfig;
  preview: boolean;
}) {
  const { t } = useTranslation('lowcodeRuntime');
  const ref = useRef<FormRendererHandle>(null);
  const key = useRef(requestKey());
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(0);
  const [sent, setSent] = useState(false);

  if (!config.form.fields.length) return <Alert type="info" message={t('noForm')} />;
  const submit = async () => {
    const values = await ref.current?.check();
    if (!values) return;
    setBusy(true);
    try {
      await createRecord(modelId, values, key.current, preview);
      toast('success', t('submitted'));
      setSent(true);
    } catch {
      /* shown by the HTTP client; the form stays as filled */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card title={config.fullName} data-testid="lowcode-form-page">
      {sent ? (
        <Result
          status="success"
          title={t('submitted')}
          extra={
            <Button
              type="primary"
              onClick={() => {
                key.current = requestKey();
                setDone((n) => n + 1);
                setSent(false);
              }}
            >
              {t('fillAgain')}
            </Button>
          }
        />
      ) : (
        <>
          <FormRenderer key={done} ref={ref} form={config.form} mode="edit" modelId={modelId} />
          <Button type="primary" loading={busy} onClick={() => void submit()} data-testid="lowcode-submit">
            {t('submit')}
          </Button>
        </>
      )}
    </Card>
  );
}
