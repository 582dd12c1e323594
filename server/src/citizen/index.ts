/**
 * The citizens' domain's public face: the public account's pages (reports, feedback, scan a pole),
 * Open311 GeoReport v2 and the console's citizen pages.
 */
export type { CitizenTables } from './schema';
export { MENU_FEEDBACK, MENU_PLATES } from './menus';
export { isOpen311Path } from './open311';
export { open311ErrorReply } from './open311-xml';
