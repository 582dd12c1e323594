/**
 * The administration menu branches (permission, system, systemData). urlAddress values are the
 * contract with remote-system's pages (docs/api/system.md).
 */
import { ADD, CRUD, CRUDX, EDIT, REMOVE, col, type MenuSeed } from '../kernel';

/** 异常日志's own columns (one row per distinct error): added to system.log by migration 0010 too. */
export const ERROR_LOG_COLUMNS: Array<[string, string]> = [
  ['lastSeen', '最后出现'],
  ['count', '次数'],
  ['source', '来源'],
];

/** The dictionary items' translation columns (issue 17): added to systemData.dictionary by migration 0017 too. */
export const DICTIONARY_I18N_COLUMNS: Array<[string, string]> = [
  ['fullNameZhtw', '繁体'],
  ['fullNameEn', '英文'],
];

export const ADMIN_ROOTS = ['permission', 'system', 'systemData'] as const;

export const PERMISSION_MENU: MenuSeed = {
  enCode: 'permission',
  fullName: '权限管理',
  type: 1,
  icon: 'icon-ym icon-ym-permission',
  children: [
    {
      enCode: 'permission.organize',
      fullName: '组织管理',
      type: 2,
      icon: 'icon-ym icon-ym-organization',
      urlAddress: 'permission/organize',
      buttons: CRUD,
      columns: col([
        ['fullName', '名称'],
        ['enCode', '编码'],
        ['category', '类型'],
        ['sortCode', '排序'],
        ['enabledMark', '状态'],
        ['creatorTime', '创建时间'],
      ]),
    },
    {
      enCode: 'permission.department',
      fullName: '部门管理',
      type: 2,
      icon: 'icon-ym icon-ym-department',
      urlAddress: 'permission/department',
      buttons: CRUD,
      columns: col([
        ['fullName', '部门名称'],
        ['enCode', '部门编码'],
        ['manager', '负责人'],
        ['sortCode', '排序'],
        ['enabledMark', '状态'],
        ['creatorTime', '创建时间'],
      ]),
    },
    {
      enCode: 'permission.position',
      fullName: '岗位管理',
      type: 2,
      icon: 'icon-ym icon-ym-position',
      urlAddress: 'permission/position',
      buttons: CRUDX,
      columns: col([
        ['fullName', '岗位名称'],
        ['enCode', '岗位编码'],
        ['organize', '所属组织'],
        ['sortCode', '排序'],
        ['enabledMark', '状态'],
        ['creatorTime', '创建时间'],
      ]),
    },
    {
      enCode: 'permission.user',
      fullName: '用户管理',
      type: 2,
      icon: 'icon-ym icon-ym-user',
      urlAddress: 'permission/user',
      buttons: CRUDX,
      columns: col([
        ['account', '账号'],
        ['realName', '姓名'],
        ['gender', '性别'],
        ['mobile', '手机'],
        ['organize', '所属组织'],
        ['position', '岗位'],
        ['enabledMark', '状态'],
      ]),
    },
    {
      enCode: 'permission.role',
      fullName: '角色管理',
      type: 2,
      icon: 'icon-ym icon-ym-role',
      urlAddress: 'permission/role',
      buttons: CRUD,
      columns: col([
        ['fullName', '角色名称'],
        ['enCode', '角色编码'],
        ['enabledMark', '状态'],
        ['creatorTime', '创建时间'],
      ]),
    },
    {
      enCode: 'permission.authorize',
      fullName: '权限授权',
      type: 2,
      icon: 'icon-ym icon-ym-authorize',
      urlAddress: 'permission/authorize',
      buttons: [EDIT],
    },
    {
      enCode: 'permission.userOnline',
      fullName: '在线用户',
      type: 2,
      icon: 'icon-ym icon-ym-online',
      urlAddress: 'permission/userOnline',
      buttons: [{ enCode: 'btn_remove', fullName: '强制下线' }],
      columns: col([
        ['userName', '用户名称'],
        ['account', '账号'],
        ['organize', '所属组织'],
        ['loginTime', '登录时间'],
        ['loginIp', '登录IP'],
        ['loginAddress', '登录地点'],
      ]),
    },
  ],
};

