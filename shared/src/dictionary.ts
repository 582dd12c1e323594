// '@lighting/shared/dictionary' — the page's one dictionary cache (every dictionary fetched once
// with DictionaryData/All) and its React hook. Its own shared entry (one copy on the page) so that a
// form's dictionary select reads it without downloading the administration pieces
// ('@lighting/shared/admin' re-exports it).
export * from './admin/dictionaryCache';
export * from './admin/useDictionary';
