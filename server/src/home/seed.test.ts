import { DISTRICTS, buildHomeSeed } from './seed';

describe('buildHomeSeed', () => {
  const now = Date.UTC(2025, 0, 15, 4);
  const seed = buildHomeSeed(now, { admin: 'a', manager: 'm', all: ['a', 'm', 'x'] });
  it('12 released notices, 3 unread for the admin, a draft, workflow messages with JSON bodies', () => {
    const notices = seed.message.filter((m) => m.type === 1 && m.state === 1);
    expect(notices).toHaveLength(12);
    expect(Math.min(...notices.map((n) => n.releasedAt ?? 0))).toBeGreaterThan(now - 61 * 86_400_000);
    const ids = new Set(notices.map((n) => n.id));
    const adminUnread = seed.message_receiver.filter(
      (r) => r.userId === 'a' && ids.has(r.messageId) && r.isRead === 0,
    );
    expect(adminUnread).toHaveLength(3);
    expect(seed.message.some((m) => m.state === 0)).toBe(true);
    for (const m of seed.message.filter((x) => x.type > 1)) expect(JSON.parse(m.bodyText).type).toBe(m.type);
  });
  it('~40 articles in three categories, six districts everywhere, nothing in the future', () => {
    expect(seed.article.length).toBeGreaterThanOrEqual(36);
    expect(new Set(seed.article.map((a) => a.category))).toEqual(new Set(['notice', 'party', 'safety']));
    expect(new Set(seed.fault.map((f) => f.district))).toEqual(new Set(DISTRICTS));
    for (const f of seed.fault) {
      expect(f.reportedAt).toBeLessThanOrEqual(now);
      if (f.closedAt != null) expect(f.closedAt).toBeLessThanOrEqual(now);
    }
    for (const o of seed.work_order) expect(o.createdAt).toBeLessThanOrEqual(now);
  });
  it('is deterministic', () => {
    expect(buildHomeSeed(now, { admin: 'a', manager: 'm', all: ['a', 'm', 'x'] })).toEqual(seed);
  });
});
