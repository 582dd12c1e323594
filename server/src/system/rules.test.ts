import { onlinePeople, type LiveSession } from './rules';

const session = (userId: string, loginTime: number, ip = '10.0.0.1'): LiveSession => ({
  userId,
  userName: userId.toUpperCase(),
  account: userId,
  organize: 'org',
  sessionId: `${userId}-${loginTime}`,
  loginTime,
  loginIp: ip,
  loginAddress: '本地局域网',
  expiresAt: loginTime + 100,
});

describe('onlinePeople', () => {
  it('gives one row per person with their sessions inside, newest first', () => {
    const rows = onlinePeople(
      [session('admin', 1), session('admin', 3, '10.0.0.3'), session('manager', 2), session('admin', 2)],
      new Set(),
    );
    expect(rows.map((r) => r.userId)).toEqual(['admin', 'manager']);
    expect(rows[0]).toMatchObject({ sessionCount: 3, loginTime: 3, loginIp: '10.0.0.3', expiresAt: 103 });
    expect(rows[0]!.sessions.map((s) => s.loginTime)).toEqual([3, 2, 1]);
  });

  it('says online only for people with an open page, and lists them first', () => {
    const rows = onlinePeople([session('admin', 5), session('manager', 1)], new Set(['manager']));
    expect(rows.map((r) => [r.userId, r.connected])).toEqual([
      ['manager', true],
      ['admin', false],
    ]);
  });
});
