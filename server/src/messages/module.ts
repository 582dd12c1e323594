/** The messages domain's descriptor, handed to the app (src/domains.ts); other domains import ./index. */
import type { DomainModule } from '../kernel';
import { messageTables, messageTitleKeyMigration } from './migration';
import { registerMessagesDomain } from './routes';

export const messagesModule: DomainModule = {
  name: 'messages',
  migrations: { '0003_messages_home': messageTables, '0020_message_title_key': messageTitleKeyMigration },
  routes: registerMessagesDomain,
};
