import { registerNamespace } from '@lighting/shared';

registerNamespace('system', {
  zh: { users: '用户管理', keyword: '请输入关键词查询', search: '查询', account: '账户', realName: '姓名', gender: '性别', mobile: '手机', organize: '所属组织', position: '岗位', enabledMark: '状态', enabled: '正常', disabled: '禁用', male: '男', female: '女' },
  zhtw: { users: '用戶管理', keyword: '請輸入關鍵詞查詢', search: '查詢', account: '賬戶', realName: '姓名', gender: '性別', mobile: '手機', organize: '所屬組織', position: '崗位', enabledMark: '狀態', enabled: '正常', disabled: '禁用', male: '男', female: '女' },
  en: { users: 'Users', keyword: 'Search by keyword', search: 'Search', account: 'Account', realName: 'Name', gender: 'Gender', mobile: 'Mobile', organize: 'Organisation', position: 'Position', enabledMark: 'State', enabled: 'Enabled', disabled: 'Disabled', male: 'Male', female: 'Female' },
});
