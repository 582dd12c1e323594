// The workflow calls of docs/api/workflow.md, one function each (effects, no React). Pages import
// these, never URLs. JSON documents travel as JSON text (flowTemplateJson, formData, data).
import { request, type Envelope, type Paged } from '@lighting/shared';
import type { ApiData, ApiRow } from '@lighting/shared/api';
import type {
  ConditionFieldType,
  FlowProblem,
  NodeStateValue,
  RecordActionValue,
  TaskStatusValue,
  UrgencyValue,
} from '@lighting/shared/flowcore';

const E = '/workflow/Engine';
const enc = encodeURIComponent;

// What the calls answer is generated from the server's schemas (workflow/responses.ts). The server
// answers codes as integers; `Coded` gives them flowcore's named values (a client-side narrowing).
type Coded<T, C> = Omit<T, keyof C> & C;
/** A task's status and urgency, as flowcore names them. */
type TaskCodes = { status: TaskStatusValue; flowUrgent: UrgencyValue };
/** A form field's condition type, as flowcore names it. */
type FieldCodes = { conditionType: ConditionFieldType | null };
type FlowFields<T extends { fields: unknown[] }> = Coded<
  T,
  { fields: Array<Coded<T['fields'][number], FieldCodes>> }
>;

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

export type FlowRow = ApiRow<'/api/workflow/Engine/FlowEngine', 'get'>;
export type FlowInfo = FlowFields<ApiData<'/api/workflow/Engine/FlowEngine/{id}', 'get'>>;

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

export type LaunchableFlow = ApiData<'/api/workflow/Engine/FlowEngine/ListAll', 'get'>['list'][number];
export const launchableFlows = async (): Promise<LaunchableFlow[]> =>
  (await get<{ list: LaunchableFlow[] }>(`${E}/FlowEngine/ListAll`)).list ?? [];

export type FlowSelectorGroup = ApiData<'/api/workflow/Engine/FlowEngine/Selector', 'get'>['list'][number];
export const flowSelector = async (): Promise<FlowSelectorGroup[]> =>
  (await get<{ list: FlowSelectorGroup[] }>(`${E}/FlowEngine/Selector`)).list ?? [];

export type FormDataField = ApiData<
  '/api/workflow/Engine/FlowEngine/{id}/FormDataFields',
  'get'
>['list'][number];
/** A flow's form fields (a sub-flow node maps the parent's fields onto its child flow's). */
export const formDataFields = async (flowId: string): Promise<FormDataField[]> =>
  (await get<{ list: FormDataField[] }>(`${E}/FlowEngine/${enc(flowId)}/FormDataFields`)).list ?? [];

export type ReleasedFlow = FlowFields<ApiData<'/api/workflow/Engine/FlowEngine/{id}/Released', 'get'>>;
/** Whom the launcher may choose for a node chosen at launch (`users` null: any enabled user). */
export type Candidate = ReleasedFlow['candidates'][number];
/** A flow form's choice options for whoever may launch it or see its tasks (FormRenderer's optionsUrl). */
export const flowOptionsUrl = (flowId: string): string => `${E}/FlowEngine/${enc(flowId)}/Options`;

export const releasedFlow = (id: string): Promise<ReleasedFlow> =>
  get<ReleasedFlow>(`${E}/FlowEngine/${enc(id)}/Released`);

// ---- flow forms ----

export type FlowFormRow = ApiData<'/api/workflow/Engine/FlowEngineForm/ListAll', 'get'>['list'][number];
export const flowForms = async (): Promise<FlowFormRow[]> =>
  (await get<{ list: FlowFormRow[] }>(`${E}/FlowEngineForm/ListAll`)).list ?? [];
export type FlowForm = FlowFields<ApiData<'/api/workflow/Engine/FlowEngineForm/{id}', 'get'>>;
export const flowForm = (id: string): Promise<FlowForm> => get(`${E}/FlowEngineForm/${enc(id)}`);

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

export type TaskInfo = Coded<ApiData<'/api/workflow/Engine/FlowTask/{id}', 'get'>, TaskCodes>;
/** A task rejected to its initiator: the reject that sent it back. */
export type Rejection = NonNullable<TaskInfo['rejection']>;
export const getTask = (id: string): Promise<TaskInfo> => get<TaskInfo>(`${E}/FlowTask/${enc(id)}`);

export type LaunchRow = Coded<ApiRow<'/api/workflow/Engine/FlowLaunch', 'get'>, TaskCodes>;
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

/** A row of the to-do, done and copies lists (each list's own fields are optional). */
export type BeforeRow = Coded<
  ApiRow<'/api/workflow/Engine/FlowBefore/List/{category}', 'get'>,
  TaskCodes & { handleStatus?: RecordActionValue }
>;
export const listBefore =
  (kind: BeforeKind) =>
  (q: PageQuery): Promise<Envelope<Paged<BeforeRow>>> =>
    request<Paged<BeforeRow>>({ url: `${E}/FlowBefore/List/${BEFORE[kind]}`, method: 'get', data: q });

type TaskPageAnswer = ApiData<'/api/workflow/Engine/FlowBefore/{id}', 'get'>;
type Handler = TaskPageAnswer['nodes'][number]['handlers'][number];
export type NodeHandler = Coded<Handler, { handleStatus: RecordActionValue | null }>;
export type TaskNode = Coded<
  TaskPageAnswer['nodes'][number],
  { state: NodeStateValue; handlers: NodeHandler[] }
>;
export type TaskRecord = Coded<TaskPageAnswer['records'][number], { handleStatus: RecordActionValue }>;
export type OperatorInfo = NonNullable<TaskPageAnswer['operator']>;
/** What the task page shows its viewer (workflow/view.ts). */
export type TaskPage = Coded<
  TaskPageAnswer,
  {
    flowTaskInfo: Coded<TaskPageAnswer['flowTaskInfo'], TaskCodes>;
    nodes: TaskNode[];
    records: TaskRecord[];
  }
>;
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

export type FlowCounts = ApiData<'/api/workflow/Engine/FlowBefore/Count', 'get'>;
export const flowCounts = (): Promise<FlowCounts> => get<FlowCounts>(`${E}/FlowBefore/Count`);

// ---- monitor ----

export type MonitorRow = Coded<ApiRow<'/api/workflow/Engine/FlowMonitor', 'get'>, TaskCodes>;
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

export type DelegateRow = ApiRow<'/api/workflow/Engine/FlowDelegate', 'get'>;
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
