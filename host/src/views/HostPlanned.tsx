import { PlannedPage } from '@lighting/shared/ui';

const PLANNED = {
  profile: [
    '个人信息',
    '基本信息查看与编辑、头像上传、修改密码、主题与语言、下属列表、我的权限与我的系统日志。由控制台外壳议题（#3）实现。',
  ],
  messageRecord: ['消息中心', '站内消息的搜索、类型筛选、分页、已读状态与删除。由控制台外壳议题（#3）实现。'],
  articleMore: ['文章列表', '首页公告与文章的完整列表与详情。由控制台外壳议题（#3）实现。'],
  menuMore: ['更多菜单', '功能布局中放不下的顶部菜单项。由控制台外壳议题（#3）实现。'],
} as const;

export function HostPlanned({ which }: { which: keyof typeof PLANNED }) {
  const [title, description] = PLANNED[which];
  return <PlannedPage title={title} description={description} />;
}
