/**
 * The realtime module: pushes to a user's or a token's sockets wherever they are connected.
 * Used by routes (Logout, ModifyPassword…) and by the socket route that registers sockets.
 */
import { LocalBus, RedisBus, type Bus } from './bus';
import { Hub, type Delivery, type DeliveryScope, type Peer } from './hub';

/** Whether a user may see a pushed row (data permissions; the app composes it from the domains). */
export type ScopeCheck = (userId: string, scope: DeliveryScope) => Promise<boolean>;
import { logoutMessage, offlineMessage, onlineMessage, type ServerMessage } from './protocol';

export class Realtime {
  readonly hub = new Hub();
  private scopeCheck: ScopeCheck | null = null;
  /** Scoped deliveries in the order they came (each waits for its checks). */
  private scoped: Promise<void> = Promise.resolve();

  constructor(
    readonly bus: Bus,
    private readonly onError: (err: Error) => void = () => undefined,
  ) {
    bus.onDelivery((d) => this.receive(d));
  }

  /** Who may see a pushed row: set once by the app (data permissions). */
  setScopeCheck(check: ScopeCheck): void {
    this.scopeCheck = check;
  }

  /**
   * A delivery on this instance. A row under data permissions reaches, of this instance's users,
   * only those allowed to see it (a failed check is a refusal), in the order the rows came.
   */
  private receive(d: Delivery): void {
    const check = this.scopeCheck;
    const scope = d.scope;
    if (!scope || !check || d.target.kind !== 'all') {
      this.hub.deliver(d);
      return;
    }
    this.scoped = this.scoped
      .then(async () => {
        for (const userId of this.hub.userIds()) {
          const allowed = await check(userId, scope).catch(() => false);
          if (allowed) this.hub.deliver({ ...d, target: { kind: 'user', userId }, scope: undefined });
        }
      })
      .catch((err: unknown) => this.onError(err instanceof Error ? err : new Error(String(err))));
  }

  static create(redisUrl: string | null, redisPrefix: string, onError: (err: Error) => void): Realtime {
    return new Realtime(redisUrl ? new RedisBus(redisUrl, redisPrefix, onError) : new LocalBus(), onError);
  }

  private publish(d: Delivery): Promise<void> {
    return this.bus.publish(d).catch((err: unknown) => {
      this.onError(err instanceof Error ? err : new Error(String(err)));
      // Redis unreachable: at least reach this instance's sockets.
      this.receive(d);
    });
  }

  /** To every socket of the user on every instance (but `exceptSocketId`, e.g. the sending tab's). */
  pushToUser(userId: string, msg: ServerMessage, exceptSocketId?: string): Promise<void> {
    return this.publish({ target: { kind: 'user', userId }, payload: msg, exceptSocketId });
  }

  pushToToken(token: string, msg: ServerMessage, exceptSocketId?: string): Promise<void> {
    return this.publish({ target: { kind: 'token', token }, payload: msg, exceptSocketId });
  }

  pushToAll(msg: ServerMessage, exceptSocketId?: string): Promise<void> {
    return this.publish({ target: { kind: 'all' }, payload: msg, exceptSocketId });
  }

  /** To everyone allowed to see the row (`scope`: its page and the fields data permissions test). */
  pushScoped(msg: ServerMessage, scope: DeliveryScope): Promise<void> {
    return this.publish({ target: { kind: 'all' }, payload: msg, scope });
  }

  /** A token was revoked: tell its sockets (except the signing-out tab's own) and close them all. */
  disconnectToken(
    token: string,
    exceptSocketId?: string,
    msg: ServerMessage = logoutMessage(),
  ): Promise<void> {
    return this.publish({ target: { kind: 'token', token }, payload: msg, exceptSocketId, close: true });
  }

  async onlineUsers(): Promise<string[]> {
    return this.bus.online(this.hub.userIds());
  }

  async attach(peer: Peer, userId: string, token: string): Promise<void> {
    const { firstForUser } = this.hub.add(peer, userId, token);
    await this.bus
      .setPresence(this.hub.userIds())
      .catch((e: unknown) => this.onError(e instanceof Error ? e : new Error(String(e))));
    if (firstForUser) await this.pushToAll(onlineMessage(userId), peer.id);
  }

  async detach(peerId: string): Promise<void> {
    const r = this.hub.remove(peerId);
    if (!r) return;
    await this.bus
      .setPresence(this.hub.userIds())
      .catch((e: unknown) => this.onError(e instanceof Error ? e : new Error(String(e))));
    if (r.lastForUser && !(await this.onlineUsers().catch(() => [] as string[])).includes(r.userId)) {
      await this.pushToAll(offlineMessage(r.userId));
    }
  }

  async close(): Promise<void> {
    this.hub.closeAll();
    await this.bus.close();
  }
}

export type { Peer } from './hub';
export { logoutMessage } from './protocol';
