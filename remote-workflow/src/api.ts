// The workflow calls of docs/api/workflow.md, one function each (effects, no React). Pages import
// these, never URLs. JSON documents travel as JSON text (flowTemplateJson, formData, data).
import { request, type Envelope, type Paged } from '@lighting/shared';
import type {
  FlowFormField,
  FlowProblem,
  FormOperate,
  NodeStateValue,
  RecordActionValue,
  TaskStatusValue,
  UrgencyValue,
} from '@lighting/shared/flowcore';

const E = '/workflow/Engine';
const enc = encodeURIComponent;

/** A key that makes a retried write answer with the first answer (docs/api/workflow.md). */
export const requestKey = (): string => crypto.randomUUID();

const get = async <T>(url: string, data?: object): Promise<T> =>
  (await request<T>({ url, method: 'get', data })).data;
const send = <T>(method: 'post' | 'put' | 'delete', url: string, data?: object): Promise<Envelope<T>> =>
  request<T>({ url, method, data });

export interface PageQuery {
  currentPage: number;
  pageSize: number;
  keyword?: string;
  [filter: string]: unknown;
}
const paged =
  <T>(url: string) =>
  (q: PageQuery): Promise<Envelope<Paged<T>>> =>
    request<Paged<T>>({ url, method: 'get', data: q });

// ---- definitions (流程设计) ----

export interface FlowRow {
  id: string;
  fullName: string;
  enCode: string;
  category: string;
  type: number;
  formType: number;
  formId: string;
  formName?: string;
  icon?: string;
  iconBackground?: string;
  description?: string;
  sortCode?: number;
  /** 1 launchable (released and not stopped) */
  enabledMark: number;
  /** the latest released version, 0 never released */
  version: number;
  hasChanges?: boolean;
  runningCount?: number;
  creatorTime?: number;
  creatorUser?: string;
  lastModifyTime?: number;
}

export interface FlowInfo extends FlowRow {
  flowTemplateJson: string;
  formData: string | null;
  fields: FlowFormField[];
}

export interface FlowBody {
  fullName: string;
  enCode: string;
  category?: string;
  type?: number;
  formId: string;
  icon?: string;
  iconBackground?: string;
  description?: string;
  sortCode?: number;
  flowTemplateJson?: string;
}

export const listFlows = paged<FlowRow>(`${E}/FlowEngine`);
export const getFlow = (id: string): Promise<FlowInfo> => get<FlowInfo>(`${E}/FlowEngine/${enc(id)}`);

export async function createFlow(body: FlowBody, idemKey: string): Promise<{ id: string; msg: string }> {
  const res = await send<{ id: string }>('post', `${E}/FlowEngine`, { ...body, idemKey });
  return { id: res.data.id, msg: res.msg };
}
export async function updateFlow(id: string, body: FlowBody): Promise<string> {
  return (await send('put', `${E}/FlowEngine/${enc(id)}`, body)).msg;
}
export const flowUrl = (id: string): string => `${E}/FlowEngine/${enc(id)}`;
export async function copyFlow(id: string, idemKey: string): Promise<string> {
  return (await send('post', `${E}/FlowEngine/${enc(id)}/Actions/Copy`, { idemKey })).msg;
}

/** A release the server refused, with the problems of every node (the designer marks them). */
export class ReleaseRefused extends Error {
  constructor(
    message: string,
    readonly problems: FlowProblem[],
  ) {
    super(message);
    this.name = 'ReleaseRefused';
  }
}

export async function releaseFlow(id: string): Promise<{ version: number; msg: string }> {
  try {
    const res = await send<{ version: number }>('post', `${E}/FlowEngine/Release/${enc(id)}`);
    return { version: res.data.version, msg: res.msg };
  } catch (e) {
    const data = (e as { data?: { problems?: FlowProblem[] } }).data;
    if (data && Array.isArray(data.problems)) throw new ReleaseRefused((e as Error).message, data.problems);
    throw e;
  }
}
export async function stopFlow(id: string): Promise<string> {
  return (await send('post', `${E}/FlowEngine/Stop/${enc(id)}`)).msg;
}

