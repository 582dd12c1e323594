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
}

interface Entry {
  peer: Peer;
  userId: string;
  token: string;
}

export class Hub {
  private readonly peers = new Map<string, Entry>();

  add(peer: Peer, userId: string, token: string): { firstForUser: boolean } {
    const firstForUser = !this.hasUser(userId);
    this.peers.set(peer.id, { peer, userId, token });
    return { firstForUser };
  }

  /** Forgets a socket; returns its user when that was the user's last socket here. */
  remove(peerId: string): { userId: string; lastForUser: boolean } | null {
    const e = this.peers.get(peerId);
    if (!e) return null;
    this.peers.delete(peerId);
    return { userId: e.userId, lastForUser: !this.hasUser(e.userId) };
  }

  hasUser(userId: string): boolean {
    for (const e of this.peers.values()) if (e.userId === userId) return true;
    return false;
  }

  userIds(): string[] {
    return [...new Set([...this.peers.values()].map((e) => e.userId))];
  }

  size(): number {
    return this.peers.size;
  }

  /** Sends to the matching local sockets; returns how many received it. */
  deliver(d: Delivery): number {
    const data = JSON.stringify(d.payload);
    let n = 0;
    for (const e of [...this.peers.values()]) {
      const match =
        d.target.kind === 'all' ||
        (d.target.kind === 'user' && e.userId === d.target.userId) ||
        (d.target.kind === 'token' && e.token === d.target.token);
      if (!match) continue;
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
  }
}
