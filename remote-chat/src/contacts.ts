// Pure contact-list logic for chat (no React, no I/O).
export interface Contact {
  id: string;
  realName: string;
  account: string;
  headIcon?: string;
  quickQuery?: string;
  department?: string;
}

/** Everyone but self whose realName, account or quickQuery contains the query (case-insensitive). */
export function filterContacts(list: Contact[], query: string, selfId?: string): Contact[] {
  const q = query.trim().toLowerCase();
  return list.filter(
    (u) =>
      u.id !== selfId &&
      (!q || [u.realName, u.account, u.quickQuery ?? ''].some((f) => f.toLowerCase().includes(q))),
  );
}
