// '@lighting/shared/admin' — the administration pieces (lists, forms, trees, export, rich text,
// dictionaries) for the system, workflow and low-code remotes. Its own shared entry, so pages that
// use none of them (the sign-in page, /home) never download them.
export * from './admin/index';
