import { registerNamespace } from '@lighting/shared';

registerNamespace('lowcode', {
  zh: {
    webDesign: '功能设计',
    fullName: '名称',
    enCode: '编码',
    category: '分类',
    state: '状态',
    released: '已发布',
    draft: '未发布',
    keyword: '请输入关键词查询',
  },
  zhtw: {
    webDesign: '功能設計',
    fullName: '名稱',
    enCode: '編碼',
    category: '分類',
    state: '狀態',
    released: '已發布',
    draft: '未發布',
    keyword: '請輸入關鍵詞查詢',
  },
  en: {
    webDesign: 'Function design',
    fullName: 'Name',
    enCode: 'Code',
    category: 'Category',
    state: 'State',
    released: 'Released',
    draft: 'Draft',
    keyword: 'Search by keyword',
  },
});
