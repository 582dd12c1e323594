// The form designer (full window over the console): palette | canvas | properties and form
// settings, with undo / redo (buttons and Ctrl+Z / Ctrl+Shift+Z / Ctrl+Y), JSON view, import,
// export, save and preview (a dialog over the designer showing the model as saved). It refuses to
// save a form with design problems (formcore's validateFormDesign: each listed, a click selects the
// control) and shows the server's message when the server refuses.
import { Suspense, lazy, useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { DndContext, DragOverlay, MeasuringStrategy } from '@dnd-kit/core';
import { App as AntApp, Button, Space, Spin, Tooltip, Typography } from 'antd';
import Alert from 'antd/es/alert';
import Tabs from 'antd/es/tabs';
import ArrowLeftOutlined from '@ant-design/icons/es/icons/ArrowLeftOutlined';
import UndoOutlined from '@ant-design/icons/es/icons/UndoOutlined';
import RedoOutlined from '@ant-design/icons/es/icons/RedoOutlined';
import CodeOutlined from '@ant-design/icons/es/icons/CodeOutlined';
import ImportOutlined from '@ant-design/icons/es/icons/ImportOutlined';
import ExportOutlined from '@ant-design/icons/es/icons/ExportOutlined';
import EyeOutlined from '@ant-design/icons/es/icons/EyeOutlined';
import SaveOutlined from '@ant-design/icons/es/icons/SaveOutlined';
import { useTranslation } from 'react-i18next';
import { saveBlob, toast } from '@lighting/shared';
import Segmented from 'antd/es/segmented';
import {
  createField,
  controlInfo,
  formLang,
  listDesignProblems,
  mainFields,
  normalizeColumnData,
  validateFormDesign,
  type ColumnData,
  type FormData,
  type JnpfKey,
} from '@lighting/shared/formcore';
import { ListDesigner } from './ListDesigner';
import { followRenames, starterList } from './listDesign';
import { getModel, updateModel, type Model } from '../api';
import {
  ROOT,
  canRedo,
  canUndo,
  designReducer,
  fieldId,
  findField,
  formToSave,
  initialDesign,
} from './designState';
import { DesignContext } from './context';
import { Canvas } from './Canvas';
import { DragChip, Palette } from './Palette';
import { PropertyPanel } from './PropertyPanel';
import { FormSettings } from './FormSettings';
import { ImportDialog, JsonDialog } from './JsonDialogs';
import { exportFileName, formJson, savedForm } from './transfer';
import { locateProblems, problemText } from './problems';
import { controlName } from './names';
import { useDesignDnd } from './useDesignDnd';

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

const isEditable = (el: EventTarget | null) =>
  el instanceof HTMLElement && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));

