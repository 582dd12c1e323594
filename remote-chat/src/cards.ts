// Cards (effects): the live status of a shared asset, repair order or fault from the map's REST
// routes (the stored one is what it was when sent), and the search of the card picker.
import { request } from '@lighting/shared';
import type { ApiData } from '@lighting/shared/api';
import { type ChatCard } from '@lighting/shared/core';

type AssetHits = ApiData<'/api/map/assets/search', 'get'>;
type Faults = ApiData<'/api/map/faults', 'get'>;
type Orders = ApiData<'/api/map/repair-orders', 'get'>;

const live = new Map<string, Promise<string | null>>();

const readOf: Record<ChatCard['kind'], (id: string) => string> = {
  asset: (id) => `/map/assets/${encodeURIComponent(id)}`,
  order: (id) => `/map/repair-orders/${encodeURIComponent(id)}`,
  fault: (id) => `/map/faults/${encodeURIComponent(id)}`,
};

/** What the three reads answer, as far as a card's status goes (an asset, an order, a fault). */
type LiveAnswer = Partial<ApiData<'/api/map/assets/{objectid}', 'get'>> &
  Partial<Pick<ApiData<'/api/map/repair-orders/{id}', 'get'>, 'state'>> &
  Partial<Pick<ApiData<'/api/map/faults/{id}', 'get'>, 'closedAt'>>;

const statusIn: Record<ChatCard['kind'], (d: LiveAnswer) => string | null> = {
  asset: (d) => d.asset?.status ?? null,
  order: (d) => d.state ?? null,
  fault: (d) => (d.closedAt === undefined ? null : d.closedAt ? 'closed' : 'open'),
};

/** The current status/state, or null when the reader may not see it (or it is gone). */
export function liveStatus(card: ChatCard): Promise<string | null> {
  const key = `${card.kind}:${card.id}`;
  let p = live.get(key);
  if (!p) {
    p = request<LiveAnswer>({ url: readOf[card.kind](card.id), method: 'get', passThrough: true })
      .then((res) => (res.code === 200 ? statusIn[card.kind](res.data) : null))
      .catch(() => null);
    live.set(key, p);
  }
  return p;
}

export interface CardHit {
  id: string;
  code: string;
  label: string;
}

/** Search for the card picker: assets by code prefix, orders by number or title, open faults by asset code or type. */
export async function searchCards(kind: ChatCard['kind'], text: string): Promise<CardHit[]> {
  const q = text.trim();
  if (!q) return [];
  if (kind === 'asset') {
    const res = await request<AssetHits>({
      url: '/map/assets/search',
      method: 'get',
      params: { code: q, limit: 10 },
      passThrough: true,
    });
    return res.code === 200
      ? res.data.map((a) => ({
          id: String(a.objectid),
          code: a.code,
          label: `${a.code} ${a.district} ${a.road}`,
        }))
      : [];
  }
  if (kind === 'fault') {
    const res = await request<Faults>({
      url: '/map/faults',
      method: 'get',
      params: { keyword: q, status: 'open', pageSize: 10, currentPage: 1 },
      passThrough: true,
    });
    return res.code === 200
      ? res.data.list.map((f) => ({
          id: f.id,
          code: f.assetCode ?? '',
          label: `${f.assetCode ?? ''} ${f.faultType} ${f.district}`,
        }))
      : [];
  }
  const res = await request<Orders>({
    url: '/map/repair-orders',
    method: 'get',
    params: { keyword: q, pageSize: 10, currentPage: 1 },
    passThrough: true,
  });
  return res.code === 200
    ? res.data.list.map((o) => ({ id: o.id, code: o.billNo, label: `${o.billNo} ${o.title}` }))
    : [];
}
