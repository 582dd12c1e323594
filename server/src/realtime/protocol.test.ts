import { initMessage, isOnConnection, logoutMessage, parseClientMessage } from './protocol';

describe('socket protocol', () => {
  it('parses OnConnection and other methods', () => {
    const m = parseClientMessage('{"method":"OnConnection","token":"t","mobileDevice":false}');
    expect(m).toEqual({ method: 'OnConnection', token: 't', mobileDevice: false });
    expect(m && isOnConnection(m)).toBe(true);
    expect(parseClientMessage('{"method":"OnConnection"}')).toEqual({
      method: 'OnConnection',
      token: '',
      mobileDevice: false,
    });
    expect(parseClientMessage('{"method":"SendMessage","toUserId":"u"}')).toEqual({
      method: 'SendMessage',
      toUserId: 'u',
    });
  });
  it('rejects non-messages', () => {
    for (const raw of [
      'x',
      '[]',
      'null',
      '{"token":"t"}',
      '{"method":1}',
      `{"method":"a","x":"${'y'.repeat(70000)}"}`,
    ]) {
      expect(parseClientMessage(raw)).toBeNull();
    }
  });
  it('builds server messages', () => {
    expect(logoutMessage()).toEqual({ method: 'logout', msg: '登录过期,请重新登录' });
    expect(initMessage(['u1'], 's1')).toEqual({
      method: 'initMessage',
      unreadMessageCount: 0,
      unreadNoticeCount: 0,
      unreadNums: [],
      onlineUsers: ['u1'],
      socketId: 's1',
    });
  });
});
