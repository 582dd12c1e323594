/**
 * Open311 GeoReport v2 in our terms: our citizen fault list as services, our reports as service
 * requests (open / closed from the citizen's state, status_notes in words, expected_datetime from the
 * repair targets), and the dates the standard writes (W3C, China time). Pure.
 */
import {
  CITIZEN_CATEGORIES,
  open311Status,
  type CitizenCategory,
  type CitizenState,
} from '@lighting/shared/core';

export const OPEN311_BASE = '/api/open311/v2';
export const JURISDICTION = 'lighting';

export interface Open311Service {
  service_code: string;
  service_name: string;
  description: string;
  metadata: boolean;
  type: 'realtime';
  keywords: string;
  group: string;
}

export function open311Service(c: CitizenCategory): Open311Service {
  return {
    service_code: c.code,
    service_name: c.name.zh,
    description: `${c.name.en}${c.danger ? ' (urgent: repaired within 1 hour)' : ' (repaired within 24 hours)'}`,
    metadata: true,
    type: 'realtime',
    keywords: c.typeCode,
    group: c.danger ? '紧急' : '路灯',
  };
}

export const OPEN311_SERVICES: Open311Service[] = CITIZEN_CATEGORIES.map(open311Service);

/** services/{code}.json: the attributes a request may carry (a pole number, as address_id does). */
export function serviceDefinition(code: string) {
  return {
    service_code: code,
    attributes: [
      {
        variable: true,
        code: 'pole_code',
        datatype: 'string',
        required: false,
        datatype_description: '灯杆或路灯编号（与 address_id 相同）',
        order: 1,
        description: '灯杆编号 / pole number',
      },
    ],
  };
}

export const STATE_NOTES: Record<CitizenState, string> = {
  received: '已受理，等待派单',
  dispatched: '已派单，维修班组正在前往',
  inProgress: '正在维修',
  fixed: '已修复',
  verified: '已修复并验收',
};

/**
 * The notice a request carries: from the urgency its fault actually has (1 h emergency, 3 working
 * days severe, 24 h general), not from the category it was filed under.
 */
export function serviceNotice(urgency: number): string {
  if (urgency >= 3) return '紧急故障：1 小时内处置';
  if (urgency === 2) return '重要故障：3 个工作日内处置';
  return '24 小时内处置';
}

/** ISO 8601 with the +08:00 offset (the city's time), as GeoReport dates are written. */
export function w3c(ms: number): string {
  const d = new Date(ms + 8 * 3_600_000);
  return `${d.toISOString().slice(0, 19)}+08:00`;
}

/** A W3C date (with or without time / offset) as ms, or null. */
export function parseW3c(s: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(s)) return null;
  const withZone = /T|\s/.test(s)
    ? /(Z|[+-]\d{2}:?\d{2})$/.test(s)
      ? s
      : `${s}+08:00`
    : `${s}T00:00:00+08:00`;
  const t = Date.parse(withZone.replace(' ', 'T'));
  return Number.isFinite(t) ? t : null;
}

export interface RequestFacts {
  refNo: string;
  category: string;
  state: CitizenState;
  description: string;
  agency: string;
  createdAt: number;
  updatedAt: number;
  expectedAt: number;
  /** The fault's urgency (1, 2, 3). */
  urgency: number;
  address: string;
  poleCode: string;
  lat: number | null;
  lng: number | null;
  mediaUrl: string;
  /** status_notes other than the state's words (a request staff have not placed yet). */
  notes?: string;
}

/**
 * Whether a caller may read a request's own words and photo (`description`, `media_url`): only the
 * Open311 key that filed it. A report filed on the citizens' pages is never read through Open311
 * (its owner reads it on those pages, staff on the fault), so the two surfaces show strangers the
 * same public part: category, status, place, dates and targets (docs/api/public.md).
 */
export function showsPrivateParts(
  report: { channel: string; open311KeyId: string | null },
  callerKeyId: string | null,
): boolean {
  return report.channel === 'open311' && callerKeyId !== null && report.open311KeyId === callerKeyId;
}

