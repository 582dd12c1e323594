/**
 * The realtime module: pushes to a user's or a token's sockets wherever they are connected.
 * Used by routes (Logout, ModifyPassword…) and by the socket route that registers sockets.
 */
import { LocalBus, RedisBus, type Bus } from './bus';
import { Hub, type Delivery, type Peer } from './hub';
import { logoutMessage, offlineMessage, onlineMessage, type ServerMessage } from './protocol';

export class Realtime {
  readonly hub = new Hub();

  constructor(
    readonly bus: Bus,
    private readonly onError: (err: Error) => void = () => undefined,
  ) {
    bus.onDelivery((d) => this.hub.deliver(d));
  }

  static create(redisUrl: string | null, redisPrefix: string, onError: (err: Error) => void): Realtime {
    return new Realtime(redisUrl ? new RedisBus(redisUrl, redisPrefix, onError) : new LocalBus(), onError);
  }

  private publish(d: Delivery): Promise<void> {
    return this.bus.publish(d).catch((err: unknown) => {
      this.onError(err instanceof Error ? err : new Error(String(err)));
      // Redis unreachable: at least reach this instance's sockets.
      this.hub.deliver(d);
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
