/** The chat section of the menu (spec §2). */
import { col, type MenuSeed } from '../kernel';

export const CHAT_MENU: MenuSeed = {
  enCode: 'chat',
  fullName: '即时通讯',
  type: 1,
  icon: 'icon-ym icon-ym-chat',
  children: [
    {
      enCode: 'chat.contacts',
      fullName: '通讯录',
      type: 2,
      icon: 'icon-ym icon-ym-contacts',
      urlAddress: 'chat/contacts',
      columns: col([
        ['realName', '姓名'],
        ['department', '部门'],
        ['mobile', '手机'],
      ]),
    },
  ],
};