/**
 * One service request as GeoReport v2 writes it; never a contact or an identity. `description` and
 * `media_url` only with `withPrivate` (showsPrivateParts): the standard lets a city omit them.
 */
export function open311Request(f: RequestFacts, withPrivate = false) {
  const cat = CITIZEN_CATEGORIES.find((c) => c.code === f.category);
  return {
    service_request_id: f.refNo,
    status: open311Status(f.state),
    status_notes: f.notes ?? STATE_NOTES[f.state],
    service_name: cat?.name.zh ?? f.category,
    service_code: f.category,
    ...(withPrivate ? { description: f.description } : {}),
    agency_responsible: f.agency,
    service_notice: serviceNotice(f.urgency),
    requested_datetime: w3c(f.createdAt),
    updated_datetime: w3c(f.updatedAt),
    expected_datetime: w3c(f.expectedAt),
    address: f.address,
    address_id: f.poleCode,
    zipcode: '',
    lat: f.lat,
    long: f.lng,
    ...(withPrivate ? { media_url: f.mediaUrl } : {}),
  };
}

/** A path under the Open311 endpoint (unknown ones answer 404 in the standard's shape). */
export const isOpen311Path = (url: string): boolean =>
  url === OPEN311_BASE || url.startsWith(`${OPEN311_BASE}/`) || url.startsWith(`${OPEN311_BASE}?`);

export const MAX_SPAN_DAYS = 90;
const DAY_MS = 86_400_000;

/** A refusal in the specification's terms: the HTTP status and the message naming the argument. */
export interface Open311Refusal {
  status: 400 | 404;
  msg: string;
}

/** What a GET requests query selects. */
export type RequestSelection =
  | { kind: 'ids'; ids: string[] }
  | { kind: 'filter'; codes: string[]; statuses: string[]; start: number; end: number };

const listArg = (s: string | undefined): string[] =>
  s
    ? s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean)
    : [];

/**
 * GET requests: `service_request_id` (a comma list, at most 50) selects those requests and every
 * other filter is ignored, as the specification says; otherwise the span (start_date / end_date,
 * W3C, at most 90 days, the last 90 days by default), the services (unknown: 404) and the statuses.
 */
export function requestSelection(
  q: {
    service_request_id?: string;
    service_code?: string;
    start_date?: string;
    end_date?: string;
    status?: string;
  },
  now: number,
  isService: (code: string) => boolean,
): RequestSelection | Open311Refusal {
  const ids = listArg(q.service_request_id);
  if (ids.length > 50) return { status: 400, msg: 'service_request_id: at most 50' };
  if (ids.length) return { kind: 'ids', ids };
  const codes = listArg(q.service_code);
  for (const c of codes)
    if (!isService(c)) return { status: 404, msg: `service_code: ${c} is not a service` };
  const end = q.end_date ? parseW3c(q.end_date) : now;
  if (end === null) return { status: 400, msg: 'end_date: must be a W3C date' };
  const start = q.start_date ? parseW3c(q.start_date) : end - MAX_SPAN_DAYS * DAY_MS;
  if (start === null) return { status: 400, msg: 'start_date: must be a W3C date' };
  if (end < start) return { status: 400, msg: 'end_date: before start_date' };
  if (end - start > MAX_SPAN_DAYS * DAY_MS)
    return { status: 400, msg: 'start_date: the span may be at most 90 days' };
  return { kind: 'filter', codes, statuses: listArg(q.status), start, end };
}

/**
 * The asset numbers an address names ('解放路 PL-000123 旁' → ['PL-000123']), in order, upper case:
 * an Open311 request located by address_string alone is matched to the pole or light it names.
 */
export function codesIn(address: string): string[] {
  return [...address.matchAll(/(?<![A-Za-z0-9])[A-Za-z]{1,4}-\d{3,12}(?![A-Za-z0-9])/g)].map((m) =>
    m[0].toUpperCase(),
  );
}
