/** The online-development section of the menu (spec §2): models, the published demo pages, the wall and the manual links. */
import { CRUD, CRUDX, EXPORT, col, type MenuSeed } from '../kernel';
import { MENU_WALL } from '../map';

export const ONLINE_DEV_MENU: MenuSeed = {
  enCode: 'onlineDev',
  fullName: '在线开发',
  type: 1,
  icon: 'icon-ym icon-ym-onlineDev',
  children: [
    {
      enCode: 'onlineDev.webDesign',
      fullName: '功能设计',
      type: 2,
      icon: 'icon-ym icon-ym-webDesign',
      urlAddress: 'onlineDev/webDesign',
      buttons: CRUDX,
      columns: col([
        ['fullName', '名称'],
        ['enCode', '编码'],
        ['category', '分类'],
        ['state', '状态'],
        ['creatorTime', '创建时间'],
      ]),
    },
    {
      enCode: 'dynamicModel.repairReport',
      fullName: '报修登记',
      type: 3,
      icon: 'icon-ym icon-ym-generator-form',
      urlAddress: 'dynamicModel/repairReport',
      propertyJson: '{"moduleId":"vd-repair","isTree":0}',
      buttons: CRUDX,
      columns: col([
        ['reporter', '报修人'],
        ['mobile', '联系电话'],
        ['address', '报修地址'],
        ['faultType', '故障类型'],
        ['urgency', '紧急程度'],
        ['creatorTime', '登记时间'],
      ]),
    },
    {
      enCode: 'dynamicModel.assetKind',
      fullName: '资产字典',
      type: 4,
      icon: 'icon-ym icon-ym-dictionary',
      urlAddress: 'dynamicModel/assetKind',
      propertyJson: '{"moduleId":"dt-assetKind","isTree":0}',
      // btn_download: export, as on every low-code page (model lists, reports)
      buttons: [...CRUD, { enCode: 'btn_download', fullName: '导出' }],
      columns: col([
        ['fullName', '名称'],
        ['enCode', '编码'],
        ['sortCode', '排序'],
        ['enabledMark', '状态'],
      ]),
    },
    {
      enCode: 'dynamicModel.faultReport',
      fullName: '故障月报',
      type: 5,
      icon: 'icon-ym icon-ym-report',
      urlAddress: 'dynamicModel/faultReport',
      propertyJson: '{"moduleId":"rp-fault","isTree":0}',
      buttons: [EXPORT],
      columns: col([
        ['month', '月份'],
        ['faultType', '故障类型'],
        ['count', '故障数'],
        ['repaired', '已修复'],
      ]),
    },
    {
      enCode: MENU_WALL,
      fullName: '城市照明大屏',
      type: 6,
      icon: 'icon-ym icon-ym-screen',
      propertyJson: '{"moduleId":"screen-city"}',
      linkTarget: '_blank',
    },
    {
      enCode: 'extend.manual',
      fullName: '操作手册',
      type: 7,
      icon: 'icon-ym icon-ym-help',
      urlAddress: '/help/index.html',
      linkTarget: '_self',
    },
    {
      enCode: 'extend.manualTab',
      fullName: '操作手册(新窗口)',
      type: 7,
      icon: 'icon-ym icon-ym-help',
      urlAddress: '/help/index.html',
      linkTarget: '_blank',
    },
  ],
};