export interface LaunchableFlow {
  id: string;
  fullName: string;
  enCode: string;
  category: string;
  type: number;
  formType: number;
  icon?: string;
  iconBackground?: string;
  description?: string;
}
export const launchableFlows = async (): Promise<LaunchableFlow[]> =>
  (await get<{ list: LaunchableFlow[] }>(`${E}/FlowEngine/ListAll`)).list ?? [];

export interface FlowSelectorGroup {
  id: string;
  fullName: string;
  children: Array<{
    id: string;
    fullName: string;
    enCode: string;
    type: number;
    formType: number;
    enabledMark: number;
  }>;
}
export const flowSelector = async (): Promise<FlowSelectorGroup[]> =>
  (await get<{ list: FlowSelectorGroup[] }>(`${E}/FlowEngine/Selector`)).list ?? [];

export interface Candidate {
  nodeId: string;
  title: string;
  /** null: any enabled user */
  users: Array<{ id: string; fullName: string; account: string }> | null;
}
export interface ReleasedFlow {
  id: string;
  fullName: string;
  enabledMark?: number;
  version: number;
  formKey?: string | null;
  formType: number;
  formId: string;
  formData: string | null;
  flowTemplateJson: string;
  fields: FlowFormField[];
  candidates: Candidate[];
}
/** A flow form's choice options for whoever may launch it or see its tasks (FormRenderer's optionsUrl). */
export const flowOptionsUrl = (flowId: string): string => `${E}/FlowEngine/${enc(flowId)}/Options`;

export const releasedFlow = (id: string): Promise<ReleasedFlow> =>
  get<ReleasedFlow>(`${E}/FlowEngine/${enc(id)}/Released`);

// ---- flow forms ----

export interface FlowFormRow {
  id: string;
  fullName: string;
  enCode: string;
  formType: number;
}
export const flowForms = async (): Promise<FlowFormRow[]> =>
  (await get<{ list: FlowFormRow[] }>(`${E}/FlowEngineForm/ListAll`)).list ?? [];
export const flowForm = (
  id: string,
): Promise<FlowFormRow & { formData: string | null; fields: FlowFormField[] }> =>
  get(`${E}/FlowEngineForm/${enc(id)}`);

// ---- launch ----

export interface LaunchBody {
  flowId?: string;
  id?: string;
  /** JSON text of the form's values */
  data: string;
  /** 0 submit, 1 save as draft */
  status: 0 | 1;
  flowUrgent?: UrgencyValue;
  fullName?: string;
  candidates?: Record<string, string[]>;
  copyIds?: string[];
  version?: number;
}
export async function launch(
  body: LaunchBody,
  idemKey: string,
): Promise<{ id: string; status: number; msg: string }> {
  const res =
    body.id && !body.flowId
      ? await send<{ id: string; status: number }>('put', `${E}/FlowTask/${enc(body.id)}`, {
          ...body,
          idemKey,
        })
      : await send<{ id: string; status: number }>('post', `${E}/FlowTask`, { ...body, idemKey });
  return { ...res.data, msg: res.msg };
}

export interface TaskInfo {
  id: string;
  flowId: string;
  flowName: string;
  flowVersion: number;
  fullName: string;
  status: TaskStatusValue;
  flowUrgent: UrgencyValue;
  data: string;
  formType: number;
  formData: string | null;
  flowTemplateJson: string;
  version: number;
  creatorUserId: string;
  creatorUser: string;
  creatorTime: number;
  startTime?: number;
  completionTime?: number;
  /** a task rejected to its initiator: the reject that sent it back */
  rejection?: Rejection | null;
}
export interface Rejection {
  nodeName: string;
  userName: string;
  handleTime: number;
  handleOpinion?: string | null;
}
export const getTask = (id: string): Promise<TaskInfo> => get<TaskInfo>(`${E}/FlowTask/${enc(id)}`);

