/** Small pieces the workflow routes share: schema snippets, names, JSON fields, forms of flows. */
import {
  FormType,
  flowNodes,
  namedIdsOf,
  validateFlow,
  type FlowDefinition,
  type FlowProblemCode,
} from '@lighting/shared/flowcore';
import { normalizeForm, type FormData } from '@lighting/shared/formcore';
import type { Db } from '../database';
import { badRequest } from '../http/envelope';
import { versionForm, parseJsonField, RECORD_DATA_MAX } from '../lowcode';
import { existingIds } from './flow-store';
import { systemForm, type Data } from './forms';

export const ENGINE = '/api/workflow/Engine';

/** `idemKey`: 16–64 letters, digits, _ or - (a UUID fits). */
export const opinionField = { type: 'string', maxLength: 500 } as const;
export const userIdField = { type: 'string', minLength: 1, maxLength: 64 } as const;
export const userIdsField = { type: 'array', maxItems: 100, items: userIdField } as const;
/** a drawn signature: a PNG data URL */
export const signImgField = {
  type: 'string',
  maxLength: 300_000,
  pattern: '^(data:image/png;base64,[A-Za-z0-9+/=]*)?$',
  'x-msg': 'must be a PNG data URL',
} as const;
export const TEMPLATE_MAX = 400_000;
export const DATA_MAX = RECORD_DATA_MAX;
export const BODY_LIMIT = 3 * 1024 * 1024;

export const taskParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 64 } },
} as const;

/** A body's `data` JSON text → an object, or a 400 naming the path. */
export function dataOf(text: string | undefined, field = 'data'): Data {
  if (text === undefined || text === '') return {};
  const parsed = parseJsonField(text, field);
  if (!parsed.ok) throw badRequest(parsed.message);
  const v = parsed.value;
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw badRequest(`${field}: must be a JSON object`);
  return v as Data;
}

/** Problems that stop even a save (the tree cannot be read); the others stop a release only. */
const STRUCTURE: ReadonlySet<FlowProblemCode> = new Set([
  'shape',
  'notStart',
  'startMisplaced',
  'idMissing',
  'idDuplicate',
  'orphan',
  'conditionMisplaced',
  'interflowHead',
  'tooMany',
  'tooDeep',
]);

/**
 * A definition as a body sent it, checked that its tree can be read (else a 400 naming the node).
 * The text is kept as the client sent it, so the client reads back what it saved (a JNPF 3.x
 * designer its own tree); what runs is derived from it (flowcore `readFlow`).
 */
export function parseTemplate(text: string): { text: string } {
  const parsed = parseJsonField(text, 'flowTemplateJson');
  if (!parsed.ok) throw badRequest(parsed.message);
  const problems = validateFlow(parsed.value).filter((p) => STRUCTURE.has(p.code));
  const first = problems[0];
  if (first) throw badRequest(`flowTemplateJson: ${first.message}`, { problems });
  return { text };
}

/**
 * Refuses a definition naming users, positions or roles that do not exist (release: JNPF sent
 * such a node to the administrator without a word), naming the node and the ids.
 */
export async function assertNamedIdsExist(db: Db, def: FlowDefinition): Promise<void> {
  const titles = new Map(flowNodes(def).map((n) => [n.nodeId, String(n.properties?.title ?? '')]));
  const who = (id: string): string => (titles.get(id) ? `${titles.get(id)} (${id})` : id);
  for (const [kind, named] of namedIdsOf(def)) {
    const found = await existingIds(db, kind, [...named.keys()]);
    const missing = [...named].filter(([id]) => !found.has(id));
    const first = missing[0];
    if (!first) continue;
    const node = who(first[1][0] ?? '');
    const ids = missing
      .filter(([, nodes]) => nodes.includes(first[1][0] ?? ''))
      .map(([id]) => id)
      .join(', ');
    const problems = missing.map(([id, nodes]) => ({ id, kind, nodeIds: nodes }));
    if (kind === 'users')
      throw badRequest(`flowTemplateJson: 节点 ${node} 指定的用户不存在: ${ids}`, { problems });
    if (kind === 'positions')
      throw badRequest(`flowTemplateJson: 节点 ${node} 指定的岗位不存在: ${ids}`, { problems });
    throw badRequest(`flowTemplateJson: 节点 ${node} 指定的角色不存在: ${ids}`, { problems });
  }
}

/** A new flow's tree: the start and one approver (the initiator's manager). */
export function defaultTemplate(): FlowDefinition {
  return {
    type: 'start',
    nodeId: 'start',
    prevId: null,
    properties: { title: '发起人', initiator: [], initiatePos: [], initiateRole: [], formOperates: [] },
    childNode: {
      type: 'approver',
      nodeId: 'approver1',
      prevId: 'start',
      properties: {
        title: '主管审批',
        assigneeType: 1,
        managerLevel: 1,
        counterSign: 0,
        rejectStep: '0',
        formOperates: [],
        hasAuditBtn: true,
        hasRejectBtn: true,
        hasRevokeBtn: true,
        hasTransferBtn: true,
      },
    },
  };
}

export interface FlowFormRef {
  id: string;
  formType: number;
  systemKey: string | null;
  modelId: string | null;
  /** a flow's own designed form (JNPF 3.x formData), as sent */
  formJson: string | null;
  fullName: string;
}

/** The current form JSON of a flow form (a system form's own, a model's current version). */
export async function currentFormOf(
  db: Db,
  f: FlowFormRef,
): Promise<{ form: FormData; formVersion: number }> {
  if (f.formType === FormType.SYSTEM) {
    const sf = systemForm(f.systemKey);
    if (!sf) throw badRequest('formId: 系统表单不存在');
    return { form: sf.form, formVersion: 0 };
  }
  if (f.formJson !== null) return { form: normalizeForm(f.formJson), formVersion: 0 };
  const m = await db
    .selectFrom('visualdev_base')
    .select(['id', 'version'])
    .where('id', '=', f.modelId ?? '')
    .executeTakeFirst();
  if (!m) throw badRequest('formId: 表单的功能不存在');
  if (Number(m.version) < 1) return { form: { fields: [] }, formVersion: 0 };
  const v = await versionForm(db, m.id, Number(m.version));
  return { form: v.form, formVersion: Number(m.version) };
}

export async function loadFlowForm(db: Db, id: string, field = 'formId'): Promise<FlowFormRef> {
  const f = await db
    .selectFrom('flow_form')
    .select(['id', 'formType', 'systemKey', 'modelId', 'formJson', 'fullName'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!f) throw badRequest(`${field}: 表单不存在`);
  return f;
}

/** China-time date text (yyyy-MM-dd) of a ms time. */
export const chinaDate = (ms: number): string => new Date(ms + 8 * 3600_000).toISOString().slice(0, 10);