function Workbench({ modelId, onClose, info, initial }: DesignerProps & { info: Model; initial: FormData }) {
  const { t, i18n } = useTranslation('lowcode');
  const tl = useTranslation('lowcodeList').t;
  const { modal } = AntApp.useApp();
  const [state, dispatch] = useReducer(designReducer, initial, initialDesign);
  const [saved, setSaved] = useState<FormData>(state.form);
  // a form + list model's list (issue 13): designed beside the form, saved with it
  const hasList = info.type === 2;
  // null until the list is first opened (a list never saved starts from the form as it is then)
  const [savedList, setSavedList] = useState<ColumnData | null>(() =>
    normalizeColumnData(info.columnData ?? ''),
  );
  const [list, setList] = useState<ColumnData | null>(savedList);
  const [mode, setMode] = useState<'form' | 'list'>('form');
  // a list never saved starts from the form as it is when the list is first opened
  const [listTouched, setListTouched] = useState(false);
  const openMode = (next: 'form' | 'list') => {
    if (next === 'list' && !listTouched && (!list || list.columnList.length === 0))
      setList(starterList(state.form));
    setMode(next);
  };
  const changeList = (next: ColumnData) => {
    setListTouched(true);
    setList(next);
  };
  // a field renamed in the form renames its column and search field (the list's label is a copy)
  const formBefore = useRef(state.form);
  useEffect(() => {
    const before = formBefore.current;
    formBefore.current = state.form;
    if (before !== state.form) setList((l) => (l ? followRenames(l, before, state.form) : l));
  }, [state.form]);
  const [tab, setTab] = useState<'field' | 'form'>('field');
  const [showProblems, setShowProblems] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [dialog, setDialog] = useState<'json' | 'import' | null>(null);
  const lang = formLang(i18n.language);
  const dnd = useDesignDnd(state.form, dispatch, lang);
  const listDirty = hasList && list !== null && list !== savedList;
  const dirty = state.form !== saved || listDirty;
  const listProblems = useMemo(
    // an empty list may be saved while it is designed; release asks for a column
    () =>
      hasList && list ? listDesignProblems(list, state.form).filter((p) => p.path !== 'columnList') : [],
    [hasList, list, state.form],
  );

  const problems = useMemo(() => locateProblems(state.form, validateFormDesign(state.form)), [state.form]);

  // the property panel follows a new selection
  const selected = state.selected;
  useEffect(() => {
    if (selected) setTab('field');
  }, [selected]);

  const stateRef = useRef(state);
  stateRef.current = state;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || isEditable(e.target)) {
        if (e.key === 'Delete' && !isEditable(e.target) && stateRef.current.selected) {
          e.preventDefault();
          dispatch({ type: 'remove', id: stateRef.current.selected });
        }
        return;
      }
      const k = e.key.toLowerCase();
      if (k === 'z' && !e.shiftKey) {
        e.preventDefault();
        dispatch({ type: 'undo' });
      } else if ((k === 'z' && e.shiftKey) || k === 'y') {
        e.preventDefault();
        dispatch({ type: 'redo' });
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const save = useCallback(async (): Promise<boolean> => {
    setServerError(null);
    if (problems.length > 0) {
      setShowProblems(true);
      setMode('form');
      return false;
    }
    if (listProblems.length > 0) {
      setMode('list');
      return false;
    }
    setBusy(true);
    try {
      const msg = await updateModel(
        modelId,
        {
          fullName: info.fullName,
          enCode: info.enCode,
          category: info.category,
          type: info.type,
          description: info.description,
          sortCode: info.sortCode,
        },
        formToSave(state),
        hasList && list ? list : undefined,
      );
      setSaved(state.form);
      if (hasList && list) setSavedList(list);
      setShowProblems(false);
      toast('success', msg || t('saved'));
      return true;
    } catch (e) {
      setServerError(e instanceof Error ? e.message : String(e));
      return false;
    } finally {
      setBusy(false);
    }
  }, [problems, listProblems, hasList, list, state, modelId, info, t]);

  const leave = () => {
    if (!dirty) return onClose();
    modal.confirm({
      title: t('unsavedTitle'),
      content: t('unsavedLeave'),
      okText: t('leave'),
      cancelText: t('stay'),
      onOk: onClose,
    });
  };

  // the preview shows the model as last saved, in a dialog over the designer (read afresh each time)
  const [previewing, setPreviewing] = useState(false);
  const preview = async () => {
    if (dirty && !(await save())) return;
    setPreviewing(true);
  };

  const exportForm = () => {
    saveBlob(
      new Blob([formJson(formToSave(state))], { type: 'application/json' }),
      exportFileName(info.enCode),
    );
  };

  const add = (key: JnpfKey) =>
    dispatch({
      type: 'insert',
      make: (id) => createField(key, id, lang),
      list: ROOT,
      index: state.form.fields.length,
    });

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
      <header
        style={{
          height: 48,
          flex: '0 0 48px',
          display: 'flex',
          alignItems: 'center',
          gap: 12,
          padding: '0 12px',
          background: '#fff',
          borderBottom: '1px solid #f0f0f0',
        }}
      >
        <Button icon={<ArrowLeftOutlined />} onClick={leave} data-testid="designer-back">
          {t('back')}
        </Button>
        <Typography.Text strong ellipsis style={{ maxWidth: 320 }} data-testid="designer-title">
          {info.fullName}
        </Typography.Text>
        {dirty && <Typography.Text type="warning">{t('unsaved')}</Typography.Text>}
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
        <Space style={{ marginLeft: 'auto' }} wrap>
          <Tooltip title={`${t('undo')} (Ctrl+Z)`}>
            <Button
              icon={<UndoOutlined />}
              disabled={!canUndo(state)}
              onClick={() => dispatch({ type: 'undo' })}
              aria-label={t('undo')}
              data-testid="undo"
            />
          </Tooltip>
          <Tooltip title={`${t('redo')} (Ctrl+Shift+Z)`}>
            <Button
              icon={<RedoOutlined />}
              disabled={!canRedo(state)}
              onClick={() => dispatch({ type: 'redo' })}
              aria-label={t('redo')}
              data-testid="redo"
            />
          </Tooltip>
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
        </Space>
      </header>
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
