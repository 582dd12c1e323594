// The article page's strings: namespace 'host-articles'.
import { registerNamespace } from '@lighting/shared';

export const NS = 'host-articles';

registerNamespace(NS, {
  zh: {
    notice: '通知公告',
    party: '党建园地',
    safety: '安全生产',
    search: '搜索标题或内容',
    title: '标题',
    author: '发布人',
    publishTime: '发布时间',
    summary: '摘要',
    loadFailed: '加载失败',
    retry: '重试',
    empty: '无数据',
    close: '关闭',
  },
  zhtw: {
    notice: '通知公告',
    party: '黨建園地',
    safety: '安全生產',
    search: '搜索標題或內容',
    title: '標題',
    author: '發佈人',
    publishTime: '發佈時間',
    summary: '摘要',
    loadFailed: '加載失敗',
    retry: '重試',
    empty: '無數據',
    close: '關閉',
  },
  en: {
    notice: 'Notices',
    party: 'Party building',
    safety: 'Safety',
    search: 'Search title or text',
    title: 'Title',
    author: 'Author',
    publishTime: 'Published',
    summary: 'Summary',
    loadFailed: 'Failed to load',
    retry: 'Retry',
    empty: 'No data',
    close: 'Close',
  },
});
