// A data report's rows (ReportPage): its own module so the lowcode entry offers the call without
// loading the page (pages.tsx).
import { request, type Envelope, type Paged } from '@lighting/shared';

type Row = Record<string, unknown>;

export interface ReportQuery {
  currentPage: number;
  pageSize: number;
  queryJson?: string;
  sidx?: string;
  sort?: 'asc' | 'desc';
}

export const base = (id: string) => `/visualdev/Report/${encodeURIComponent(id)}`;

/** The report's rows, sorted and paged by the server. */
export const reportData = (id: string, q: ReportQuery, preview?: boolean): Promise<Envelope<Paged<Row>>> =>
  request<Paged<Row>>({
    url: `${base(id)}/Data`,
    method: 'get',
    data: { ...q, ...(preview ? { preview: 1 } : {}) },
  });
