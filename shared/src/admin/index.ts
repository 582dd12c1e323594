// Shared administration pieces (lists, forms, trees, export, rich text, dictionaries) that the
// system, workflow and low-code remotes reuse. Heavy parts (exceljs, tiptap) load by import().
import './i18n';
export * from './keys';
export * from './exportRows';
export * from './upload';
export * from './formRules';
// the page's one dictionary cache: its own entry, by package name so that it stays one copy
export * from '@lighting/shared/dictionary';
export * from './actions';
export * from './FormModal';
export * from './ExportButton';
export * from './ListFrame';
export * from './RowActions';
export * from './selectAllTitle';
export * from './PermissionTree';
export * from './SideTree';
export * from './RichTextEditor';
export * from './TreeTable';
export * from './sort';
export * from './useModalForm';
export * from './fitColumns';
export * from './useFitColumns';
export * from './designerKeys';
export * from './DesignerHeader';
