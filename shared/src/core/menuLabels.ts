// Menu entries in three languages (spec §2 "Menu sections (translation tables)"): a menu is
// translated by its enCode; the server's fullName is the fallback for entries an administrator
// adds. Pure: no i18next, no React — the caller passes the language.

/** The languages of the console (i18n/index.ts re-exports the list). */
export type LabelLanguage = 'zh' | 'zhtw' | 'en';

export interface Label {
  zh: string;
  zhtw: string;
  en: string;
}

const l = (zh: string, zhtw: string, en: string): Label => ({ zh, zhtw, en });

/**
 * enCode → label. The spec's sections (JNPF's enCodes) and every entry this product seeds
 * (server/src/**\/menus.ts, server/src/db/seed-data.ts).
 */
export const MENU_LABELS: Readonly<Record<string, Label>> = {
  home: l('首页', '首頁', 'Home'),
  dashboard: l('仪表板', '儀表板', 'Dashboard'),
  // online development
  onlineDev: l('在线开发', '在線開發', 'Online development'),
  'onlineDev.webDesign': l('功能设计', '功能設計', 'Web design'),
  'onlineDev.appDesign': l('移动设计', '移動設計', 'App design'),
  'onlineDev.dataReport': l('报表设计', '報表設計', 'Report design'),
  'onlineDev.dataScreen': l('大屏设计', '大屏設計', 'Screen design'),
  'onlineDev.visualPortal': l('门户设计', '門戶設計', 'Portal design'),
  'dynamicModel.repairReport': l('报修登记', '報修登記', 'Repair reports'),
  'dynamicModel.assetKind': l('资产字典', '資產字典', 'Asset dictionary'),
  'dynamicModel.faultReport': l('故障月报', '故障月報', 'Monthly fault report'),
  'dashboard.city': l('城市照明大屏', '城市照明大屏', 'City lighting wall'),
  'extend.manual': l('操作手册', '操作手冊', 'User manual'),
  'extend.manualTab': l('操作手册(新窗口)', '操作手冊(新視窗)', 'User manual (new window)'),
  generator: l('代码生成', '代碼生成', 'Code generator'),
  'generator.webForm': l('功能表单', '功能表單', 'Function forms'),
  // system
  system: l('系统管理', '系統管理', 'System'),
  'system.sysConfig': l('系统配置', '系統配置', 'Configuration'),
  'system.notice': l('系统公告', '系統公告', 'Notices'),
  'system.task': l('系统调度', '系統調度', 'Scheduled tasks'),
  'system.cache': l('系统缓存', '系統緩存', 'Cache'),
  'system.log': l('系统日志', '系統日誌', 'System log'),
  'system.monitor': l('系统监控', '系統監控', 'Monitoring'),
  'system.icons': l('系统图标', '系統圖標', 'Icons'),
  'system.language': l('翻译管理', '翻譯管理', 'Languages'),
  'system.menu': l('菜单管理', '菜單管理', 'Menus'),
  'system.area': l('行政区划', '行政區劃', 'Areas'),
  'system.billRule': l('单据规则', '單據規則', 'Bill numbers'),
  // system data
  systemData: l('系统数据', '系統數據', 'System data'),
  'systemData.dataSource': l('数据连接', '數據連接', 'Data sources'),
  'systemData.dataModel': l('数据建模', '數據建模', 'Data models'),
  'systemData.dataSync': l('数据同步', '數據同步', 'Data sync'),
  'systemData.dataBackup': l('数据备份', '數據備份', 'Backups'),
  'systemData.dataInterface': l('数据接口', '數據接口', 'Data interfaces'),
  'systemData.dictionary': l('数据字典', '數據字典', 'Dictionaries'),
  'systemData.map': l('数据地图', '數據地圖', 'Map data'),
  weChat: l('微信配置', '微信配置', 'WeChat'),
  // permission
  permission: l('权限管理', '權限管理', 'Permissions'),
  'permission.organize': l('组织管理', '組織管理', 'Organizations'),
  'permission.department': l('部门管理', '部門管理', 'Departments'),
  'permission.position': l('岗位管理', '崗位管理', 'Positions'),
  'permission.user': l('用户管理', '用戶管理', 'Users'),
  'permission.role': l('角色管理', '角色管理', 'Roles'),
  'permission.authorize': l('权限授权', '權限授權', 'Authorization'),
  'permission.userOnline': l('在线用户', '在線用戶', 'Online users'),
  // workflow
  workFlow: l('工作流程', '工作流程', 'Workflow'),
  'workFlow.flowEngine': l('流程设计', '流程設計', 'Flow design'),
  'workFlow.flowLaunch': l('发起流程', '發起流程', 'Start a flow'),
  'workFlow.flowTodo': l('待办事宜', '待辦事宜', 'To do'),
  'workFlow.flowDone': l('已办事宜', '已辦事宜', 'Done'),
  'workFlow.flowCirculate': l('抄送事宜', '抄送事宜', 'Copied to me'),
  'workFlow.entrust': l('流程委托', '流程委託', 'Delegation'),
  'workFlow.flowMonitor': l('流程监控', '流程監控', 'Flow monitor'),
  extend: l('示例功能', '示例功能', 'Demos'),
  // this product's sections
  lighting: l('照明地图', '照明地圖', 'Lighting map'),
  'bt.map.assets': l('资产类型与状态', '資產類型與狀態', 'Assets and states'),
  'bt.gzyp.statistic': l('统计一张图', '統計一張圖', 'Statistics map'),
  'bt.map.fault': l('故障研判', '故障研判', 'Fault analysis'),
  'bt.map.repair': l('维修工单', '維修工單', 'Repair orders'),
  'bt.map.tools': l('地图工具', '地圖工具', 'Map tools'),
  citizen: l('市民服务', '市民服務', 'Citizen services'),
  'bt.citizen.feedback': l('市民反馈', '市民反饋', 'Citizen feedback'),
  'bt.citizen.plates': l('杆牌二维码', '桿牌二維碼', 'Pole QR plates'),
  'bt.citizen.open311': l('Open311 接口密钥', 'Open311 接口密鑰', 'Open311 keys'),
  chat: l('即时通讯', '即時通訊', 'Chat'),
  'chat.contacts': l('通讯录', '通訊錄', 'Contacts'),
};

