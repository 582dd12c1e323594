// The map's REST calls (docs/api/map.md), through the shared HTTP client (token, toasts, errors).
import { request } from '@lighting/shared';

export interface Extent {
  xmin: number;
  ymin: number;
  xmax: number;
  ymax: number;
  spatialReference?: { wkid: number };
}

export interface AssetHit {
  objectid: number;
  code: string;
  kind: string;
  status: string;
  x: number;
  y: number;
  district: string;
  road: string;
}

export interface Fault {
  id: string;
  assetId: number;
  assetCode: string;
  assetKind: string;
  district: string;
  road: string;
  x: number;
  y: number;
  faultType: string;
  typeCode: string;
  urgency: number;
  source: string;
  description: string | null;
  /** Photo URLs (a citizen's report). */
  photos?: string[];
  /** The source's reference: a citizen report's BX number ('' when none). */
  sourceRef?: string;
  reportedAt: number;
  closedAt: number | null;
  orderId: string | null;
}

/** A citizen report behind a fault, as staff who may see faults read it (docs/api/public.md). */
export interface CitizenReportDetail {
  refNo: string;
  channel: string;
  category: string;
  createdAt: number;
  supportCount: number;
  reporter: string;
  contactName: string;
  contactPhone: string;
  notes: Array<{
    id: string;
    createdAt: number;
    reporter: string;
    description: string;
    photos: string[];
    contactName: string;
    contactPhone: string;
  }>;
}

export type OrderState = 'pending' | 'dispatched' | 'inProgress' | 'completed' | 'verified';
export const ORDER_STATES: OrderState[] = ['pending', 'dispatched', 'inProgress', 'completed', 'verified'];

export interface RepairOrder {
  id: string;
  billNo: string;
  title: string;
  faultId: string | null;
  assetId: number;
  assetCode: string;
  assetKind: string;
  district: string;
  x: number;
  y: number;
  urgency: number;
  state: OrderState;
  crewId: string | null;
  crewName: string | null;
  createdAt: number;
  dueAt: number;
  dispatchedAt: number | null;
  startedAt: number | null;
  completedAt: number | null;
  verifiedAt: number | null;
  remark: string | null;
  /** 元, two decimals; null when none was entered */
  estimatedCost?: number | null;
  /**
   * Where the order stands with its dispatch approval (workflow 故障维修工单): `required` — its cost
   * is at or above the threshold and the map may not dispatch it directly; `waiting` — an approval
   * waits (and will dispatch it); `approved` — an approval covers its cost; `none` — dispatched
   * directly. Only on the repair-order routes' answers.
   */
  dispatchApproval?: DispatchApproval;
}

export type DispatchApproval = 'none' | 'required' | 'waiting' | 'approved';

/** The seeded 故障维修工单 flow (its form: orderId, crewId, estimatedCost, reason). */
export const REPAIR_FLOW_ID = 'fe-repair';

export interface AssetDetail {
  asset: Record<string, string | number | null> & {
    objectid: number;
    code: string;
    kind: string;
    status: string;
  };
  openFaults: Fault[];
  openOrders: RepairOrder[];
  controlBox: { objectid: number; code: string } | null;
  transformer: { objectid: number; code: string } | null;
}

export interface District {
  objectid: number;
  name: string;
  code: string;
  extent: Extent;
  assetCount: number;
  lampCount: number;
}

export interface Paged<T> {
  list: T[];
  pagination: { currentPage: number; pageSize: number; total: number };
}

export interface SharedCause {
  groupBy: 'circuit' | 'controlBox' | 'transformer';
  key: string;
  /** the group's element by its code: a circuit's id, a control box's or transformer's asset code */
  groupCode: string;
  faultCount: number;
  memberCount: number;
  ratio: number;
  /** circuits of a box / boxes of a transformer that are hit */
  spread: number;
  assetIds: number[];
  suspected: {
    layer: 0 | 1;
    objectid: number;
    kind: string;
    code: string;
    geometry: Record<string, unknown>;
  };
}

export interface FaultHistory {
  total: number;
  open: number;
  byType: { typeCode: string; faultType: string; count: number }[];
  byMonth: { month: string; count: number }[];
  list: Fault[];
}

export interface TopologyResult {
  root?: { layer: number; objectid: number; kind: string; code: string };
  path?: { layer: number; objectid: number; kind: string; code: string }[];
  assetIds: number[];
  cableIds: number[];
  extent: Extent | null;
}

export interface RateTarget {
  lamps: number;
  working: number;
  rate: number;
  target: number;
  met: boolean;
}
export interface Compliance {
  limit: string;
  total: number;
  onTime: number;
  rate: number;
}
export interface DistrictStat {
  district: string;
  total: number;
  lamps: number;
  lampsWorking: number;
  lightsOnRate: number;
  mainLamps: number;
  mainRate: number;
  mainTarget: number;
  otherLamps: number;
  otherRate: number;
  otherTarget: number;
  integrityRate: number;
  openFaults: number;
}
export interface Statistics {
  total: number;
  byKind: { kind: string; count: number }[];
  byStatus: { status: string; count: number }[];
  byDistrict: DistrictStat[];
  lightsOn: { lamps: number; working: number; rate: number; main: RateTarget; other: RateTarget };
  integrity: { assets: number; intact: number; rate: number; target: number; met: boolean };
  repairCompliance: {
    days: number;
    general: Compliance;
    severe: Compliance;
    emergency: Compliance;
    overall: Compliance;
  };
}

