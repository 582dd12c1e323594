import { initMessage, isBadFrame, isOnConnection, logoutMessage, parseClientMessage } from './protocol';

describe('socket protocol', () => {
  it('parses OnConnection and other methods', () => {
    const m = parseClientMessage('{"method":"OnConnection","token":"t","mobileDevice":false}');
    expect(m).toEqual({ method: 'OnConnection', token: 't', mobileDevice: false });
    expect(!isBadFrame(m) && isOnConnection(m)).toBe(true);
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
  it('names what is wrong with a frame that is not a message', () => {
    const cases: Array<[string, string]> = [
      ['x', 'frame: must be JSON'],
      ['[]', 'frame: must be a JSON object'],
      ['null', 'frame: must be a JSON object'],
      ['{"token":"t"}', 'method: required'],
      ['{"method":1}', 'method: must be a non-empty string'],
      ['{"method":""}', 'method: must be a non-empty string'],
      [`{"method":"a","x":"${'y'.repeat(70000)}"}`, 'frame: must be at most 65536 characters'],
    ];
    for (const [raw, bad] of cases) {
      const m = parseClientMessage(raw);
      expect(isBadFrame(m) ? m.bad : m).toBe(bad);
    }
    // a message may carry a field named `bad`: still a message
    const m = parseClientMessage('{"method":"X","bad":"y"}');
    expect(isBadFrame(m)).toBe(false);
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