/**
 * The label of a menu entry in `lang`. An enCode the table knows gives its translation — unless an
 * administrator renamed the entry (its fullName no longer is the table's Chinese), then their
 * wording is shown in every language, as is the fullName of an entry the table does not know.
 */
export function menuLabel(enCode: string, fullName: string, lang: string): string {
  const known = MENU_LABELS[enCode];
  if (!known || menuWordingIsOwn(enCode, fullName)) return fullName;
  return lang === 'zhtw' || lang === 'en' ? known[lang] : known.zh;
}

/** Whether an entry is shown by its fullName as typed (not a translation the table holds). */
export function menuWordingIsOwn(enCode: string, fullName: string): boolean {
  const known = MENU_LABELS[enCode];
  return !known || (fullName !== '' && fullName !== known.zh);
}

/** The platform's default title per language (runtime config `title` unless it was changed). */
export const PLATFORM_TITLES: Label = l(
  '城市照明综合管理平台',
  '城市照明綜合管理平台',
  'City Lighting Management Platform',
);

/**
 * The platform title in `lang`: `titles[lang]` when configured, else the translated default while
 * the configured title is the default one, else the configured title as it is.
 */
export function platformTitle(title: string, lang: string, titles?: Partial<Label>): string {
  const key: LabelLanguage = lang === 'zhtw' || lang === 'en' ? lang : 'zh';
  const own = titles?.[key];
  if (own) return own;
  return title === '' || title === PLATFORM_TITLES.zh ? PLATFORM_TITLES[key] : title;
}

/** `<html lang>` for a console language. */
export function htmlLang(lang: string): string {
  return lang === 'zhtw' ? 'zh-TW' : lang === 'en' ? 'en' : 'zh-CN';
}
