// The flow designer (full window over the console): the tree drawn by FlowCanvas, a drawer per
// node, zoom, undo / redo (Ctrl+Z / Ctrl+Shift+Z / Ctrl+Y), import and export of the JSON, save
// and release. Invalid nodes are marked live with flowcore's validateFlow (the server runs the same
// check at release and answers the problems, which are then shown the same way).
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Badge, Button, Input, Spin, Tooltip, Typography } from 'antd';
import Modal from 'antd/es/modal';
import Alert from 'antd/es/alert';
import ZoomInOutlined from '@ant-design/icons/es/icons/ZoomInOutlined';
import ZoomOutOutlined from '@ant-design/icons/es/icons/ZoomOutOutlined';
import ImportOutlined from '@ant-design/icons/es/icons/ImportOutlined';
import ExportOutlined from '@ant-design/icons/es/icons/ExportOutlined';
import SaveOutlined from '@ant-design/icons/es/icons/SaveOutlined';
import SendOutlined from '@ant-design/icons/es/icons/SendOutlined';
import { useTranslation } from 'react-i18next';
import { DesignerHeader } from '@lighting/shared/admin';
import { findNode, type FlowNode } from '@lighting/shared/flowcore';
import { getFlow, type FlowInfo } from '../api';
import { useDirectory } from '../directory';
import { clampZoom, fitZoom, zoomIn, zoomOut } from '../logic/zoom';
import { nodeSummary, signTag } from '../logic/summary';
import { FlowCanvas } from './FlowCanvas';
import { NodeDrawer } from './NodeDrawer';
import { useSummaryText } from './useSummaryText';
import { canRedo, canUndo, initialDesign } from './designState';
import { langOf, parseFlow } from './transfer';
import { useFlowDesign } from './useFlowDesign';
import '../i18n';

export interface FlowDesignerProps {
  flowId: string;
  onClose: (changed: boolean) => void;
}

export default function FlowDesigner(props: FlowDesignerProps) {
  const { t } = useTranslation('workflow');
  const [loaded, setLoaded] = useState<{ info: FlowInfo } | { error: string } | null>(null);
  useEffect(() => {
    let alive = true;
    getFlow(props.flowId).then(
      (info) => alive && setLoaded({ info }),
      (e: Error) => alive && setLoaded({ error: e.message }),
    );
    return () => {
      alive = false;
    };
  }, [props.flowId]);
  const parsed = useMemo(
    () => (loaded && 'info' in loaded ? parseFlow(loaded.info.flowTemplateJson) : null),
    [loaded],
  );
  return (
    <div
      data-testid="flow-designer"
      style={{
        position: 'fixed',
        inset: 0,
        zIndex: 999,
        background: '#f5f6f8',
        display: 'flex',
        flexDirection: 'column',
      }}
    >
      {loaded === null ? (
        <Spin style={{ margin: 'auto' }} />
      ) : 'error' in loaded || (parsed && !parsed.ok) ? (
        <div style={{ margin: 'auto', maxWidth: 560 }}>
          <Alert
            type="error"
            showIcon
            message={t('loadFlowFailed')}
            description={'error' in loaded ? loaded.error : parsed && !parsed.ok ? parsed.message : ''}
            data-testid="designer-load-error"
          />
          <Button style={{ marginTop: 12 }} onClick={() => props.onClose(false)}>
            {t('back')}
          </Button>
        </div>
      ) : parsed && parsed.ok ? (
        <Workbench {...props} info={loaded.info} initial={parsed.def} />
      ) : null}
    </div>
  );
}

