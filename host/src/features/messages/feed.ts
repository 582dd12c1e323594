// Connects the socket's messages to the unread counters (started once by the console).
import { countRules, useUnread } from './counts';

let started = false;

export function startUnreadFeed(): void {
  if (started) return;
  started = true;
  void import('@lighting/shared/realtime').then(({ on, startChatFeed, useChat, chatUnreadTotal }) => {
    on('initMessage').subscribe((m) => useUnread.setState((c) => countRules.init(c, m)));
    // The chat's unread total (the navbar entry blinks while it is above 0), synced across tabs.
    startChatFeed();
    const total = () => useUnread.setState({ chat: chatUnreadTotal(useChat.getState()) });
    total();
    useChat.subscribe(total);
    on('messagePush').subscribe((m) => useUnread.setState((c) => countRules.push(c, m)));
  });
}
