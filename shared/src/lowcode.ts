// '@lighting/shared/lowcode' — the published low-code pages: a model's list and form (ModelPage,
// ModelList), its search fields, import dialog and calls. Its own shared entry (one copy on the
// page): the low-code remote's runtime pages and every generated remote import it, so a generated
// remote shows the model exactly as the console does. Only the pages that show one download it.
export * from './lowcode/index';