export const SYSTEM_MENU: MenuSeed = {
  enCode: 'system',
  fullName: '系统管理',
  type: 1,
  icon: 'icon-ym icon-ym-system',
  children: [
    {
      enCode: 'system.area',
      fullName: '行政区划',
      type: 2,
      icon: 'icon-ym icon-ym-sysArea',
      urlAddress: 'system/area',
      buttons: CRUD,
      columns: col([
        ['fullName', '区划名称'],
        ['enCode', '区划编码'],
        ['enabledMark', '状态'],
      ]),
    },
    {
      enCode: 'system.billRule',
      fullName: '单据规则',
      type: 2,
      icon: 'icon-ym icon-ym-billRule',
      urlAddress: 'system/billRule',
      buttons: CRUD,
      columns: col([
        ['fullName', '业务名称'],
        ['enCode', '业务编码'],
        ['outputNumber', '当前流水号'],
        ['enabledMark', '状态'],
      ]),
    },
    {
      enCode: 'system.notice',
      fullName: '系统公告',
      type: 2,
      icon: 'icon-ym icon-ym-sysNotice',
      urlAddress: 'system/notice',
      buttons: CRUD,
      columns: col([
        ['title', '标题'],
        ['creatorUser', '发布人'],
        ['creatorTime', '发布时间'],
        ['enabledMark', '状态'],
      ]),
    },
    {
      enCode: 'system.log',
      fullName: '系统日志',
      type: 2,
      icon: 'icon-ym icon-ym-sysLog',
      urlAddress: 'system/log',
      buttons: [{ ...REMOVE, fullName: '清空' }],
      columns: col([
        ['creatorTime', '时间'],
        ['userName', '用户'],
        ['ipAddress', 'IP地址'],
        ['ipAddressName', '地点'],
        ['requestUrl', '请求地址'],
        ['requestMethod', '请求方法'],
        ['duration', '耗时'],
        ['abstracts', '摘要'],
        ...ERROR_LOG_COLUMNS,
      ]),
    },
    {
      enCode: 'system.menu',
      fullName: '菜单管理',
      type: 2,
      icon: 'icon-ym icon-ym-sysMenu',
      urlAddress: 'system/menu',
      buttons: CRUD,
      columns: col([
        ['fullName', '菜单名称'],
        ['enCode', '菜单编码'],
        ['type', '类型'],
        ['urlAddress', '地址'],
        ['sortCode', '排序'],
        ['enabledMark', '状态'],
      ]),
    },
  ],
};

export const SYSTEM_DATA_MENU: MenuSeed = {
  enCode: 'systemData',
  fullName: '系统数据',
  type: 1,
  icon: 'icon-ym icon-ym-systemData',
  children: [
    {
      enCode: 'systemData.dictionary',
      fullName: '数据字典',
      type: 2,
      icon: 'icon-ym icon-ym-dictionary',
      urlAddress: 'systemData/dictionary',
      buttons: CRUDX,
      columns: col([
        ['fullName', '名称'],
        ...DICTIONARY_I18N_COLUMNS,
        ['enCode', '编码'],
        ['sortCode', '排序'],
        ['enabledMark', '状态'],
      ]),
    },
    {
      enCode: 'systemData.dataInterface',
      fullName: '数据接口',
      type: 2,
      icon: 'icon-ym icon-ym-interface',
      urlAddress: 'systemData/dataInterface',
      buttons: [ADD, EDIT, REMOVE],
      columns: col([
        ['fullName', '名称'],
        ['enCode', '编码'],
        ['dataType', '类型'],
        ['requestMethod', '请求方式'],
        ['enabledMark', '状态'],
        ['creatorTime', '创建时间'],
      ]),
    },
  ],
};
