// List paging every list page uses (spec §9): default 20, choices 10/20/50/100, layout total,
// sizes, prev, pager, next, jumper.
import type { TablePaginationConfig } from 'antd';
import { i18next } from '../i18n';

export const PAGE_SIZES = [10, 20, 50, 100];
export const DEFAULT_PAGE_SIZE = 20;

export function tablePagination(
  p: { currentPage: number; pageSize: number; total: number },
  onChange: (currentPage: number, pageSize: number) => void,
): TablePaginationConfig {
  return {
    current: p.currentPage,
    pageSize: p.pageSize,
    total: p.total,
    pageSizeOptions: PAGE_SIZES,
    showSizeChanger: true,
    showQuickJumper: true,
    showTotal: (total) => i18next.t('common:pageTotal', { total }),
    onChange,
  };
}
