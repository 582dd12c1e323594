import { STAFF_REPLY_NAME, citizenAuthor, plateCodes, replyAuthorName } from './rules';

describe('citizen rules', () => {
  it('shows a staff reply as the service to the citizen and as its writer to the console', () => {
    const staff = { authorKind: 'staff', authorName: STAFF_REPLY_NAME, realName: '张三' };
    expect(replyAuthorName(staff, false)).toBe(STAFF_REPLY_NAME);
    expect(replyAuthorName(staff, true)).toBe('张三');
    expect(replyAuthorName({ ...staff, realName: null }, true)).toBe(STAFF_REPLY_NAME);
    const citizen = { authorKind: 'citizen', authorName: '138****0000', realName: null };
    expect(replyAuthorName(citizen, false)).toBe('138****0000');
    expect(replyAuthorName(citizen, true)).toBe('138****0000');
  });

  it('names a citizen to the staff by masked phone or as a chat-app user', () => {
    expect(citizenAuthor({ kind: 'phone', subject: '13800001234' })).toBe('138****1234');
    expect(citizenAuthor({ kind: 'openid', subject: 'o-abc' })).toBe('微信用户');
  });

  it("reads a plate sheet's pole numbers from any separator", () => {
    expect(plateCodes(' p-001,p-002，p-003;P-004；p-005\n p-006 ')).toEqual([
      'P-001',
      'P-002',
      'P-003',
      'P-004',
      'P-005',
      'P-006',
    ]);
    expect(plateCodes('')).toEqual([]);
    expect(plateCodes(' , ; ')).toEqual([]);
  });
});
