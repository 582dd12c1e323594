// One page of a list query (spec §9 paging): the total of the filtered query, then the requested
// window of it. Every list route uses this, so counting and offsets are done one way.
import type { SelectQueryBuilder } from 'kysely';
import type { Pagination } from '../http/envelope';

export interface PageQuery {
  currentPage: number;
  pageSize: number;
}

export async function paged<DB, TB extends keyof DB, O>(
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- kysely's type for "nothing selected yet"
  base: SelectQueryBuilder<DB, TB, {}>,
  q: PageQuery,
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- as above
  rows: (qb: SelectQueryBuilder<DB, TB, {}>) => SelectQueryBuilder<DB, TB, O>,
): Promise<{ list: O[]; pagination: Pagination }> {
  // kysely cannot narrow the row type of a generic builder; the query selects exactly { n }.
  const total = (await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst()) as
    { n: number | string } | undefined;
  const list = await rows(base)
    .limit(q.pageSize)
    .offset((q.currentPage - 1) * q.pageSize)
    .execute();
  return {
    list,
    pagination: { currentPage: q.currentPage, pageSize: q.pageSize, total: Number(total?.n ?? 0) },
  };
}
