// The form designer (full window over the console): palette | canvas | properties and form
// settings, with undo / redo (buttons and Ctrl+Z / Ctrl+Shift+Z / Ctrl+Y), JSON view, import,
// export, save and preview (a dialog over the designer showing the model as saved). It refuses to
// save a form with design problems (formcore's validateFormDesign: each listed, a click selects the
// control) and shows the server's message when the server refuses.
import { Suspense, lazy, useEffect, useState } from 'react';
import { DndContext, DragOverlay, MeasuringStrategy } from '@dnd-kit/core';
import { Button, Spin, Typography } from 'antd';
import Alert from 'antd/es/alert';
import Tabs from 'antd/es/tabs';
import CodeOutlined from '@ant-design/icons/es/icons/CodeOutlined';
import ImportOutlined from '@ant-design/icons/es/icons/ImportOutlined';
import ExportOutlined from '@ant-design/icons/es/icons/ExportOutlined';
import EyeOutlined from '@ant-design/icons/es/icons/EyeOutlined';
import SaveOutlined from '@ant-design/icons/es/icons/SaveOutlined';
import { useTranslation } from 'react-i18next';
import { DesignerHeader } from '@lighting/shared/admin';
import Segmented from 'antd/es/segmented';
import { controlInfo, mainFields, type FormData } from '@lighting/shared/formcore';
import { ListDesigner } from './ListDesigner';
import { getModel, type Model } from '../api';
import { canRedo, canUndo, fieldId, findField, formToSave } from './designState';
import { DesignContext } from './context';
import { Canvas } from './Canvas';
import { DragChip, Palette } from './Palette';
import { PropertyPanel } from './PropertyPanel';
import { FormSettings } from './FormSettings';
import { ImportDialog, JsonDialog } from './JsonDialogs';
import { formJson, savedForm } from './transfer';
import { problemText } from './problems';
import { controlName } from './names';

import { useFormDesign } from './useFormDesign';

export interface DesignerProps {
  modelId: string;
  onClose: () => void;
}

// the preview (the form renderer and the published list) loads when it is first opened
const PreviewDialog = lazy(() => import('../pages/PreviewModel').then((m) => ({ default: m.PreviewDialog })));

export default function Designer(props: DesignerProps) {
  const { t } = useTranslation('lowcode');
  const [model, setModel] = useState<{ info: Model; form: FormData } | { error: string } | null>(null);
  useEffect(() => {
    let alive = true;
    getModel(props.modelId).then(
      (info) => {
        if (!alive) return;
        const parsed = savedForm(info.formData);
        setModel(parsed.ok ? { info, form: parsed.form } : { error: parsed.message });
      },
      (e: Error) => alive && setModel({ error: e.message }),
    );
    return () => {
      alive = false;
    };
  }, [props.modelId]);
  return (
    <div
      data-testid="designer"
      style={{
        position: 'fixed',
        inset: 0,
        zIndex: 999,
        background: '#f5f5f5',
        display: 'flex',
        flexDirection: 'column',
      }}
    >
      {model === null ? (
        <Spin style={{ margin: 'auto' }} />
      ) : 'error' in model ? (
        <div style={{ margin: 'auto', maxWidth: 560 }}>
          <Alert
            type="error"
            showIcon
            message={t('loadFormFailed')}
            description={model.error}
            data-testid="designer-load-error"
          />
          <Button style={{ marginTop: 12 }} onClick={props.onClose}>
            {t('back')}
          </Button>
        </div>
      ) : (
        <Workbench {...props} info={model.info} initial={model.form} />
      )}
    </div>
  );
}

