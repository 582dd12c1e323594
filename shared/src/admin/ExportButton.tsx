// Export a list to a spreadsheet, with progress. Two ways, one button:
// - a server-paged list: every page is fetched (progress by rows), then exceljs — loaded only now,
//   by import() — writes the file in the browser;
// - a list whose server writes the file (`download`, e.g. the published low-code lists, streamed
//   for 100,000 records): the file is received with progress by bytes, and saved as sent.
import { useRef, useState } from 'react';
import { Button, Spin } from 'antd';
import Modal from 'antd/es/modal';
import Progress from 'antd/es/progress';
import { useTranslation } from 'react-i18next';
import { saveBlob, toast } from '@lighting/shared';
import {
  exportFileName,
  fetchAllPages,
  percent,
  sheetRows,
  type ExportColumn,
  type PageFetcher,
} from './exportRows';
import './i18n';

/** A file the server wrote, with how much of it has arrived. */
export interface ServerFile {
  blob: Blob;
  fileName: string;
}
export type ServerExport = (
  onProgress: (p: { loaded: number; rows: number | null }) => void,
  signal: AbortSignal,
) => Promise<ServerFile>;

interface PagedExport<T, F extends object> {
  /** Sheet and file title. */
  title: string;
  fetchPage: PageFetcher<T, F>;
  /** The list's current filters (paging is replaced). */
  filters: F;
  columns: readonly ExportColumn<T>[];
  download?: undefined;
}
interface DownloadExport {
  /** Writes the file on the server and receives it (the list's filters are its own). */
  download: ServerExport;
  label?: string;
}

export type ExportButtonProps<T, F extends object> = (PagedExport<T, F> | DownloadExport) & {
  /** The button's text (default: the language's 导出). */
  label?: string;
};

type Shown =
  { kind: 'rows'; done: number; total: number } | { kind: 'bytes'; loaded: number; rows: number | null };

const size = (bytes: number): string =>
  bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export function ExportButton<T, F extends object>(props: ExportButtonProps<T, F>) {
  const { t } = useTranslation('admin');
  const [progress, setProgress] = useState<Shown | null>(null);
  const signal = useRef({ aborted: false });
  const abort = useRef<AbortController | null>(null);

  const runPaged = async (p: PagedExport<T, F>) => {
    const {
      currentPage: _p,
      pageSize: _s,
      ...rest
    } = p.filters as F & { currentPage?: number; pageSize?: number };
    const { rows, aborted } = await fetchAllPages(
      p.fetchPage,
      rest as F,
      (done, total) => setProgress({ kind: 'rows', done, total }),
      signal.current,
    );
    if (aborted) return;
    const { writeWorkbook } = await import('./xlsx');
    saveBlob(await writeWorkbook(p.title, sheetRows(p.columns, rows)), exportFileName(p.title, new Date()));
    toast('success', t('exported', { count: rows.length }));
  };

  const runDownload = async (download: ServerExport) => {
    abort.current = new AbortController();
    setProgress({ kind: 'bytes', loaded: 0, rows: null });
    let rows: number | null = null;
    const file = await download((p) => {
      rows = p.rows;
      setProgress({ kind: 'bytes', ...p });
    }, abort.current.signal);
    saveBlob(file.blob, file.fileName);
    toast('success', rows === null ? t('exportDone') : t('exported', { count: rows }));
  };

  const run = async () => {
    signal.current = { aborted: false };
    setProgress({ kind: 'rows', done: 0, total: 0 });
    try {
      if (props.download) await runDownload(props.download);
      else await runPaged(props);
    } catch {
      /* cancelled, or the HTTP client showed the message */
    } finally {
      setProgress(null);
    }
  };

  return (
    <>
      <Button onClick={run} loading={progress !== null} data-testid="btn-export">
        {props.label ?? t('export')}
      </Button>
      <Modal
        open={progress !== null}
        title={t('exporting')}
        footer={null}
        closable
        onCancel={() => {
          signal.current.aborted = true;
          abort.current?.abort();
          setProgress(null);
        }}
      >
        {progress?.kind === 'rows' && (
          <>
            <Progress percent={percent(progress.done, progress.total)} data-testid="export-progress" />
            <div>{t('exportRows', { done: progress.done, total: progress.total })}</div>
          </>
        )}
        {progress?.kind === 'bytes' && (
          <div data-testid="export-progress">
            <Spin size="small" />{' '}
            {progress.rows === null
              ? t('exportBytes', { size: size(progress.loaded) })
              : t('exportBytesOf', { size: size(progress.loaded), total: progress.rows })}
          </div>
        )}
      </Modal>
    </>
  );
}
