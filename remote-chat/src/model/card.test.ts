import type { MenuEntry } from '@lighting/shared';
import type { ChatCard } from '@lighting/shared/core';
import { cardView, statusKeyOf } from './card';

const page = (id: string, urlAddress: string): MenuEntry => ({
  id,
  type: 2,
  enCode: id,
  fullName: id,
  urlAddress,
});
const MAP: MenuEntry[] = [
  {
    id: 'lighting',
    type: 1,
    enCode: 'lighting',
    fullName: '照明地图',
    children: [page('a', 'bt/map/assets'), page('f', 'bt/map/fault'), page('r', 'bt/map/repair')],
  },
];
const card = (over: Partial<ChatCard>): ChatCard => ({
  kind: 'asset',
  id: '12',
  code: 'SL-000012',
  status: 'fault',
  title: '东城 长安街',
  ...over,
});

describe('a card as its reader sees it', () => {
  it('a reader with the map: the status, the live one asked for, and a link to the item', () => {
    expect(cardView(card({}), MAP)).toEqual({ status: 'fault', live: true, link: '/bt/map/assets?asset=12' });
    expect(cardView(card({ kind: 'order', id: 'o1', status: 'pending' }), MAP).link).toBe(
      '/bt/map/repair?order=o1',
    );
    expect(cardView(card({ kind: 'fault', id: 'f1', status: 'open' }), MAP).link).toBe(
      '/bt/map/fault?fault=f1',
    );
  });
  it('a reader the server withheld the status from: no status, none asked for, no link', () => {
    expect(cardView(card({ status: '', title: '' }), [])).toEqual({ status: null, live: false, link: null });
  });
  it('the link needs the page the card opens, not just any map page', () => {
    const assetsOnly: MenuEntry[] = [page('a', 'bt/map/assets')];
    expect(cardView(card({}), assetsOnly).link).not.toBeNull();
    expect(cardView(card({ kind: 'order', id: 'o1' }), assetsOnly).link).toBeNull();
    expect(cardView(card({ kind: 'fault', id: 'f1' }), assetsOnly).link).toBeNull();
  });
  it('labels statuses from the family of the card’s kind', () => {
    expect(['asset', 'order', 'fault'].map((k) => statusKeyOf(k as ChatCard['kind']))).toEqual([
      'status',
      'orderState',
      'faultState',
    ]);
  });
});