function Workbench({ modelId, onClose, info, initial }: DesignerProps & { info: Model; initial: FormData }) {
  const { t, i18n } = useTranslation('lowcode');
  const tl = useTranslation('lowcodeList').t;
  const {
    state,
    dispatch,
    dnd,
    hasList,
    list,
    changeList,
    mode,
    openMode,
    dirty,
    problems,
    showProblems,
    serverError,
    setServerError,
    busy,
    save,
    previewing,
    setPreviewing,
    preview,
    exportForm,
    add,
  } = useFormDesign(modelId, info, initial);
  const [tab, setTab] = useState<'field' | 'form'>('field');
  const [dialog, setDialog] = useState<'json' | 'import' | null>(null);

  // the property panel follows a new selection
  const selected = state.selected;
  useEffect(() => {
    if (selected) setTab('field');
  }, [selected]);

  const activeName = dnd.active
    ? (() => {
        const f = findField(state.form.fields, dnd.active.id);
        return f ? f.__config__.label : controlName(dnd.active.key, i18n.language);
      })()
    : '';

  return (
    <DesignContext.Provider
      value={{ state, dispatch, dropAt: dnd.dropAt, draggingId: dnd.active?.id ?? null }}
    >
      <DesignerHeader
        title={info.fullName}
        titleMaxWidth={320}
        dirty={dirty}
        canUndo={canUndo(state)}
        canRedo={canRedo(state)}
        onUndo={() => dispatch({ type: 'undo' })}
        onRedo={() => dispatch({ type: 'redo' })}
        onLeave={onClose}
        afterTitle={
          <>
            {hasList && (
              <Segmented
                value={mode}
                onChange={(v) => openMode(v as 'form' | 'list')}
                options={[
                  { value: 'form', label: tl('formDesign') },
                  { value: 'list', label: tl('listDesign') },
                ]}
                data-testid="designer-mode"
              />
            )}
          </>
        }
      >
        <Button icon={<CodeOutlined />} onClick={() => setDialog('json')} data-testid="open-json">
          {t('jsonView')}
        </Button>
        <Button icon={<ImportOutlined />} onClick={() => setDialog('import')} data-testid="open-import">
          {t('import')}
        </Button>
        <Button icon={<ExportOutlined />} onClick={exportForm} data-testid="export-json">
          {t('export')}
        </Button>
        <Button icon={<EyeOutlined />} onClick={() => void preview()} data-testid="designer-preview">
          {t('preview')}
        </Button>
        <Button
          type="primary"
          icon={<SaveOutlined />}
          loading={busy}
          onClick={() => void save()}
          data-testid="designer-save"
        >
          {t('save')}
        </Button>
      </DesignerHeader>
      {/* the server's refusal of a save, above whichever designer is shown */}
      {serverError && (
        <Alert
          type="error"
          showIcon
          closable
          onClose={() => setServerError(null)}
          message={t('serverRefused')}
          description={serverError}
          style={{ margin: '8px 12px 0' }}
          data-testid="server-error"
        />
      )}
      {mode === 'list' && hasList && list && (
        <div
          style={{ flex: 1, minHeight: 0, overflowY: 'auto', padding: 12 }}
          data-testid="list-design-scroll"
        >
          <ListDesigner
            form={state.form}
            list={list}
            onChange={changeList}
            onStore={(prop) => {
              const field = mainFields(state.form).get(prop);
              if (field) dispatch({ type: 'update', id: fieldId(field), props: { isStorage: 1 } });
            }}
          />
        </div>
      )}
      <DndContext {...dnd.contextProps} measuring={{ droppable: { strategy: MeasuringStrategy.Always } }}>
        <div style={{ flex: 1, minHeight: 0, display: mode === 'list' && hasList ? 'none' : 'flex' }}>
          <aside
            style={{
              width: 232,
              flex: '0 0 232px',
              overflowY: 'auto',
              background: '#fff',
              borderRight: '1px solid #f0f0f0',
            }}
          >
            <Palette onAdd={add} />
          </aside>
          <main style={{ flex: 1, minWidth: 0, overflowY: 'auto', padding: 12 }} data-testid="canvas-scroll">
            {showProblems && problems.length > 0 && (
              <Alert
                type="error"
                showIcon
                message={t('cannotSave', { count: problems.length })}
                style={{ marginBottom: 8 }}
                data-testid="design-problems"
                description={
                  <ul style={{ margin: 0, paddingLeft: 18 }}>
                    {problems.map((p, i) => (
                      <li key={i}>
                        <Typography.Link
                          onClick={() => p.formId && dispatch({ type: 'select', id: p.formId })}
                          data-testid="design-problem"
                        >
                          {problemLabel(state.form, p.formId, i18n.language)}
                          {problemText(p, i18n.language)}
                        </Typography.Link>
                      </li>
                    ))}
                  </ul>
                }
              />
            )}
            <Canvas />
          </main>
          <aside
            style={{
              width: 340,
              flex: '0 0 340px',
              overflowY: 'auto',
              background: '#fff',
              borderLeft: '1px solid #f0f0f0',
            }}
          >
            <Tabs
              activeKey={tab}
              onChange={(k) => setTab(k as 'field' | 'form')}
              centered
              items={[
                {
                  key: 'field',
                  label: t('controlProps'),
                  children: <PropertyPanel modelId={modelId} problems={problems} />,
                },
                { key: 'form', label: t('formProps'), children: <FormSettings /> },
              ]}
              data-testid="designer-tabs"
            />
          </aside>
        </div>
        <DragOverlay dropAnimation={null}>
          {dnd.active ? <DragChip name={activeName} icon={controlInfo(dnd.active.key)?.icon} /> : null}
        </DragOverlay>
      </DndContext>
      {previewing && (
        <Suspense fallback={<Spin fullscreen />}>
          <PreviewDialog modelId={modelId} title={info.fullName} onClose={() => setPreviewing(false)} />
        </Suspense>
      )}
      {dialog === 'json' && <JsonDialog text={formJson(formToSave(state))} onClose={() => setDialog(null)} />}
      {dialog === 'import' && (
        <ImportDialog
          onClose={() => setDialog(null)}
          onImport={(form) => {
            dispatch({ type: 'replace', form });
            setDialog(null);
          }}
        />
      )}
    </DesignContext.Provider>
  );
}

/** "Label: " of the control a problem is about (nothing for the whole form). */
function problemLabel(form: FormData, formId: string | null, language: string): string {
  if (!formId) return '';
  const f = findField(form.fields, formId);
  if (!f) return '';
  return `${f.__config__.label || controlName(f.__config__.jnpfKey, language)}: `;
}
