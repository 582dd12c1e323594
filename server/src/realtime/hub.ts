/**
 * This instance's socket registry: sockets by user and by token. No network code: a Peer is anything
 * that can send a string and close, so the hub is tested without sockets.
 */
import type { ServerMessage } from './protocol';

export interface Peer {
  readonly id: string;
  send(data: string): void;
  close(code: number, reason: string): void;
}

export type Target = { kind: 'user'; userId: string } | { kind: 'token'; token: string } | { kind: 'all' };

export interface Delivery {
  target: Target;
  payload: ServerMessage;
  /** Socket id that must not receive it (the sender's own tab). */
  exceptSocketId?: string | undefined;
  /** Close the targeted sockets after sending (token revoked), including the excepted one (silently). */
  close?: boolean | undefined;
  /**
   * A row of a page whose rows data permissions divide: each instance delivers the message only to
   * the users allowed to see the row (Realtime.setScopeCheck).
   */
  scope?: DeliveryScope | undefined;
}

/** The page (menu code) a pushed row belongs to and the row's fields data permissions test. */
export interface DeliveryScope {
  menu: string;
  row: Record<string, string | number | null>;
}

interface Entry {
  peer: Peer;
  userId: string;
  token: string;
}

export class Hub {
  private readonly peers = new Map<string, Entry>();
  /** Sockets by user and by token: a delivery to one user costs that user's sockets, not all. */
  private readonly byUser = new Map<string, Set<string>>();
  private readonly byToken = new Map<string, Set<string>>();

  private static index(m: Map<string, Set<string>>, key: string, id: string): void {
    let set = m.get(key);
    if (!set) m.set(key, (set = new Set()));
    set.add(id);
  }

  private static unindex(m: Map<string, Set<string>>, key: string, id: string): void {
    const set = m.get(key);
    if (!set) return;
    set.delete(id);
    if (set.size === 0) m.delete(key);
  }

  add(peer: Peer, userId: string, token: string): { firstForUser: boolean } {
    const firstForUser = !this.hasUser(userId);
    this.peers.set(peer.id, { peer, userId, token });
    Hub.index(this.byUser, userId, peer.id);
    Hub.index(this.byToken, token, peer.id);
    return { firstForUser };
  }

  /** Forgets a socket; returns its user when that was the user's last socket here. */
  remove(peerId: string): { userId: string; lastForUser: boolean } | null {
    const e = this.peers.get(peerId);
    if (!e) return null;
    this.peers.delete(peerId);
    Hub.unindex(this.byUser, e.userId, peerId);
    Hub.unindex(this.byToken, e.token, peerId);
    return { userId: e.userId, lastForUser: !this.hasUser(e.userId) };
  }

  hasUser(userId: string): boolean {
    return this.byUser.has(userId);
  }

  userIds(): string[] {
    return [...this.byUser.keys()];
  }

  size(): number {
    return this.peers.size;
  }

  /** Sends to the matching local sockets; returns how many received it. */
  deliver(d: Delivery): number {
    const ids =
      d.target.kind === 'all'
        ? [...this.peers.keys()]
        : [
            ...((d.target.kind === 'user'
              ? this.byUser.get(d.target.userId)
              : this.byToken.get(d.target.token)) ?? []),
          ];
    if (ids.length === 0) return 0;
    const data = JSON.stringify(d.payload);
    let n = 0;
    for (const id of ids) {
      const e = this.peers.get(id);
      if (!e) continue;
      if (e.peer.id !== d.exceptSocketId) {
        e.peer.send(data);
        n++;
      }
      // The socket's close event detaches it (and updates presence), as for any other close.
      if (d.close) e.peer.close(4001, 'token revoked');
    }
    return n;
  }

  closeAll(): void {
    for (const e of this.peers.values()) e.peer.close(1001, 'server shutting down');
    this.peers.clear();
    this.byUser.clear();
    this.byToken.clear();
  }
}
