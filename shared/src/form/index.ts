// The form renderer (issue 12): one renderer for every module's low-code forms.
import './i18n';
export { FormRenderer, CALC_DELAY_MS, type FormRendererHandle, type FormRendererProps } from './FormRenderer';
export { FormPopup, type FormPopupProps } from './FormPopup';
export { FieldControl, type FieldControlProps } from './controls/FieldControl';
export { SubTable, VIRTUAL_AFTER, ROW_HEIGHT } from './SubTable';
export { compressImage, ImageTooLarge } from '../media/compressImage';
export { clearFormCache, relationRows, type RelationRow } from './api';
export { ControlScope } from './ControlScope';
