// What a card shows its reader (pure). The server stored the card's status and title as the sender
// could read them, and withholds them from a reader without the map's read permission (docs/api/
// chat.md): a card without a status shows its code alone. Its link is offered only when the reader's
// menus hold the map page it opens (the console would have no route for it otherwise).
import { hasMenuPage, type MenuEntry } from '@lighting/shared';
import { CARD_MAP_PAGES, mapLinkOf, type ChatCard } from '@lighting/shared/core';

export interface CardView {
  /** the status to show (the stored one until the live one is read), or null: none to show */
  status: string | null;
  /** whether the reader may ask the map for the live status (the server gave them the stored one) */
  live: boolean;
  /** where the card opens its item, or null: no link offered */
  link: string | null;
}

export function cardView(card: ChatCard, menus: readonly MenuEntry[] | null | undefined): CardView {
  const status = card.status || null;
  return {
    status,
    live: status !== null,
    link: hasMenuPage(menus, CARD_MAP_PAGES[card.kind]) ? mapLinkOf(card) : null,
  };
}

/** The i18n key family of a card's status label. */
export const statusKeyOf = (kind: ChatCard['kind']): 'status' | 'orderState' | 'faultState' =>
  kind === 'asset' ? 'status' : kind === 'order' ? 'orderState' : 'faultState';
