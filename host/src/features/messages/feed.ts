// Connects the socket's messages to the unread counters (started once by the console).
import { countRules, useUnread } from './counts';

let started = false;

export function startUnreadFeed(): void {
  if (started) return;
  started = true;
  void import('@lighting/shared/realtime').then(({ on }) => {
    on('initMessage').subscribe((m) => useUnread.setState(countRules.init(m)));
    on('messagePush').subscribe((m) => useUnread.setState((c) => countRules.push(c, m)));
  });
}
