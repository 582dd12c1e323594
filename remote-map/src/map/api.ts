// The map's REST calls (docs/api/map.md), through the shared HTTP client (token, toasts, errors).
import { request } from '@lighting/shared';
import type { ApiData, ApiRow } from '@lighting/shared/api';

export interface Extent {
  xmin: number;
  ymin: number;
  xmax: number;
  ymax: number;
  spatialReference?: { wkid: number };
}

// What the calls answer is generated from the server's schemas (map/responses.ts). `Coded` narrows
// a field the server answers as a plain string to the names the pages know (a client-side narrowing).
type Coded<T, C> = Omit<T, keyof C> & C;

export type AssetHit = ApiData<'/api/map/assets/search', 'get'>[number];

/** A fault, with its asset's code, kind, road and position (a fault's asset is joined: it may be missing). */
export type Fault = ApiRow<'/api/map/faults', 'get'>;

/** The first citizen report of a fault, as staff who may see faults read it (404 when none). */
export type CitizenReportDetail = ApiData<'/api/citizen/faults/{faultId}/report', 'get'>;

/** An Open311 request kept without a place (its address as given), for staff to place. */
export type UnplacedReport = ApiData<'/api/citizen/unplaced-reports', 'get'>[number];

export type OrderState = 'pending' | 'dispatched' | 'inProgress' | 'completed' | 'verified';
export const ORDER_STATES: OrderState[] = ['pending', 'dispatched', 'inProgress', 'completed', 'verified'];

/**
 * A repair order, with where it stands with its dispatch approval (workflow 故障维修工单): `required` —
 * its cost is at or above the threshold and the map may not dispatch it directly; `waiting` — an
 * approval waits (and will dispatch it); `approved` — an approval covers its cost; `none` —
 * dispatched directly.
 */
export type RepairOrder = Coded<ApiData<'/api/map/repair-orders/{id}', 'get'>, { state: OrderState }>;

export type DispatchApproval = RepairOrder['dispatchApproval'];

/** The seeded 故障维修工单 flow (its form: orderId, crewId, estimatedCost, reason). */
export const REPAIR_FLOW_ID = 'fe-repair';

type AssetAnswer = ApiData<'/api/map/assets/{objectid}', 'get'>;
/** An asset with its open faults and orders (those without their dispatch approval) and its feeders. */
export type AssetDetail = Coded<
  AssetAnswer,
  { openOrders: Array<Coded<AssetAnswer['openOrders'][number], { state: OrderState }>> }
>;

export type District = ApiData<'/api/map/districts', 'get'>[number];

export interface Paged<T> {
  list: T[];
  pagination: { currentPage: number; pageSize: number; total: number };
}

export type SharedCause = ApiData<'/api/map/faults/analysis', 'get'>[number];

export type FaultHistory = ApiData<'/api/map/faults/history', 'get'>;

type Downstream = ApiData<'/api/map/topology/downstream', 'get'>;
type Upstream = ApiData<'/api/map/topology/upstream', 'get'>;
/** What a network walk reaches: from its root (downstream) or along its path (upstream). */
export type TopologyResult = Omit<Downstream, 'root'> &
  Partial<Pick<Downstream, 'root'> & Pick<Upstream, 'path'>>;

/** orders done within their time limit (`limit` on each urgency's, not on the overall figure) */
export type Compliance = Statistics['repairCompliance']['overall'];
export type DistrictStat = Statistics['byDistrict'][number];
export type Statistics = ApiData<'/api/map/statistics', 'get'>;

export type Crew = ApiData<'/api/map/crews', 'get'>[number];

export type TrackPoint = ApiData<'/api/map/crews/{id}/track', 'get'>['points'][number];

/** Everything the city wall display shows (docs/api/map.md). */
type WallAnswer = ApiData<'/api/map/wall', 'get'>;
/** GET /api/map/wall (the districts' rings are [x, y] pairs, whole metres). */
export type WallData = Coded<
  WallAnswer,
  { districts: Array<{ name: string; rings: Array<Array<[number, number]>> }> }
>;
/** An open fault as the wall display draws it. */
export type WallFault = WallData['faults']['list'][number];
export type Energy = WallData['energy'];

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
  unplacedReports: (state: 'unplaced' | 'placed') =>
    get<UnplacedReport[]>('/citizen/unplaced-reports', { state }),
  placeReport: (id: string, assetCode: string) =>
    post<UnplacedReport>(`/citizen/unplaced-reports/${encodeURIComponent(id)}/place`, { assetCode }),
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
