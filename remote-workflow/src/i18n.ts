import { registerNamespace } from '@lighting/shared';

registerNamespace('workflow', {
  zh: {
    launch: '发起流程',
    pick: '选择要发起的流程',
    category: '分类',
    categoryOf: '分类：',
    signClear: '清除签名',
  },
  zhtw: {
    launch: '發起流程',
    pick: '選擇要發起的流程',
    category: '分類',
    categoryOf: '分類：',
    signClear: '清除簽名',
  },
  en: {
    launch: 'Launch a flow',
    pick: 'Choose the flow to launch',
    category: 'Category',
    categoryOf: 'Category: ',
    signClear: 'Clear the signature',
  },
});
