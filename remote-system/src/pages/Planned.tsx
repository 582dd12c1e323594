import { createPlannedPage } from '@lighting/shared/ui';

/** Pages the system administration issue (#4) builds. */
export default createPlannedPage(
  {
    'permission/organize': '组织机构树：公司与部门的新建、编辑、删除（仍被引用时拒绝并说明原因）。',
    'permission/role': '角色管理与按角色、用户、岗位授权：菜单、按钮、列表与数据权限树。',
    'system/area': '行政区划懒加载树：新建、编辑、查看、删除与状态切换。',
    'system/billRule': '单据规则：前缀 + 日期 + 补零流水号 + 后缀，数据库原子分配。',
    'system/notice': '系统公告：富文本编辑、发布后即时推送给接收人。',
    'systemData/dictionary': '数据字典：分类与字典数据的增删改查、树形字典与状态切换。',
  },
  '系统管理页面',
  '系统管理议题（#4）',
);
