import { registerNamespace } from '@lighting/shared';

registerNamespace('chat', {
  zh: { contacts: '通讯录', search: '搜索姓名、账号或拼音', count: '共 {{n}} 人' },
  zhtw: { contacts: '通訊錄', search: '搜索姓名、賬號或拼音', count: '共 {{n}} 人' },
  en: { contacts: 'Contacts', search: 'Search name, account or initials', count: '{{n}} people' },
});
