/** The chat domain's public face: conversations and messages over the realtime socket. */
export type { ChatTables } from './schema';
