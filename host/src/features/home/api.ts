// The home dashboard's endpoints (/api/home/*), one typed fetcher per widget. Envelope and token
// handling come from the shared `request`; each widget calls exactly one of these.
import { request } from '@lighting/shared';

export type Time = string | number;

export interface NoticeItem {
  id: string;
  title: string;
  publishTime: Time;
  creatorUser: string;
  /** '0' unread, '1' read (for the caller) */
  isRead: '0' | '1';
}
export type PlanStatus = 'notStarted' | 'inProgress' | 'done' | 'delayed';
export interface PlanItem {
  id: string;
  title: string;
  district: string;
  startDate: Time;
  endDate: Time;
  progress: number;
  status: PlanStatus;
}
export interface SafetyData {
  safeDays: number;
  inspectionsThisMonth: number;
  hazardsOpen: number;
  hazardsClosed: number;
  articles: { id: string; title: string; publishTime: Time }[];
}
export interface FaultsData {
  today: number;
  open: number;
  closedThisMonth: number;
  byType: { type: string; count: number }[];
  trend: { date: string; count: number }[];
  byDistrict: { district: string; count: number }[];
}
export type CalendarType = 'maintenance' | 'inspection' | 'meeting' | 'holiday';
export interface CalendarEvent {
  date: string;
  title: string;
  type: CalendarType;
}
export interface CableLineData {
  totalKm: number;
  byType: { type: string; km: number }[];
  byDistrict: { district: string; km: number }[];
  faultsPer100Km: number;
}
export interface PowerData {
  monthKwh: number;
  lastMonthKwh: number;
  yearKwh: number;
  lightsOnRate: number;
  trend: { month: string; kwh: number }[];
  byDistrict: { district: string; kwh: number }[];
}
export interface ProductionData {
  ordersThisMonth: number;
  completed: number;
  onTimeRate: number;
  trend: { month: string; created: number; completed: number }[];
}
export interface PartyItem {
  id: string;
  title: string;
  publishTime: Time;
}
export interface FeedbackData {
  pending: number;
  repliedThisMonth: number;
  satisfaction: number;
  latest: { id: string; title: string; district: string; createdAt: Time; state: 'pending' | 'replied' }[];
}
export interface MessageItem {
  id: string;
  /** as stored; shown through shownMessageTitle */
  title: string;
  titleKey?: string | null;
  titleParams?: unknown;
  type: number | string;
  isRead: number | boolean | string;
  lastModifyTime: Time;
}

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
