/**
 * Allocates the next number of a bill rule atomically in the database: one UPDATE … RETURNING (SQLite
 * and PostgreSQL) that either continues the stored period's sequence or, when the request's period is
 * newer, restarts it. The number is rendered from the row as updated, so no two calls get the same
 * number and no number is ever handed out twice.
 */
import { sql } from 'kysely';
import type { Db } from '../database';
import type { User } from './schema';
import { ApiError, Code } from '../http/envelope';
import { datePart, periodKey, renderNumber } from './bill-rules';

/** The refusal names the rule: `rule: 单据规则 "X" 不存在或已禁用`. */
export const unknownRuleMessage = (enCode: string): string => `rule: 单据规则 "${enCode}" 不存在或已禁用`;

/**
 * Who may draw numbers from a rule through GET BillNumber/{rule} (a form reserving its number):
 * each domain whose forms or records use rules registers a check (the map: repair orders for those
 * who create them; the low-code and workflow forms: the rules their controls name, for those who
 * may use the form). Holders of the bill-rule menu and administrators may draw from any rule.
 */
export type BillRuleUse = (user: Readonly<User>, enCode: string) => boolean | Promise<boolean>;

export async function allocateBillNumber(db: Db, enCode: string, now: number): Promise<string> {
  const rule = await db
    .selectFrom('bill_rule')
    .select(['dateFormat'])
    .where('enCode', '=', enCode)
    .where('enabledMark', '=', 1)
    .executeTakeFirst();
  if (!rule) throw new ApiError(Code.BAD_REQUEST, unknownRuleMessage(enCode));
  const key = periodKey(rule.dateFormat, now);
  const date = datePart(rule.dateFormat, now);
  const newer = sql<boolean>`${sql.ref('periodKey')} < ${key}`;
  const row = await db
    .updateTable('bill_rule')
    .set({
      currentSeq: sql<number>`case when ${newer} or ${sql.ref('issued')} = 0 then ${sql.ref('startNumber')} else ${sql.ref('currentSeq')} + 1 end`,
      currentDate: sql<string>`case when ${newer} then ${date} else ${sql.ref('currentDate')} end`,
      periodKey: sql<number>`case when ${newer} then ${key} else ${sql.ref('periodKey')} end`,
      issued: 1,
    })
    .where('enCode', '=', enCode)
    .where('enabledMark', '=', 1)
    .returning(['prefix', 'suffix', 'digit', 'currentDate', 'currentSeq'])
    .executeTakeFirst();
  if (!row) throw new ApiError(Code.BAD_REQUEST, unknownRuleMessage(enCode));
  return renderNumber(row, row.currentDate, Number(row.currentSeq));
}

/** The last number issued by a rule ('' before the first). */
export function lastNumber(r: {
  prefix: string;
  suffix: string;
  digit: number;
  currentDate: string;
  currentSeq: number;
  issued: number;
}): string {
  return r.issued ? renderNumber(r, r.currentDate, Number(r.currentSeq)) : '';
}
