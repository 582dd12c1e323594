/**
 * The lighting map's menu branch (urlAddress values are the contract with remote-map's routes).
 * Repair orders and tools call /api/map routes guarded by bt.map.fault and bt.map.assets
 * (docs/api/map.md); their own entries give the pages their place in the menu and their buttons.
 */
import { CRUDX, EXPORT, col, type MenuSeed } from '../kernel';

export const LIGHTING_MENU: MenuSeed = {
  enCode: 'lighting',
  fullName: '照明地图',
  type: 1,
  icon: 'icon-ym icon-ym-map',
  children: [
    {
      enCode: 'bt.map.assets',
      fullName: '资产类型与状态',
      type: 2,
      icon: 'icon-ym icon-ym-extend-map',
      urlAddress: 'bt/map/assets',
      buttons: CRUDX,
      columns: col([
        ['assetKind', '资产类型'],
        ['status', '状态'],
        ['address', '位置'],
        ['updateTime', '更新时间'],
      ]),
    },
    {
      enCode: 'bt.gzyp.statistic',
      fullName: '统计一张图',
      type: 2,
      icon: 'icon-ym icon-ym-report-icon-chart',
      urlAddress: 'bt/gzyp/statistic',
      buttons: [EXPORT],
    },
    {
      enCode: 'bt.map.fault',
      fullName: '故障研判',
      type: 2,
      icon: 'icon-ym icon-ym-flow-node-condition',
      urlAddress: 'bt/map/fault',
      buttons: CRUDX,
      columns: col([
        ['faultType', '故障类型'],
        ['urgency', '紧急程度'],
        ['assetName', '资产'],
        ['reportTime', '上报时间'],
        ['status', '状态'],
      ]),
    },
    {
      enCode: 'bt.map.repair',
      fullName: '维修工单',
      type: 2,
      icon: 'icon-ym icon-ym-generator-task',
      urlAddress: 'bt/map/repair',
      buttons: CRUDX,
      columns: col([
        ['billNo', '工单号'],
        ['title', '标题'],
        ['state', '状态'],
        ['crewName', '班组'],
        ['dueAt', '时限'],
      ]),
    },
    {
      enCode: 'bt.map.tools',
      fullName: '地图工具',
      type: 2,
      icon: 'icon-ym icon-ym-extend-map',
      urlAddress: 'bt/map/tools',
    },
  ],
};
