import { countRules, initialCounts } from './counts';

describe('unread counters', () => {
  it('initMessage sets the counters', () => {
    const c = countRules.init(
      { ...initialCounts, chat: 4 },
      { unreadMessageCount: 3, unreadNoticeCount: 1, unreadNums: [{ sendUserId: 'u2', unreadNum: 4 }] },
    );
    expect(c).toEqual({ messages: 3, notices: 1, chat: 4 });
  });
  it('reading one drops by one, never below zero; mark all sets zero; a push raises', () => {
    const one = { ...initialCounts, messages: 1 };
    expect(countRules.readOne(one).messages).toBe(0);
    expect(countRules.readOne(countRules.readOne(one)).messages).toBe(0);
    expect(countRules.readAll({ ...initialCounts, messages: 9 }).messages).toBe(0);
    expect(countRules.pushed(initialCounts).messages).toBe(1);
  });
  it('bad payloads give zeros', () => {
    expect(countRules.init(initialCounts, { unreadMessageCount: 'x', unreadNums: null })).toEqual(
      initialCounts,
    );
  });
  it('a push takes the pushed counts when present, else adds one', () => {
    const c = { ...initialCounts, messages: 4, notices: 2 };
    expect(countRules.push(c, { unreadMessageCount: 7, unreadNoticeCount: 3 })).toMatchObject({
      messages: 7,
      notices: 3,
    });
    expect(countRules.push(c, { unreadMessageCount: 0 })).toMatchObject({ messages: 0, notices: 2 });
    expect(countRules.push(c, { unreadMessageCount: '5' }).messages).toBe(5);
    expect(countRules.push(c, {}).messages).toBe(5);
    expect(countRules.push(c, { unreadMessageCount: 'x' }).messages).toBe(5);
    expect(countRules.push(c, { unreadMessageCount: -2 }).messages).toBe(0);
  });
});