export interface Crew {
  id: string;
  name: string;
  leader: string;
  phone: string;
  district: string;
  last: { t: number; x: number; y: number } | null;
  openOrders: number;
}

export interface TrackPoint {
  t: number;
  x: number;
  y: number;
}

/** An open fault as the wall display draws it. */
export interface WallFault {
  id: string;
  x: number;
  y: number;
  urgency: number;
  district: string;
  typeCode: string;
  reportedAt: number;
}

export interface Energy {
  monthKwh: number;
  lastMonthKwh: number;
  yearKwh: number;
  trend: { month: string; kwh: number }[];
  byDistrict: { district: string; kwh: number }[];
}

/** GET /api/map/wall: everything the city wall display shows (docs/api/map.md). */
export interface WallData {
  now: number;
  extent: Extent | null;
  districts: { name: string; rings: Array<Array<[number, number]>> }[];
  statistics: Statistics;
  faults: { open: number; limit: number; list: WallFault[] };
  orders: {
    byState: Record<OrderState, number>;
    open: number;
    overdue: number;
    byUrgency: { urgency: number; open: number; overdue: number }[];
  };
  energy: Energy;
}

const get = async <T>(url: string, params?: Record<string, unknown>): Promise<T> =>
  (await request<T>({ url, method: 'get', params })).data;
const put = async <T>(url: string, data?: unknown): Promise<T> =>
  (await request<T>({ url, method: 'put', data: data ?? {} })).data;
const post = async <T>(url: string, data: unknown): Promise<T> =>
  (await request<T>({ url, method: 'post', data })).data;

/** Drops empty filter values so the server only sees what the user chose. */
export function cleanParams(p: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined && v !== null && v !== ''));
}

export const mapApi = {
  searchAssets: (code: string) => get<AssetHit[]>('/map/assets/search', { code, limit: 20 }),
  asset: (objectid: number) => get<AssetDetail>(`/map/assets/${objectid}`),
  setStatus: (objectid: number, status: string) => put<unknown>(`/map/assets/${objectid}/status`, { status }),
  districts: () => get<District[]>('/map/districts'),
  faults: (p: Record<string, unknown>) => get<Paged<Fault>>('/map/faults', cleanParams(p)),
  fault: (id: string) => get<Fault>(`/map/faults/${encodeURIComponent(id)}`),
  faultHistory: (p: { assetId?: number; district?: string; days?: number }) =>
    get<FaultHistory>('/map/faults/history', cleanParams(p)),
  citizenReport: (faultId: string) =>
    get<CitizenReportDetail>(`/citizen/faults/${encodeURIComponent(faultId)}/report`),
  sharedCauses: (district?: string) =>
    get<SharedCause[]>('/map/faults/analysis', cleanParams({ district, minFaults: 3 })),
  downstream: (p: { objectid?: number; cableId?: number }) =>
    get<TopologyResult>('/map/topology/downstream', cleanParams(p)),
  upstream: (objectid: number) => get<TopologyResult>('/map/topology/upstream', { objectid }),
  wall: () => get<WallData>('/map/wall'),
  statistics: (district?: string) => get<Statistics>('/map/statistics', cleanParams({ district })),
  crews: () => get<Crew[]>('/map/crews'),
  track: (crewId: string, from: number, to: number) =>
    get<{ crewId: string; points: TrackPoint[] }>(`/map/crews/${encodeURIComponent(crewId)}/track`, {
      from,
      to,
    }),
  orders: (p: Record<string, unknown>) => get<Paged<RepairOrder>>('/map/repair-orders', cleanParams(p)),
  order: (id: string) => get<RepairOrder>(`/map/repair-orders/${encodeURIComponent(id)}`),
  createOrder: (body: { faultId: string } | { assetId: number; urgency?: number; title?: string }) =>
    post<RepairOrder>('/map/repair-orders', body),
  updateOrder: (id: string, body: { title?: string; remark?: string; estimatedCost?: number | null }) =>
    put<RepairOrder>(`/map/repair-orders/${encodeURIComponent(id)}`, body),
  /**
   * Launches the 故障维修工单 flow for an order (through the workflow's launch API, as its launch page
   * does): submitted at once; the manager's approval dispatches the order to the crew.
   */
  launchDispatchApproval: (body: {
    orderId: string;
    crewId: string;
    estimatedCost: number;
    reason: string;
    fullName: string;
  }) =>
    post<{ id: string; status: number }>('/workflow/Engine/FlowTask', {
      flowId: REPAIR_FLOW_ID,
      status: 0,
      fullName: body.fullName,
      data: JSON.stringify({
        orderId: body.orderId,
        crewId: body.crewId,
        estimatedCost: body.estimatedCost,
        reason: body.reason,
      }),
      idemKey: crypto.randomUUID(),
    }),
  dispatch: (id: string, crewId: string) =>
    put<RepairOrder>(`/map/repair-orders/${id}/Actions/Dispatch`, { crewId }),
  start: (id: string) => put<RepairOrder>(`/map/repair-orders/${id}/Actions/Start`),
  complete: (id: string) => put<RepairOrder>(`/map/repair-orders/${id}/Actions/Complete`, {}),
  verify: (id: string) => put<RepairOrder>(`/map/repair-orders/${id}/Actions/Verify`),
};
