// One realtime socket per tab (spec §7 realtime), as an RxJS stream every remote subscribes to.
// Connects with the token, reconnects with exponential backoff, carries the server-pushed logout.
import {
  BehaviorSubject,
  Subject,
  Subscription,
  concatWith,
  filter,
  retry,
  share,
  throwError,
  timer,
  type Observable,
} from 'rxjs';
import { webSocket, type WebSocketSubject } from 'rxjs/webSocket';
import { htmlLang, i18next, socketAddress, toast, useSession } from '@lighting/shared';

export interface SocketMessage {
  method: string;
  [k: string]: unknown;
}

export const LOGOUT_PUSH_MESSAGE = '登录过期,请重新登录';

/** Backoff for reconnect attempt n (1-based): 1 s, 2 s, 4 s … capped at 30 s. */
export const backoffMs = (attempt: number): number => Math.min(30000, 1000 * 2 ** Math.max(0, attempt - 1));

const incoming = new Subject<SocketMessage>();
/** Every message the server pushes, for whoever listens (shell, chat, map…). */
export const messages$: Observable<SocketMessage> = incoming.asObservable().pipe(share());
/**
 * The latest initMessage (counts, online users) is state, not an event: a view that subscribes
 * after it arrived (the navbar mounts after the console chunk loads) still gets it.
 */
const latestInit = new BehaviorSubject<SocketMessage | null>(null);
/**
 * True from the server's initMessage (the socket is signed in) until it closes: what was sent in
 * between is in the server's hands; what was sent before or after must be sent again.
 */
const connectedSubject = new BehaviorSubject<boolean>(false);
export const connected$: Observable<boolean> = connectedSubject.asObservable();
export const isConnected = (): boolean => connectedSubject.getValue();
incoming.subscribe((m) => {
  if (m.method !== 'initMessage') return;
  latestInit.next(m);
  connectedSubject.next(true);
});

/** This tab's socket id (from the server's initMessage), or null while not connected. */
export function socketId(): string | null {
  const id = latestInit.getValue()?.socketId;
  return typeof id === 'string' ? id : null;
}

export const on = (method: string): Observable<SocketMessage> =>
  method === 'initMessage'
    ? latestInit.pipe(filter((m): m is SocketMessage => m !== null))
    : messages$.pipe(filter((m) => m.method === method));

let subject: WebSocketSubject<SocketMessage> | null = null;
let sub: Subscription | null = null;
let connectedToken: string | null = null;

export function send(msg: SocketMessage): void {
  subject?.next(msg);
}

export function disconnect(): void {
  latestInit.next(null);
  if (connectedSubject.getValue()) connectedSubject.next(false);
  sub?.unsubscribe();
  sub = null;
  subject?.complete();
  subject = null;
  connectedToken = null;
}

/** Opens the tab's socket for `token` (no-op when already open for it). */
export function connect(token: string): void {
  if (subject && connectedToken === token) return;
  disconnect();
  connectedToken = token;
  const ws = webSocket<SocketMessage>({
    url: socketAddress(),
    // the server words this socket's messages (a forced sign-out's reason…) in the page's language
    openObserver: {
      next: () =>
        ws.next({
          method: 'OnConnection',
          token,
          mobileDevice: false,
          ...(i18next.language ? { language: htmlLang(i18next.language) } : {}),
        }),
    },
    closeObserver: { next: () => connectedSubject.getValue() && connectedSubject.next(false) },
  });
  subject = ws;
  sub = ws
    .pipe(
      // A clean close by the server (a restart, a deploy) completes the subject instead of failing
      // it: reconnect then too, or a kiosk would stay silent until someone reloads it.
      concatWith(throwError(() => new Error('socket closed by the server'))),
      retry({ delay: (_err, attempt) => timer(backoffMs(attempt)), resetOnSuccess: true }),
    )
    .subscribe({ next: (m) => incoming.next(m) });
  useSession.setState({ socket: { close: disconnect } });
}

// Server-pushed logout: toast, token reset, reload (spec §4, §8).
on('logout').subscribe((m) => {
  if (!useSession.getState().token) return; // we signed out ourselves
  toast('error', typeof m.msg === 'string' && m.msg ? m.msg : LOGOUT_PUSH_MESSAGE, 1.5);
  disconnect();
  useSession.getState().resetToken();
  setTimeout(() => window.location.reload(), 300);
});
