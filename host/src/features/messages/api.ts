// The message calls (spec §7 Messages).
import { request, type Paged } from '@lighting/shared';
import { joinIds, type MessageDetail, type MessageItem } from './rules';

export interface MessageQuery {
  currentPage: number;
  pageSize: number;
  keyword?: string;
  type?: string;
}

export function listMessages(q: MessageQuery) {
  const data: Record<string, string | number> = {
    currentPage: q.currentPage,
    pageSize: q.pageSize,
    sort: 'desc',
  };
  if (q.keyword) data.keyword = q.keyword;
  if (q.type) data.type = q.type;
  return request<Paged<MessageItem>>({ url: '/system/Message', method: 'get', data });
}

export const readAllMessages = () =>
  request<null>({ url: '/system/Message/Actions/ReadAll', method: 'post' });

export const readMessage = (id: string) =>
  request<MessageDetail>({ url: `/system/Message/ReadInfo/${encodeURIComponent(id)}`, method: 'get' });

export const deleteMessageRecords = (ids: readonly string[]) =>
  request<null>({ url: '/system/Message/Record', method: 'delete', data: { ids: joinIds(ids) } });
