import { request, type Paged } from '@lighting/shared';
import type { ApiData, ApiRow } from '@lighting/shared/api';
import { listParams, type ListQuery } from './query';

// the answers' types from the server's own description (shared/src/api/schema.gen.ts)
export type ArticleRow = ApiRow<'/api/home/Articles', 'get'>;
export type ArticleDetail = ApiData<'/api/home/Articles/{id}', 'get'>;

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
