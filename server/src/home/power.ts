/** The dashboard's energy panel, which the wall display shows too. */
import type { Db } from '../database';
import { lastMonths, monthOf } from '../kernel';
import { powerFigures } from './rules';
import { lampTotals, powerRows } from './store';

/**
 * Energy now: this month, last month, this year (kWh), the lamps' lights-on rate of the dashboard's
 * snapshot, the last 12 months and this month by district. /home's 用电能耗 and the wall display.
 */
export async function powerSummary(db: Db, now: number) {
  const months = lastMonths(now, 13);
  const rows = await powerRows(db, months[0] ?? '', monthOf(now));
  return powerFigures(rows, await lampTotals(db), now);
}
