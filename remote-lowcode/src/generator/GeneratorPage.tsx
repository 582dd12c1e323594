// generator/webForm — the code generator: pick a model, see the remote it generates as a file tree
// beside a read-only, highlighted code view (copy button), compare it with the released version's
// generation (or, for a model never released, with the last download from this browser), and
// download the zip with its progress. The code view and highlight.js load only on this page.
import { Suspense, lazy, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Button, Empty, Input, Space, Spin, Tag, Tooltip, Typography } from 'antd';
import Alert from 'antd/es/alert';
import Progress from 'antd/es/progress';
import Segmented from 'antd/es/segmented';
import Select from 'antd/es/select';
import Tree, { type DataNode } from 'antd/es/tree';
import { useTranslation } from 'react-i18next';
import { Auth, fieldWidth, formatDateTime, saveBlob, toast, type RemotePageProps } from '@lighting/shared';
import {
  areaNames,
  codePreview,
  downloadCode,
  listModels,
  type GenModel,
  type GenOptions,
  type Preview,
} from './api';
import {
  attachmentName,
  compareFiles,
  filesOf,
  formatBytes,
  innerPath,
  lastDownloadKey,
  parseLastDownload,
  pathTree,
  type FileStatus,
  type LastDownload,
  type PathNode,
} from './codeTree';
import './i18n';

const CodeView = lazy(() => import('./CodeView'));

type Compare = 'released' | 'download' | 'none';

const readLastDownload = (modelId: string): LastDownload | null => {
  try {
    return parseLastDownload(window.localStorage.getItem(lastDownloadKey(modelId)));
  } catch {
    return null;
  }
};

const STATUS_COLOR: Record<Exclude<FileStatus, 'same'>, string> = {
  changed: 'gold',
  added: 'green',
  removed: 'red',
};

