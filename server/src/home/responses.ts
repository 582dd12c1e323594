/**
 * What each /api/home call answers (http/response.ts): the API description carries these, the
 * console's types are generated from it (shared/src/api/schema.gen.ts) and every server test checks
 * each answer against them.
 */
import { anyJson, arr, envelope, int, num, paged, record, str, strOrNull } from '../http/response';
import { ARTICLE_CATEGORIES } from './rules';

const listOf = <const I>(item: I) => envelope(record({ list: arr(item) }));
const counted = <const K extends string>(key: K) =>
  arr(record({ [key]: str, count: int } as { [P in K]: typeof str } & { count: typeof int }));
const category = { type: 'string', enum: [...ARTICLE_CATEGORIES] } as const;
const readFlag = { type: 'string', enum: ['0', '1'] } as const;
/** An article in a dashboard list (notices of the safety panel, party building). */
const articleLine = record({ id: str, title: str, publishTime: int });

export const HOME_ANSWERS = {
  notices: listOf(record({ id: str, title: str, publishTime: int, creatorUser: str, isRead: readFlag })),
  articles: paged(record({ id: str, title: str, category, summary: str, publishTime: int, author: str })),
  article: envelope(
    record({ id: str, title: str, category, contentHtml: str, publishTime: int, author: str }),
  ),
  plans: listOf(
    record({
      id: str,
      title: str,
      district: str,
      startDate: str,
      endDate: str,
      progress: num,
      status: { type: 'string', enum: ['notStarted', 'inProgress', 'done', 'delayed'] },
    }),
  ),
  safety: envelope(
    record({
      safeDays: int,
      inspectionsThisMonth: int,
      hazardsOpen: int,
      hazardsClosed: int,
      articles: arr(articleLine),
    }),
  ),
  faults: envelope(
    record({
      today: int,
      open: int,
      closedThisMonth: int,
      byType: counted('type'),
      trend: counted('date'),
      byDistrict: counted('district'),
    }),
  ),
  calendar: listOf(
    record({
      date: str,
      title: str,
      type: { type: 'string', enum: ['maintenance', 'inspection', 'meeting', 'holiday'] },
    }),
  ),
  cableLine: envelope(
    record({
      totalKm: num,
      byType: arr(record({ type: str, km: num })),
      byDistrict: arr(record({ district: str, km: num })),
      faultsPer100Km: num,
    }),
  ),
  power: envelope(
    record({
      monthKwh: num,
      lastMonthKwh: num,
      yearKwh: num,
      lightsOnRate: num,
      trend: arr(record({ month: str, kwh: num })),
      byDistrict: arr(record({ district: str, kwh: num })),
    }),
  ),
  production: envelope(
    record({
      ordersThisMonth: int,
      completed: int,
      onTimeRate: num,
      trend: arr(record({ month: str, created: int, completed: int })),
    }),
  ),
  partyBuilding: listOf(articleLine),
  feedback: envelope(
    record({
      pending: int,
      repliedThisMonth: int,
      satisfaction: num,
      latest: arr(
        record({
          id: str,
          title: str,
          district: str,
          createdAt: int,
          state: { type: 'string', enum: ['pending', 'replied'] },
        }),
      ),
    }),
  ),
  messages: listOf(
    record({
      id: str,
      title: str,
      titleKey: strOrNull,
      titleParams: anyJson,
      type: int,
      isRead: readFlag,
      lastModifyTime: int,
    }),
  ),
} as const;
