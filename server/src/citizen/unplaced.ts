/**
 * Open311 requests located by an address we cannot place (GeoReport v2's `address_string` naming no
 * pole or light we know): the road of the map such an address names, kept as a hint for staff, and
 * what a data-permission scope on faults is checked against for a report that has no asset yet. Pure.
 */

export interface RoadName {
  name: string;
  district: string;
}

/** A road name shorter than this is not looked for in an address (one character names too much). */
const MIN_ROAD_NAME = 2;

/**
 * The road of the map an address names ('解放路 12 号对面' → 解放路), the longest name found (so
 * 解放东路 wins over 解放路 when both are in the text), letters compared without case. Its district
 * when the road is in one district only ('' when in several). Null when it names none.
 */
export function roadNamed(address: string, roads: readonly RoadName[]): RoadName | null {
  const text = address.toLowerCase();
  let best: string | null = null;
  const districts = new Map<string, Set<string>>();
  for (const r of roads) {
    const name = r.name.trim();
    if (name.length < MIN_ROAD_NAME || !text.includes(name.toLowerCase())) continue;
    const set = districts.get(name) ?? new Set<string>();
    set.add(r.district);
    districts.set(name, set);
    if (best === null || name.length > best.length || (name.length === best.length && name < best))
      best = name;
  }
  if (best === null) return null;
  const ds = [...(districts.get(best) ?? [])];
  return { name: best, district: ds.length === 1 ? (ds[0] ?? '') : '' };
}

/**
 * An unplaced report as the fault menu's data-permission fields see it: a citizen fault of its
 * category's type and urgency, in the district its road hint gives ('' when none), on no asset
 * kind yet. So an operator scoped to a district sees the unplaced reports whose road is there, and
 * not those nobody can tell the district of (those are for staff whose faults are not limited).
 */
export function unplacedScopeRow(u: { districtHint: string }, cat: { typeCode: string; urgency: number }) {
  return {
    district: u.districtHint,
    source: 'citizen',
    typeCode: cat.typeCode,
    urgency: cat.urgency,
    assetKind: '',
  };
}

/** What GeoReport v2's `status_notes` says of a request staff have not placed yet. */
export const UNPLACED_NOTE = '已受理，待工作人员确定灯杆位置';
