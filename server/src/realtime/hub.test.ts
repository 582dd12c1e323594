import { Hub, type Peer } from './hub';

class FakePeer implements Peer {
  sent: string[] = [];
  closed: number | null = null;
  constructor(readonly id: string) {}
  send(data: string): void {
    this.sent.push(data);
  }
  close(code: number): void {
    this.closed = code;
  }
}

describe('Hub', () => {
  it('tracks users and delivers by user, token and all', () => {
    const hub = new Hub();
    const [a, b, c] = [new FakePeer('a'), new FakePeer('b'), new FakePeer('c')];
    expect(hub.add(a, 'u1', 't1').firstForUser).toBe(true);
    expect(hub.add(b, 'u1', 't2').firstForUser).toBe(false);
    hub.add(c, 'u2', 't3');
    expect(hub.userIds().sort()).toEqual(['u1', 'u2']);

    expect(hub.deliver({ target: { kind: 'user', userId: 'u1' }, payload: { method: 'x' } })).toBe(2);
    expect(hub.deliver({ target: { kind: 'token', token: 't1' }, payload: { method: 'y' } })).toBe(1);
    expect(hub.deliver({ target: { kind: 'all' }, payload: { method: 'z' }, exceptSocketId: 'c' })).toBe(2);
    expect(a.sent.map((s) => JSON.parse(s).method)).toEqual(['x', 'y', 'z']);
    expect(c.sent).toEqual([]);
  });

  it('closes the targeted sockets (the excepted one silently) when asked', () => {
    const hub = new Hub();
    const [a, b] = [new FakePeer('a'), new FakePeer('b')];
    hub.add(a, 'u1', 't1');
    hub.add(b, 'u1', 't1');
    hub.deliver({
      target: { kind: 'token', token: 't1' },
      payload: { method: 'logout' },
      exceptSocketId: 'a',
      close: true,
    });
    expect(a.sent).toEqual([]);
    expect(b.sent).toHaveLength(1);
    expect([a.closed, b.closed]).toEqual([4001, 4001]);
  });

  it('reports the last socket of a user', () => {
    const hub = new Hub();
    hub.add(new FakePeer('a'), 'u1', 't');
    hub.add(new FakePeer('b'), 'u1', 't');
    expect(hub.remove('a')).toEqual({ userId: 'u1', lastForUser: false });
    expect(hub.remove('b')).toEqual({ userId: 'u1', lastForUser: true });
    expect(hub.remove('b')).toBeNull();
    expect(hub.size()).toBe(0);
  });

  it('delivers by its indexes: a user, a token or everyone, and forgets removed sockets', () => {
    const hub = new Hub();
    const [a, b, c] = [new FakePeer('a'), new FakePeer('b'), new FakePeer('c')];
    hub.add(a, 'u1', 't1');
    hub.add(b, 'u1', 't2');
    hub.add(c, 'u2', 't3');
    expect(hub.deliver({ target: { kind: 'user', userId: 'u1' }, payload: { method: 'x' } })).toBe(2);
    expect(hub.deliver({ target: { kind: 'token', token: 't3' }, payload: { method: 'y' } })).toBe(1);
    expect(hub.deliver({ target: { kind: 'user', userId: 'nobody' }, payload: { method: 'z' } })).toBe(0);
    hub.remove('a');
    expect(hub.deliver({ target: { kind: 'user', userId: 'u1' }, payload: { method: 'w' } })).toBe(1);
    expect(hub.deliver({ target: { kind: 'all' }, payload: { method: 'v' } })).toBe(2);
    expect(hub.userIds().sort()).toEqual(['u1', 'u2']);
    expect([a.sent.length, b.sent.length, c.sent.length]).toEqual([1, 3, 2]);
  });
});
