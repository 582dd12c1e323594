/** The messages domain's public face: notices, to-do and copy messages, their receipts and counts. */
export type { MessageTables } from './schema';
export { MessageType, sendMessage, titleFields, unreadCounts } from './service';
