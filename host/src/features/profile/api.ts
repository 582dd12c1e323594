// The current user's calls (spec §7 Authentication and current user). The answers' types come from the
// server's own description (shared/src/api/schema.gen.ts), never a hand-written copy.
import { request, type Paged } from '@lighting/shared';
import { md5 } from '@lighting/shared/core';
import type { ApiData, ApiRow } from '@lighting/shared/api';
import type { AuthorizeAnswer, BaseInfo, BaseInfoPayload, Theme } from './rules';

const BASE = '/system/Permission/Users/Current';

export const getBaseInfo = () => request<BaseInfo>({ url: `${BASE}/BaseInfo`, method: 'get' });
export const putBaseInfo = (body: BaseInfoPayload) =>
  request<null>({ url: `${BASE}/BaseInfo`, method: 'put', data: body });
export const putAvatar = (name: string) =>
  request<ApiData<'/api/system/Permission/Users/Current/Avatar/{name}', 'put'>>({
    url: `${BASE}/Avatar/${encodeURIComponent(name)}`,
    method: 'put',
  });
export const modifyPassword = (oldPassword: string, password: string) =>
  request<null>({
    url: `${BASE}/Actions/ModifyPassword`,
    method: 'post',
    data: { oldPassword: md5(oldPassword), password: md5(password) },
  });
/** Self-service cancellation: the password again; socketId leaves this tab's socket to us. */
export const cancelAccount = (password: string, socketId: string | null) =>
  request<null>({
    url: `${BASE}/Actions/CancelAccount${socketId ? `?socketId=${encodeURIComponent(socketId)}` : ''}`,
    method: 'post',
    data: { password: md5(password) },
  });
export const putTheme = (theme: Theme) =>
  request<null>({ url: `${BASE}/SystemTheme`, method: 'put', data: { theme } });
export const putLanguage = (language: string) =>
  request<null>({ url: `${BASE}/SystemLanguage`, method: 'put', data: { language } });

export type Subordinate = ApiRow<'/api/system/Permission/Users/Current/Subordinate', 'get'>;
export const getSubordinates = () =>
  request<{ list: Subordinate[] }>({ url: `${BASE}/Subordinate`, method: 'get' });
export const getAuthorize = () => request<AuthorizeAnswer>({ url: `${BASE}/Authorize`, method: 'get' });

export type LogRow = ApiRow<'/api/system/Permission/Users/Current/SystemLog', 'get'>;
export function getSystemLog(q: {
  currentPage: number;
  pageSize: number;
  category: number;
  keyword?: string;
}) {
  const data: Record<string, string | number> = {
    currentPage: q.currentPage,
    pageSize: q.pageSize,
    category: q.category,
  };
  if (q.keyword) data.keyword = q.keyword;
  return request<Paged<LogRow>>({ url: `${BASE}/SystemLog`, method: 'get', data });
}
