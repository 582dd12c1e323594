// The published low-code pages (issue 13): one piece of code for the low-code remote's runtime
// pages (menu types 3, 4, 5) and the remotes the code generator writes.
import './i18n';
export * from './api';
export * from './listLogic';
export { ModelPage, type ModelPageProps } from './ModelPage';
export { ModelList, type ModelListProps } from './ModelList';
export { SearchBar, type SearchBarProps } from './SearchBar';
export { ImportDialog, type ImportDialogProps } from './ImportDialog';
export { DictionaryPage, type DictionaryRow } from './DictionaryPage';
export { ReportPage, reportData, type ReportPageProps } from './ReportPage';
