// The published pages as the lowcode entry offers them: each page's module (antd's Table, the
// pickers of the search bar, the import dialog's upload, the report's chart, the administration
// pieces) loads by import() when the page first shows, so a page that only uses the entry's calls,
// or shows one form (a form-only model's page, the preview), does not download the list's.
import { Suspense, lazy, type JSX } from 'react';
import { Spin } from 'antd';
import type { ModelPageProps } from './ModelPage';
import type { ModelListProps } from './ModelList';
import type { SearchBarProps } from './SearchBar';
import type { ImportDialogProps } from './ImportDialog';
import type { ReportPageProps } from './ReportPage';

const LazyModelPage = lazy(() => import('./ModelPage').then((m) => ({ default: m.ModelPage })));
const LazyModelList = lazy(() => import('./ModelList').then((m) => ({ default: m.ModelList })));
const LazySearchBar = lazy(() => import('./SearchBar').then((m) => ({ default: m.SearchBar })));
const LazyImportDialog = lazy(() => import('./ImportDialog').then((m) => ({ default: m.ImportDialog })));
const LazyDictionaryPage = lazy(() =>
  import('./DictionaryPage').then((m) => ({ default: m.DictionaryPage })),
);
const LazyReportPage = lazy(() => import('./ReportPage').then((m) => ({ default: m.ReportPage })));

/** What a page shows while its module loads (the pages' own loading state). */
const pageLoading = <Spin style={{ margin: 48 }} data-testid="lowcode-loading" />;

// A model's published page: its list (form + list models) or its form (form-only models). The
// wrappers take their props as the pages do (the contract's report records them so).
export function ModelPage({ modelId, preview, config }: ModelPageProps): JSX.Element {
  return (
    <Suspense fallback={pageLoading}>
      <LazyModelPage modelId={modelId} preview={preview} config={config} />
    </Suspense>
  );
}

export function ModelList({ modelId, config, preview }: ModelListProps): JSX.Element {
  return (
    <Suspense fallback={pageLoading}>
      <LazyModelList modelId={modelId} config={config} preview={preview} />
    </Suspense>
  );
}

export function SearchBar({ modelId, items, onSearch }: SearchBarProps): JSX.Element | null {
  return (
    <Suspense fallback={null}>
      <LazySearchBar modelId={modelId} items={items} onSearch={onSearch} />
    </Suspense>
  );
}

export function ImportDialog({
  modelId,
  open,
  preview,
  onClose,
  onImported,
}: ImportDialogProps): JSX.Element {
  return (
    <Suspense fallback={null}>
      <LazyImportDialog
        modelId={modelId}
        open={open}
        preview={preview}
        onClose={onClose}
        onImported={onImported}
      />
    </Suspense>
  );
}

export function DictionaryPage({ typeId }: { typeId: string }): JSX.Element {
  return (
    <Suspense fallback={pageLoading}>
      <LazyDictionaryPage typeId={typeId} />
    </Suspense>
  );
}

export function ReportPage({ reportId, preview }: ReportPageProps): JSX.Element | null {
  return (
    <Suspense fallback={pageLoading}>
      <LazyReportPage reportId={reportId} preview={preview} />
    </Suspense>
  );
}