export interface LaunchRow {
  id: string;
  fullName: string;
  flowId: string;
  flowName: string;
  flowCategory: string;
  status: TaskStatusValue;
  flowUrgent: UrgencyValue;
  thisStep: string;
  startTime?: number;
  creatorTime?: number;
  completionTime?: number;
  lastModifyTime?: number;
}
export const listLaunched = paged<LaunchRow>(`${E}/FlowLaunch`);
export const launchUrl = (id: string): string => `${E}/FlowLaunch/${enc(id)}`;
export async function revokeTask(id: string, idemKey: string, handleOpinion?: string): Promise<string> {
  return (await send('put', `${E}/FlowLaunch/${enc(id)}/Actions/Withdraw`, { handleOpinion, idemKey })).msg;
}
export async function pressTask(id: string): Promise<string> {
  return (await send('post', `${E}/FlowLaunch/Press/${enc(id)}`)).msg;
}

// ---- to-do, done, circulate ----

export const BEFORE = { todo: 1, done: 2, circulate: 3 } as const;
export type BeforeKind = keyof typeof BEFORE;

export interface BeforeRow {
  id: string;
  taskId: string;
  flowId: string;
  flowName: string;
  flowCategory: string;
  fullName: string;
  flowUrgent: UrgencyValue;
  status: TaskStatusValue;
  creatorUserId?: string;
  userName: string;
  startTime?: number;
  nodeId: string;
  thisStep: string;
  receiveTime?: number;
  delegatorId?: string;
  delegatorName?: string;
  handleStatus?: RecordActionValue;
  handleTime?: number;
  canRecall?: boolean;
  creatorTime?: number;
  isRead?: number;
}
export const listBefore =
  (kind: BeforeKind) =>
  (q: PageQuery): Promise<Envelope<Paged<BeforeRow>>> =>
    request<Paged<BeforeRow>>({ url: `${E}/FlowBefore/List/${BEFORE[kind]}`, method: 'get', data: q });

export interface NodeHandler {
  userId: string;
  userName: string;
  /** the operator row's state (flowcore OperatorState) */
  state: number;
  handleStatus?: RecordActionValue | null;
}
export interface TaskNode {
  nodeId: string;
  type: string;
  title: string;
  state: NodeStateValue;
  /** who acts or acted there (a copy node: whom it copied to) */
  handlers: NodeHandler[];
  /** a node not reached yet: whom it would go to now, as the engine resolves its rule */
  planned?: Array<{ userId: string; userName: string }>;
}
export interface TaskRecord {
  id: string;
  nodeId: string;
  nodeName: string;
  handleStatus: RecordActionValue;
  handleId: string;
  userName: string;
  delegatorId?: string | null;
  /** set when the user acted for someone (the delegator) */
  delegatorName?: string | null;
  handleTime: number;
  handleOpinion?: string | null;
  signImg?: string | null;
  targetUserId?: string | null;
  targetUserName?: string | null;
  targetNodeId?: string | null;
  /** a vote taken back later */
  recalled?: boolean;
}
export interface OperatorInfo {
  id: string;
  nodeId: string;
  nodeName: string;
  delegatorId?: string | null;
  properties: {
    hasAuditBtn?: boolean;
    hasRejectBtn?: boolean;
    hasTransferBtn?: boolean;
    hasFreeApprover?: boolean;
    hasSign?: boolean;
    hasCopyBtn?: boolean;
    rejectStep?: string;
  };
  rejectTargets: Array<{ nodeId: string; title: string }>;
}
export interface TaskPage {
  flowTaskInfo: {
    id: string;
    fullName: string;
    flowId: string;
    flowName: string;
    flowVersion: number;
    status: TaskStatusValue;
    flowUrgent: UrgencyValue;
    creatorUserId: string;
    userName: string;
    startTime?: number;
    completionTime?: number;
    thisStep: string;
    version: number;
  };
  formType: number;
  formData: string | null;
  data: string;
  /** every value field's access for the viewer (write only at the viewer's waiting node) */
  formOperates: FormOperate[];
  flowTemplateJson: string;
  nodes: TaskNode[];
  records: TaskRecord[];
  operator: OperatorInfo | null;
  recall: { recordId: string } | null;
  canRevoke: boolean;
  canPress: boolean;
  /** the initiator may edit and resubmit (draft, rejected, revoked) */
  canEdit?: boolean;
  canCancel: boolean;
  /** every waiting row of the viewer on this task */
  operators?: Array<{ id: string; nodeId: string; delegatorName?: string | null }>;
  formKey?: string | null;
  rejection?: Rejection | null;
}
export const taskPage = (
  taskId: string,
  q: { operatorId?: string; circulateId?: string } = {},
): Promise<TaskPage> => get<TaskPage>(`${E}/FlowBefore/${enc(taskId)}`, q);

