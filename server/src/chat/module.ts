/** The chat domain's descriptor, handed to the app (src/domains.ts); other domains import ./index. */
import type { DomainModule } from '../kernel';
import { CHAT_MENU } from './menus';
import { chatMigration } from './migration';
import { chatSocketMethods } from './socket';

export const chatModule: DomainModule = {
  name: 'chat',
  migrations: { '0008_chat': chatMigration },
  menus: [{ place: 90, menu: CHAT_MENU }],
  socket: chatSocketMethods,
};
