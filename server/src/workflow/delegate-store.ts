/** Delegations (a user entrusts their approvals to another for a time) in and out of the database. */
import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../database';
import { paged, type PageQuery } from '../db/paging';
import { contains } from '../db/search';
import { notFound } from '../http/envelope';
import { rememberAnswer, type RequestKey } from '../kernel';
import type { FlowDelegateTable } from './schema';

/** A page of the delegations a user gave or received, searched by the delegate's name and the description. */
export async function pageDelegations(db: Db, userId: string, q: PageQuery & { keyword?: string }) {
  let base = db
    .selectFrom('flow_delegate as d')
    .innerJoin('user as u', 'u.id', 'd.toUserId')
    .where((eb) => eb.or([eb('d.userId', '=', userId), eb('d.toUserId', '=', userId)]));
  const kw = q.keyword?.trim();
  if (kw) base = base.where((eb) => eb.or([contains('u.realName', kw), contains('d.description', kw)]));
  return paged(base, q, (b) =>
    b
      .select([
        'd.id',
        'd.userId',
        'd.toUserId',
        'd.flowId',
        'd.startTime',
        'd.endTime',
        'd.description',
        'd.enabledMark',
        'd.createdAt',
      ])
      .orderBy('d.startTime', 'desc')
      .orderBy('d.id'),
  );
}

/** A delegation the user gave or received, or 404. */
export async function ownDelegation(db: Db, id: string, userId: string) {
  const d = await db.selectFrom('flow_delegate').selectAll().where('id', '=', id).executeTakeFirst();
  if (!d || (d.userId !== userId && d.toUserId !== userId)) throw notFound('委托不存在');
  return d;
}

/**
 * Whether an enabled delegation of the user overlaps the time span. A delegation for every flow
 * (flowId '') overlaps any other; one for a flow overlaps that flow's and every flow's.
 */
export async function overlappingDelegation(
  db: Db,
  userId: string,
  span: { flowId: string; startTime: number; endTime: number },
  exceptId?: string,
): Promise<boolean> {
  let q = db
    .selectFrom('flow_delegate')
    .select('id')
    .where('userId', '=', userId)
    .where('enabledMark', '=', 1)
    .where('startTime', '<', span.endTime)
    .where('endTime', '>', span.startTime);
  const flowId = span.flowId;
  if (flowId) q = q.where((eb) => eb.or([eb('flowId', '=', ''), eb('flowId', '=', flowId)]));
  if (exceptId) q = q.where('id', '!=', exceptId);
  return !!(await q.executeTakeFirst());
}

/** Inserts a delegation and remembers the request's answer, in one transaction. */
export async function insertDelegation(
  db: Db,
  row: Insertable<FlowDelegateTable>,
  idem: RequestKey,
  answer: unknown,
  now: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('flow_delegate').values(row).execute();
    await rememberAnswer(trx, idem, answer, now);
  });
}

export async function updateDelegation(
  db: Db,
  id: string,
  set: Updateable<FlowDelegateTable>,
): Promise<void> {
  await db.updateTable('flow_delegate').set(set).where('id', '=', id).execute();
}

export async function deleteDelegation(db: Db, id: string): Promise<void> {
  await db.deleteFrom('flow_delegate').where('id', '=', id).execute();
}