export interface AuditBody {
  handleOpinion?: string;
  signImg?: string;
  formData?: string;
  copyIds?: string[];
  freeApproverUserId?: string;
  rejectStep?: string;
  version?: number;
}
const act =
  (path: string) =>
  async (id: string, body: AuditBody, idemKey: string): Promise<string> =>
    (await send('post', `${E}/FlowBefore/${path}/${enc(id)}`, { ...body, idemKey })).msg;
export const auditTask = act('Audit');
export const rejectTask = act('Reject');
export const transferTask = act('Transfer');
export const recallRecord = act('Recall');
export const cancelTask = act('Cancel');
export const circulateUrl = (id: string): string => `${E}/FlowBefore/Circulate/${enc(id)}`;

export interface FlowCounts {
  todo: number;
  circulate: number;
}
export const flowCounts = (): Promise<FlowCounts> => get<FlowCounts>(`${E}/FlowBefore/Count`);

// ---- monitor ----

export interface MonitorRow {
  id: string;
  fullName: string;
  flowId: string;
  flowName: string;
  flowCategory: string;
  status: TaskStatusValue;
  flowUrgent: UrgencyValue;
  thisStep: string;
  userName: string;
  creatorUserId: string;
  startTime?: number;
  completionTime?: number;
}
export const listMonitor = paged<MonitorRow>(`${E}/FlowMonitor`);
export async function cancelTasks(
  ids: string[],
  handleOpinion?: string,
): Promise<{ cancelled: number; msg: string }> {
  const res = await send<{ cancelled: number }>('delete', `${E}/FlowMonitor`, { ids, handleOpinion });
  return { cancelled: res.data.cancelled, msg: res.msg };
}
export async function assignTask(
  taskId: string,
  body: { nodeId: string; freeApproverUserId: string; handleOpinion?: string },
  idemKey: string,
): Promise<string> {
  return (await send('post', `${E}/FlowMonitor/${enc(taskId)}/Actions/Assign`, { ...body, idemKey })).msg;
}

// ---- entrust ----

export interface DelegateRow {
  id: string;
  userId: string;
  userName: string;
  toUserId: string;
  toUserName: string;
  flowId: string;
  flowName: string;
  startTime: number;
  endTime: number;
  description?: string;
  enabledMark?: number;
  creatorTime?: number;
  direction?: 'out' | 'in';
}
export interface DelegateBody {
  toUserId: string;
  flowId?: string;
  startTime: number;
  endTime: number;
  description?: string;
}
export const listDelegates = paged<DelegateRow>(`${E}/FlowDelegate`);
export const delegateUrl = (id: string): string => `${E}/FlowDelegate/${enc(id)}`;
export async function saveDelegate(
  id: string | undefined,
  body: DelegateBody,
  idemKey: string,
): Promise<string> {
  const res = id
    ? await send('put', `${E}/FlowDelegate/${enc(id)}`, body)
    : await send('post', `${E}/FlowDelegate`, { ...body, idemKey });
  return res.msg;
}
