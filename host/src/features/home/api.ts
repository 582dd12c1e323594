// The home dashboard's endpoints (/api/home/*), one typed fetcher per widget. Envelope and token
// handling come from the shared `request`; each widget calls exactly one of these.
import { request } from '@lighting/shared';
import type { ApiData, ApiRow } from '@lighting/shared/api';

// The answers' types come from the server's own description (shared/src/api/schema.gen.ts), never
// a hand-written copy: a field the server renames fails the type check here.
export type Time = number;

export type NoticeItem = ApiRow<'/api/home/Notices', 'get'>;
export type PlanItem = ApiRow<'/api/home/Plans', 'get'>;
export type PlanStatus = PlanItem['status'];
export type SafetyData = ApiData<'/api/home/Safety', 'get'>;
export type FaultsData = ApiData<'/api/home/Faults', 'get'>;
export type CalendarEvent = ApiRow<'/api/home/Calendar', 'get'>;
export type CalendarType = CalendarEvent['type'];
export type CableLineData = ApiData<'/api/home/CableLine', 'get'>;
export type PowerData = ApiData<'/api/home/Power', 'get'>;
export type ProductionData = ApiData<'/api/home/Production', 'get'>;
export type PartyItem = ApiRow<'/api/home/PartyBuilding', 'get'>;
export type FeedbackData = ApiData<'/api/home/Feedback', 'get'>;
export type MessageItem = ApiRow<'/api/home/Messages', 'get'>;

async function get<T>(url: string, params?: Record<string, unknown>): Promise<T> {
  const res = await request<T>({ url, method: 'get', params });
  return res.data;
}
const list = async <T>(url: string): Promise<T[]> => (await get<{ list?: T[] }>(url)).list ?? [];

export const homeApi = {
  notices: () => list<NoticeItem>('/home/Notices'),
  plans: () => list<PlanItem>('/home/Plans'),
  safety: () => get<SafetyData>('/home/Safety'),
  faults: () => get<FaultsData>('/home/Faults'),
  calendar: (month: string) =>
    get<{ list?: CalendarEvent[] }>('/home/Calendar', { month }).then((d) => d.list ?? []),
  cableLine: () => get<CableLineData>('/home/CableLine'),
  power: () => get<PowerData>('/home/Power'),
  production: () => get<ProductionData>('/home/Production'),
  partyBuilding: () => list<PartyItem>('/home/PartyBuilding'),
  feedback: () => get<FeedbackData>('/home/Feedback'),
  messages: () => list<MessageItem>('/home/Messages'),
};

/** Where a notice / party / safety item opens: the article page with its category and id. */
export function articleHref(category: 'notice' | 'party' | 'safety', id?: string): string {
  const q = new URLSearchParams({ category });
  if (id !== undefined) q.set('id', id);
  return `/bt/article/more?${q.toString()}`;
}
