// The published low-code pages (issue 13): one piece of code for the low-code remote's runtime
// pages (menu types 3, 4, 5) and the remotes the code generator writes. The pages load when shown
// (pages.tsx); the calls and the list logic are here at once.
import './i18n';
export * from './api';
export * from './listLogic';
export { reportData } from './reportApi';
export { ModelPage, ModelList, SearchBar, ImportDialog, DictionaryPage, ReportPage } from './pages';
export type { ModelPageProps } from './ModelPage';
export type { ModelListProps } from './ModelList';
export type { SearchBarProps } from './SearchBar';
export type { ImportDialogProps } from './ImportDialog';
export type { DictionaryRow } from './DictionaryPage';
export type { ReportPageProps } from './ReportPage';
