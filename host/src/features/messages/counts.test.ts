import { countRules, initialCounts } from './counts';

describe('unread counters', () => {
  it('initMessage sets the counters', () => {
    const c = countRules.init({
      unreadMessageCount: 3,
      unreadNoticeCount: 1,
      unreadNums: [{ formUserId: 'u2', unreadNum: 4 }],
      onlineUsers: ['u1', 'u2'],
    });
    expect(c).toEqual({ messages: 3, notices: 1, chat: { u2: 4 }, onlineUsers: ['u1', 'u2'] });
    expect(countRules.chatTotal(c)).toBe(4);
  });
  it('reading one drops by one, never below zero; mark all sets zero; a push raises', () => {
    const one = { ...initialCounts, messages: 1 };
    expect(countRules.readOne(one).messages).toBe(0);
    expect(countRules.readOne(countRules.readOne(one)).messages).toBe(0);
    expect(countRules.readAll({ ...initialCounts, messages: 9 }).messages).toBe(0);
    expect(countRules.pushed(initialCounts).messages).toBe(1);
  });
  it('bad payloads give zeros', () => {
    expect(countRules.init({ unreadMessageCount: 'x', unreadNums: null })).toEqual(initialCounts);
  });
});
