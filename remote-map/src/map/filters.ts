// Where clauses for the layer view's client-side filter and for our REST lists (pure).
// Values come from fixed code lists or the user; they are always quoted as SQL strings.

/** A SQL string literal ('' doubles a quote). */
export const sqlString = (v: string): string => `'${v.replace(/'/g, "''")}'`;

export interface VisibilityState {
  /** kinds switched off in the layers panel */
  hiddenKinds: readonly string[];
  /** statuses switched off in the layers panel */
  hiddenStatuses: readonly string[];
  /** only this district (zoom to district / statistics click), or null for the whole city */
  district: string | null;
}

export const EMPTY_VISIBILITY: VisibilityState = { hiddenKinds: [], hiddenStatuses: [], district: null };

export interface FilterFields {
  kind: string;
  status: string;
  district: string;
}

const notIn = (field: string, values: readonly string[]): string | null =>
  values.length === 0 ? null : `${field} NOT IN (${[...values].sort().map(sqlString).join(', ')})`;

/** The where clause showing what the panel leaves on, or null when everything is shown. */
export function visibilityWhere(state: VisibilityState, fields: FilterFields): string | null {
  const parts = [
    notIn(fields.kind, state.hiddenKinds),
    notIn(fields.status, state.hiddenStatuses),
    state.district === null ? null : `${fields.district} = ${sqlString(state.district)}`,
  ].filter((p): p is string => p !== null);
  return parts.length === 0 ? null : parts.join(' AND ');
}

/** Adds or removes `value` from a list (layer panel checkbox). */
export function toggle(list: readonly string[], value: string, hidden: boolean): string[] {
  const rest = list.filter((v) => v !== value);
  return hidden ? [...rest, value] : rest;
}

/** Object ids as a where clause (highlight sets, topology results); null for none. */
export function idsWhere(field: string, ids: readonly number[]): string | null {
  const clean = ids.filter((n) => Number.isInteger(n));
  return clean.length === 0 ? null : `${field} IN (${clean.join(', ')})`;
}
