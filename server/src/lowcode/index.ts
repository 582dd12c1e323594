/** The online-development (low-code) domain's public face: models, records, reports, the generator. */
export type { LowcodeTables } from './schema';
export { optionLoader } from './options';
export { OPTION_ITEM } from './responses';
export { RECORD_DATA_MAX, parseJsonField } from './rules';
export { checkFormReferences, parseDesignedForm, versionForm } from './store';
export { prepareRecord, saverOf } from './submission';
