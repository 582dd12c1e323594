// Everyone the user can chat with (effects): GET /system/Permission/Users/All once per page.
import { request } from '@lighting/shared';
import { type ChatContact } from '@lighting/shared/core';

let all: Promise<ChatContact[]> | null = null;

export function loadContacts(): Promise<ChatContact[]> {
  if (!all) {
    all = request<{ list: ChatContact[] }>({ url: '/system/Permission/Users/All', method: 'get' }).then(
      (res) => res.data.list,
    );
    all.catch(() => {
      all = null;
    });
  }
  return all;
}
