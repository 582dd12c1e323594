// Export a server-paged list to a spreadsheet: every page is fetched (progress shown for large
// lists), then exceljs — loaded only now, by import() — writes the file.
import { useRef, useState } from 'react';
import { Button } from 'antd';
import Modal from 'antd/es/modal';
import Progress from 'antd/es/progress';
import { useTranslation } from 'react-i18next';
import { toast } from '@lighting/shared';
import {
  exportFileName,
  fetchAllPages,
  percent,
  sheetRows,
  type ExportColumn,
  type PageFetcher,
} from './exportRows';
import './i18n';

export interface ExportButtonProps<T, F extends object> {
  /** Sheet and file title. */
  title: string;
  fetchPage: PageFetcher<T, F>;
  /** The list's current filters (paging is replaced). */
  filters: F;
  columns: readonly ExportColumn<T>[];
}

export function ExportButton<T, F extends object>({
  title,
  fetchPage,
  filters,
  columns,
}: ExportButtonProps<T, F>) {
  const { t } = useTranslation('admin');
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const signal = useRef({ aborted: false });

  const run = async () => {
    signal.current = { aborted: false };
    setProgress({ done: 0, total: 0 });
    try {
      const {
        currentPage: _p,
        pageSize: _s,
        ...rest
      } = filters as F & { currentPage?: number; pageSize?: number };
      const { rows, aborted } = await fetchAllPages(
        fetchPage,
        rest as F,
        (done, total) => setProgress({ done, total }),
        signal.current,
      );
      if (aborted) return;
      const { writeWorkbook } = await import('./xlsx');
      const blob = await writeWorkbook(title, sheetRows(columns, rows));
      const a = document.createElement('a');
      a.href = URL.createObjectURL(blob);
      a.download = exportFileName(title, new Date());
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(a.href), 0);
      toast('success', t('exported', { count: rows.length }));
    } catch {
      /* the HTTP client showed the message */
    } finally {
      setProgress(null);
    }
  };

  return (
    <>
      <Button onClick={run} loading={progress !== null} data-testid="btn-export">
        {t('export')}
      </Button>
      <Modal
        open={progress !== null}
        title={t('exporting')}
        footer={null}
        closable
        onCancel={() => {
          signal.current.aborted = true;
          setProgress(null);
        }}
      >
        {progress && (
          <>
            <Progress percent={percent(progress.done, progress.total)} data-testid="export-progress" />
            <div>{t('exportRows', { done: progress.done, total: progress.total })}</div>
          </>
        )}
      </Modal>
    </>
  );
}