export default function GeneratorPage(_props: RemotePageProps) {
  const { t } = useTranslation('generator');
  const [models, setModels] = useState<GenModel[]>([]);
  const [areas, setAreas] = useState<string[]>([]);
  const [modelId, setModelId] = useState<string | null>(null);
  const [form, setForm] = useState<{ module: string; className: string; description: string }>({
    module: '',
    className: '',
    description: '',
  });
  const [preview, setPreview] = useState<Preview | null>(null);
  const [loading, setLoading] = useState(false);
  const [selected, setSelected] = useState('src/model.ts');
  const [mode, setMode] = useState<'code' | 'diff'>('code');
  const [compare, setCompare] = useState<Compare>('none');
  const [lastDownload, setLastDownload] = useState<LastDownload | null>(null);
  const [base, setBase] = useState<Map<string, string> | null>(null);
  const [progress, setProgress] = useState<{ loaded: number; total: number | null } | null>(null);

  const model = models.find((m) => m.id === modelId) ?? null;
  const released = model?.releasedVersion ?? null;

  useEffect(() => {
    listModels('').then(
      (r) => setModels(r.data.list),
      () => undefined,
    );
    areaNames().then(setAreas, () => undefined);
  }, []);

  /** Generates with `options` (the defaults when empty) and shows what it used. */
  const generate = useCallback(async (id: string, options: GenOptions) => {
    setLoading(true);
    try {
      const p = await codePreview(id, options);
      setPreview(p);
      setForm((f) => ({ ...f, module: p.module, className: p.className }));
    } catch {
      /* the HTTP client showed the server's message */
    } finally {
      setLoading(false);
    }
  }, []);

  const pick = (id: string): void => {
    setModelId(id);
    setPreview(null);
    setForm({ module: '', className: '', description: '' });
    const last = readLastDownload(id);
    setLastDownload(last);
    const m = models.find((x) => x.id === id);
    setCompare(m?.releasedVersion ? 'released' : last ? 'download' : 'none');
    setMode('code');
    void generate(id, {});
  };

  /** The options of the shown generation (what a download and a comparison must use too). */
  const options = useMemo<GenOptions | null>(
    () =>
      preview
        ? {
            module: preview.module,
            className: preview.className,
            version: preview.version,
            ...(form.description.trim() ? { description: form.description.trim() } : {}),
          }
        : null,
    [preview, form.description],
  );

  // the comparison's files: the released version generated with the same options, or the last download
  useEffect(() => {
    let live = true;
    setBase(null);
    if (!modelId || !options) return;
    if (compare === 'download' && lastDownload) setBase(new Map(Object.entries(lastDownload.files)));
    if (compare === 'released' && released)
      codePreview(modelId, { ...options, version: released }).then(
        (p) => live && setBase(filesOf(p)),
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [modelId, options, compare, released, lastDownload]);

  const files = useMemo(() => (preview ? filesOf(preview) : new Map<string, string>()), [preview]);
  const statuses = useMemo(() => compareFiles(files, base), [files, base]);
  const baseByInner = useMemo(
    () => (base ? new Map([...base].map(([p, c]) => [innerPath(p), c])) : null),
    [base],
  );
  const contentOf = (inner: string): string | undefined =>
    [...files].find(([p]) => innerPath(p) === inner)?.[1];

  const counts = { changed: 0, added: 0, removed: 0 };
  for (const s of statuses.values()) if (s !== 'same') counts[s] += 1;
  const compareLabel =
    compare === 'released' && released
      ? t('compareReleased', { version: released })
      : compare === 'download' && lastDownload
        ? t('compareLastDownload', { version: lastDownload.version, time: formatDateTime(lastDownload.at) })
        : '';

  const title = (node: PathNode): ReactNode => {
    const status = node.children ? 'same' : (statuses.get(node.key) ?? 'same');
    const label = { changed: t('statusChanged'), added: t('statusAdded'), removed: t('statusRemoved') };
    return (
      <span data-testid={node.children ? undefined : `gen-file-${node.key}`} data-status={status}>
        <span style={status === 'removed' ? { textDecoration: 'line-through', color: '#8c959f' } : undefined}>
          {node.name}
        </span>
        {status !== 'same' && (
          <Tag color={STATUS_COLOR[status]} style={{ marginInlineStart: 6, lineHeight: '16px' }}>
            {label[status]}
          </Tag>
        )}
      </span>
    );
  };
  const toTreeData = (nodes: PathNode[]): DataNode[] =>
    nodes.map((n) => ({
      key: n.key,
      title: title(n),
      selectable: !n.children,
      ...(n.children ? { children: toTreeData(n.children) } : { isLeaf: true }),
    }));
  const treeData = useMemo(
    () => toTreeData(pathTree([...statuses.keys()])),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- titles follow the statuses and the language
    [statuses, t],
  );

  const current = contentOf(selected);
  const selectedStatus = statuses.get(selected) ?? 'same';

  const copy = async (): Promise<void> => {
    try {
      await navigator.clipboard.writeText(current ?? '');
      toast('success', t('copied'));
    } catch {
      toast('error', t('copyFailed'));
    }
  };

  const download = async (): Promise<void> => {
    if (!modelId || !options || !preview) return;
    setProgress({ loaded: 0, total: null });
    try {
      const { blob, fileName } = await downloadCode(modelId, options, (loaded, total) =>
        setProgress({ loaded, total }),
      );
      const name = attachmentName(fileName, `${preview.fileName}.zip`);
      saveBlob(blob, name);
      toast('success', t('downloaded', { name }));
      // remembered for the next comparison of a model never released: the same files as the zip
      const record: LastDownload = {
        version: preview.version,
        at: Date.now(),
        className: preview.className,
        files: Object.fromEntries(files),
      };
      try {
        window.localStorage.setItem(lastDownloadKey(modelId), JSON.stringify(record));
      } catch {
        /* storage full or off: the comparison falls back to none */
      }
    } catch {
      /* the HTTP client showed the failure */
    } finally {
      setProgress(null);
    }
  };

  const percent =
    progress && progress.total ? Math.min(100, Math.round((progress.loaded / progress.total) * 100)) : null;

  return (
    <div data-testid="generator-page" style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <Space wrap align="center">
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('pickModel')}
          aria-label={t('pickModel')}
          // its placeholder whole in every language ('Choose the model to generate code for')
          style={{ width: fieldWidth(t('pickModel'), 280) }}
          value={modelId ?? undefined}
          onChange={pick}
          options={models.map((m) => ({ value: m.id, label: `${m.fullName}（${m.enCode}）` }))}
          data-testid="gen-model"
        />
        <Select
          style={{ width: 160 }}
          placeholder={t('area')}
          aria-label={t('area')}
          value={form.module || undefined}
          onChange={(module: string) => setForm((f) => ({ ...f, module }))}
          options={areas.map((a) => ({ value: a, label: a }))}
          disabled={!modelId}
          data-testid="gen-area"
        />
        <Tooltip title={t('classNameHint')}>
          <Input
            style={{ width: 200 }}
            placeholder={t('className')}
            value={form.className}
            onChange={(e) => setForm((f) => ({ ...f, className: e.target.value.trim() }))}
            disabled={!modelId}
            data-testid="gen-class"
          />
        </Tooltip>
        <Input
          style={{ width: 240 }}
          placeholder={t('description')}
          value={form.description}
          maxLength={500}
          onChange={(e) => setForm((f) => ({ ...f, description: e.target.value }))}
          disabled={!modelId}
        />
        <Button
          onClick={() =>
            modelId &&
            void generate(modelId, {
              module: form.module,
              className: form.className,
              ...(preview ? { version: preview.version } : {}),
              ...(form.description.trim() ? { description: form.description.trim() } : {}),
            })
          }
          disabled={!modelId}
          loading={loading}
          data-testid="gen-preview"
        >
          {t('generate')}
        </Button>
        <Auth code="btn_download">
          <Button
            type="primary"
            onClick={() => void download()}
            disabled={!preview || loading}
            loading={progress !== null}
            data-testid="gen-download"
          >
            {t('download')}
          </Button>
        </Auth>
        {progress && (
          <Space data-testid="gen-progress">
            <Progress
              type="line"
              size="small"
              style={{ width: 160 }}
              percent={percent ?? 0}
              status="active"
              showInfo={percent !== null}
            />
            <Typography.Text type="secondary">
              {progress.total
                ? t('downloading', {
                    loaded: formatBytes(progress.loaded),
                    total: formatBytes(progress.total),
                  })
                : t('downloadingUnknown', { loaded: formatBytes(progress.loaded) })}
            </Typography.Text>
          </Space>
        )}
      </Space>

      {!modelId ? (
        <Alert type="info" showIcon title={t('noModel')} />
      ) : (
        <Space wrap size={16} data-testid="gen-meta">
          {preview && (
            <>
              <Typography.Text>
                {t('remoteName')}: <Typography.Text code>{preview.fileName}</Typography.Text>
              </Typography.Text>
              <Typography.Text>
                {t('urlAddress')}: <Typography.Text code>{preview.urlAddress}</Typography.Text>
              </Typography.Text>
              <Typography.Text>
                {t('version')}: {t('versionOf', { version: preview.version })}
              </Typography.Text>
            </>
          )}
          <Space>
            <Typography.Text>{t('compareWith')}</Typography.Text>
            <Select<Compare>
              aria-label={t('compareWith')}
              style={{ width: 300 }}
              value={compare}
              onChange={(c) => {
                setCompare(c);
                if (c === 'none') setMode('code');
              }}
              data-testid="gen-compare"
              options={[
                ...(released
                  ? [{ value: 'released' as const, label: t('compareReleased', { version: released }) }]
                  : []),
                ...(lastDownload
                  ? [
                      {
                        value: 'download' as const,
                        label: t('compareLastDownload', {
                          version: lastDownload.version,
                          time: formatDateTime(lastDownload.at),
                        }),
                      },
                    ]
                  : []),
                { value: 'none' as const, label: t('compareNone') },
              ]}
            />
          </Space>
          {compare !== 'none' && base && (
            <Typography.Text type="secondary" data-testid="gen-compare-summary">
              {counts.changed + counts.added + counts.removed === 0
                ? t('identical')
                : t('compareSays', { what: compareLabel, ...counts })}
            </Typography.Text>
          )}
          {compare === 'none' && !released && !lastDownload && (
            <Typography.Text type="secondary">{t('compareNothing')}</Typography.Text>
          )}
        </Space>
      )}

      {modelId && (
        <div style={{ display: 'flex', gap: 12, height: 'calc(100vh - 250px)', minHeight: 420 }}>
          <div
            style={{
              width: 280,
              flex: '0 0 280px',
              overflow: 'auto',
              border: '1px solid #f0f0f0',
              borderRadius: 6,
              padding: 8,
            }}
            data-testid="gen-tree"
          >
            <Typography.Text strong>{t('files')}</Typography.Text>
            {loading && !preview ? (
              <Spin style={{ display: 'block', marginTop: 24 }} />
            ) : (
              <Tree
                blockNode
                defaultExpandAll
                key={preview ? `${preview.fileName}:${preview.version}` : 'none'}
                selectedKeys={[selected]}
                onSelect={(keys) => keys[0] && setSelected(String(keys[0]))}
                treeData={treeData}
              />
            )}
          </div>
          <div
            style={{
              flex: 1,
              minWidth: 0,
              display: 'flex',
              flexDirection: 'column',
              border: '1px solid #f0f0f0',
              borderRadius: 6,
            }}
          >
            <div
              style={{
                display: 'flex',
                alignItems: 'center',
                gap: 8,
                padding: '6px 8px',
                borderBottom: '1px solid #f0f0f0',
                flexWrap: 'wrap',
              }}
            >
              <Typography.Text code data-testid="gen-path">
                {selected}
              </Typography.Text>
              {current !== undefined && (
                <Typography.Text type="secondary">
                  {formatBytes(new TextEncoder().encode(current).length)} · {t('readOnly')}
                </Typography.Text>
              )}
              {selectedStatus === 'added' && <Tag color="green">{t('fileAdded')}</Tag>}
              {selectedStatus === 'removed' && <Tag color="red">{t('fileRemoved')}</Tag>}
              <span style={{ flex: 1 }} />
              <Segmented<'code' | 'diff'>
                size="small"
                value={mode}
                onChange={setMode}
                options={[
                  { value: 'code', label: t('code') },
                  { value: 'diff', label: t('diff'), disabled: !base },
                ]}
                data-testid="gen-mode"
              />
              <Button
                size="small"
                onClick={() => void copy()}
                disabled={current === undefined}
                data-testid="gen-copy"
              >
                {t('copy')}
              </Button>
            </div>
            <div style={{ flex: 1, overflow: 'auto' }} data-testid="gen-code-scroll">
              {current === undefined && selectedStatus !== 'removed' ? (
                loading ? (
                  <Spin style={{ display: 'block', marginTop: 24 }} />
                ) : (
                  <Empty style={{ marginTop: 48 }} />
                )
              ) : (
                <Suspense
                  fallback={<Spin style={{ display: 'block', marginTop: 24 }} tip={t('loadingCode')} />}
                >
                  <CodeView
                    fileName={selected}
                    content={current ?? ''}
                    base={baseByInner?.get(selected) ?? null}
                    diff={mode === 'diff' && base !== null}
                  />
                </Suspense>
              )}
            </div>
          </div>
        </div>
      )}
    </div>
  );
}