function Workbench({
  onClose,
  info,
  initial,
}: FlowDesignerProps & { info: FlowInfo; initial: ReturnType<typeof initialDesign>['def'] }) {
  const { t } = useTranslation('workflow');
  const {
    lang,
    state,
    dispatch,
    fields,
    dirty,
    problems,
    serverProblems,
    byNode,
    busy,
    changed,
    showProblems,
    setShowProblems,
    add,
    addBranch,
    save,
    release,
    exportFlow,
  } = useFlowDesign(info, initial);
  const [zoom, setZoom] = useState(100);
  const [importing, setImporting] = useState(false);
  const scrollRef = useRef<HTMLDivElement>(null);
  const { trees, dir } = useDirectory();

  const { words, say } = useSummaryText();
  const findTitle = useCallback(
    (id: string) => {
      const n = findNode(state.def, id);
      return n ? String(n.properties.title ?? '') : null;
    },
    [state.def],
  );
  const summary = useCallback(
    (n: FlowNode) => say(nodeSummary(n, { dir, fields, words, findTitle })),
    [say, dir, fields, words, findTitle],
  );
  const tag = useCallback(
    (n: FlowNode) => {
      const s = signTag(n);
      return s ? <span style={{ fontSize: 11, opacity: 0.9 }}>{say(s)}</span> : null;
    },
    [say],
  );

  const fit = () => {
    const box = scrollRef.current;
    const canvas = box?.querySelector<HTMLElement>('.wf-canvas');
    if (!box || !canvas) return;
    // the canvas's natural width is its scaled width divided by the zoom shown
    setZoom(fitZoom((canvas.scrollWidth * 100) / zoom, box.clientWidth));
  };

  const selectedNode = state.selected ? findNode(state.def, state.selected) : null;
  const listed = serverProblems ?? problems;

  return (
    <>
      <DesignerHeader
        title={info.fullName}
        titleMaxWidth={280}
        dirty={dirty}
        canUndo={canUndo(state)}
        canRedo={canRedo(state)}
        onUndo={() => dispatch({ type: 'undo' })}
        onRedo={() => dispatch({ type: 'redo' })}
        onLeave={() => onClose(changed)}
        afterTitle={
          info.version > 0 && (
            <Typography.Text type="secondary">{t('versionN', { n: info.version })}</Typography.Text>
          )
        }
        before={
          <>
            <Tooltip title={t('zoomOut')}>
              <Button
                icon={<ZoomOutOutlined />}
                onClick={() => setZoom(zoomOut)}
                aria-label={t('zoomOut')}
                data-testid="zoom-out"
              />
            </Tooltip>
            <Button onClick={fit} style={{ minWidth: 64 }} data-testid="zoom-value" title={t('zoomFit')}>
              {clampZoom(zoom)}%
            </Button>
            <Tooltip title={t('zoomIn')}>
              <Button
                icon={<ZoomInOutlined />}
                onClick={() => setZoom(zoomIn)}
                aria-label={t('zoomIn')}
                data-testid="zoom-in"
              />
            </Tooltip>
          </>
        }
      >
        <Button icon={<ImportOutlined />} onClick={() => setImporting(true)} data-testid="open-import">
          {t('import')}
        </Button>
        <Button icon={<ExportOutlined />} onClick={exportFlow} data-testid="export-json">
          {t('export')}
        </Button>
        <Badge count={problems.length} size="small" data-testid="problem-count" data-count={problems.length}>
          <Button
            onClick={() => setShowProblems((v) => !v)}
            disabled={problems.length === 0 && !serverProblems}
          >
            {t('problems')}
          </Button>
        </Badge>
        <Button
          icon={<SaveOutlined />}
          loading={busy === 'save'}
          onClick={() => void save()}
          data-testid="designer-save"
        >
          {t('save')}
        </Button>
        <Button
          type="primary"
          icon={<SendOutlined />}
          loading={busy === 'release'}
          onClick={() => void release()}
          data-testid="designer-release"
        >
          {t('release')}
        </Button>
      </DesignerHeader>
      {showProblems && listed.length > 0 && (
        <Alert
          type="error"
          showIcon
          closable
          onClose={() => setShowProblems(false)}
          style={{ margin: '8px 12px 0' }}
          message={t('cannotRelease', { count: listed.length })}
          data-testid="design-problems"
          description={
            <ul style={{ margin: 0, paddingLeft: 18, maxHeight: 160, overflowY: 'auto' }}>
              {listed.map((p, i) => (
                <li key={i}>
                  <Typography.Link
                    onClick={() => p.nodeId && dispatch({ type: 'select', nodeId: p.nodeId })}
                    data-testid="design-problem"
                  >
                    {p.title ? t('labelled', { label: p.title }) : ''}
                    {p.text[lang]}
                  </Typography.Link>
                </li>
              ))}
            </ul>
          }
        />
      )}
      <div ref={scrollRef} style={{ flex: 1, minHeight: 0, overflow: 'auto' }} data-testid="canvas-scroll">
        <FlowCanvas
          def={state.def}
          mode="edit"
          zoom={zoom}
          problems={byNode}
          selected={state.selected}
          summary={summary}
          tag={tag}
          onSelect={(nodeId) => dispatch({ type: 'select', nodeId })}
          onAdd={add}
          onAddBranch={addBranch}
          onRemove={(nodeId) => dispatch({ type: 'remove', nodeId })}
          onMoveBranch={(branchId, toIndex) => dispatch({ type: 'moveBranch', branchId, toIndex })}
        />
      </div>
      <NodeDrawer
        def={state.def}
        node={selectedNode}
        fields={fields}
        trees={trees}
        flowId={info.id}
        problems={selectedNode ? (byNode.get(selectedNode.nodeId) ?? []) : []}
        onClose={() => dispatch({ type: 'select', nodeId: null })}
        onSave={(nodeId, properties) => {
          dispatch({ type: 'update', nodeId, properties });
          dispatch({ type: 'select', nodeId: null });
        }}
      />
      <ImportDialog
        open={importing}
        onClose={() => setImporting(false)}
        onImport={(def) => {
          dispatch({ type: 'replace', def });
          setImporting(false);
        }}
      />
    </>
  );
}

function ImportDialog({
  open,
  onClose,
  onImport,
}: {
  open: boolean;
  onClose: () => void;
  onImport: (def: ReturnType<typeof initialDesign>['def']) => void;
}) {
  const { t, i18n } = useTranslation('workflow');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const lang = langOf(i18n.language);
  const tryImport = (value: string) => {
    const parsed = parseFlow(value);
    if (parsed.ok) {
      setText('');
      setError(null);
      onImport(parsed.def);
    } else {
      setError(parsed.problems?.map((p) => p.text[lang]).join('；') || `${t('notJson')}: ${parsed.message}`);
    }
  };
  return (
    <Modal
      open={open}
      title={t('importFlow')}
      onCancel={onClose}
      onOk={() => tryImport(text)}
      okText={t('import')}
      cancelText={t('cancel')}
      width={640}
      destroyOnHidden
    >
      <input
        type="file"
        accept=".json,.ffe,application/json"
        data-testid="import-file"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void file.text().then((s) => (setText(s), tryImport(s)));
        }}
      />
      <Input.TextArea
        style={{ marginTop: 8, fontFamily: 'monospace' }}
        rows={14}
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={t('importHint')}
        data-testid="import-text"
      />
      {error && (
        <Alert type="error" showIcon style={{ marginTop: 8 }} message={error} data-testid="import-error" />
      )}
    </Modal>
  );
}
