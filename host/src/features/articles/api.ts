import { request, type Paged } from '@lighting/shared';
import { listParams, type Category, type ListQuery } from './query';

export interface ArticleRow {
  id: string;
  title: string;
  category: Category;
  summary: string;
  publishTime: string | number;
  author: string;
}
export interface ArticleDetail {
  id: string;
  title: string;
  category: Category;
  contentHtml: string;
  publishTime: string | number;
  author: string;
}

export async function fetchArticles(q: ListQuery): Promise<Paged<ArticleRow>> {
  const res = await request<Paged<ArticleRow>>({
    url: '/home/Articles',
    method: 'get',
    params: listParams(q),
  });
  return res.data;
}

export async function fetchArticle(id: string): Promise<ArticleDetail> {
  const res = await request<ArticleDetail>({
    url: `/home/Articles/${encodeURIComponent(id)}`,
    method: 'get',
  });
  return res.data;
}
