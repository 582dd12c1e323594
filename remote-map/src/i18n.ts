import { registerNamespace } from '@lighting/shared';

registerNamespace('map', {
  zh: {
    assets: '资产类型与状态',
    kinds: '资产类型',
    statuses: '状态类型',
    faultTypes: '故障类型',
    urgency: '紧急程度',
    code: '编码',
    name: '名称',
  },
  zhtw: {
    assets: '資產類型與狀態',
    kinds: '資產類型',
    statuses: '狀態類型',
    faultTypes: '故障類型',
    urgency: '緊急程度',
    code: '編碼',
    name: '名稱',
  },
  en: {
    assets: 'Asset kinds and statuses',
    kinds: 'Asset kinds',
    statuses: 'Status kinds',
    faultTypes: 'Fault types',
    urgency: 'Urgency',
    code: 'Code',
    name: 'Name',
  },
});
