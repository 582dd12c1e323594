// The drawer that edits one node's properties. It works on a copy; 确定 saves it whole through
// the designer's reducer (flowcore's updateNodeProperties), 取消 drops it.
//   start:     title, who may launch, field permissions, what an approver node without approvers does
//   approver:  title, assignee rule (7 kinds), sign mode, reject target, copies, field permissions,
//              timeout and reminders, buttons
//   copy:      title, recipients, the initiator may add recipients
//   timer:     the wait
//   condition: title, predicates (the default branch has none)
//   subFlow:   the child flow, who launches it (one child each), the parent→child field rules,
//              whether the parent waits, whether the child is submitted at once
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Button, Input, Space } from 'antd';
import Checkbox from 'antd/es/checkbox';
import Drawer from 'antd/es/drawer';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import Switch from 'antd/es/switch';
import Divider from 'antd/es/divider';
import Flex from 'antd/es/flex';
import InputNumber from 'antd/es/input-number';
import { useTranslation } from 'react-i18next';
import {
  ASSIGNEE_TYPES,
  AssigneeType,
  FLOW_LIMITS,
  NoApprover,
  RejectStep,
  SignMode,
  SUBFLOW_INITIATE_TYPES,
  SubFlowErrorRule,
  rejectTargetsOf,
  type ApproverProperties,
  type ConditionProperties,
  type CopyProperties,
  type FlowDefinition,
  type FlowFormField,
  type FlowNode,
  type RemindConfig,
  type StartProperties,
  type SubFlowProperties,
  type SubFlowRule,
  type TimeoutConfig,
  type TimerProperties,
} from '@lighting/shared/flowcore';
import { flowSelector, formDataFields, type FormDataField } from '../api';
import type { DirectoryTrees } from '../directory';
import { ConditionEditor } from './ConditionEditor';
import { OperatesTable } from './OperatesTable';
import { OrgPicker } from './OrgPicker';
import '../i18n';

export interface NodeDrawerProps {
  def: FlowDefinition;
  node: FlowNode | null;
  fields: readonly FlowFormField[];
  trees: DirectoryTrees | null;
  /** the node's problems in the language shown */
  problems: readonly string[];
  /** the flow being designed (a sub-flow node may not name it) */
  flowId?: string;
  onSave: (nodeId: string, properties: FlowNode['properties']) => void;
  onClose: () => void;
}

type Props = Record<string, unknown>;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div style={{ marginBottom: 14 }}>
      <div style={{ marginBottom: 6, color: '#555' }}>{label}</div>
      {children}
    </div>
  );
}

const strs = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];

export function NodeDrawer({ def, node, fields, trees, problems, flowId, onSave, onClose }: NodeDrawerProps) {
  const { t } = useTranslation('workflow');
  const [draft, setDraft] = useState<Props>({});
  useEffect(() => {
    if (node) setDraft(structuredClone(node.properties) as Props);
  }, [node]);
  if (!node) return <Drawer open={false} onClose={onClose} />;
  const set = (patch: Props) => setDraft((d) => ({ ...d, ...patch }));
  const kind = node.type === 'approver' && node.isInterflow ? 'interflow' : node.type;
  return (
    <Drawer
      open
      width={600}
      title={t(`node_${kind}`)}
      onClose={onClose}
      destroyOnHidden
      data-testid="node-drawer"
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button
            type="primary"
            data-testid="node-drawer-ok"
            onClick={() => onSave(node.nodeId, draft as FlowNode['properties'])}
          >
            {t('ok')}
          </Button>
        </Flex>
      }
    >
      {problems.length > 0 && (
        <div style={{ color: '#f5222d', marginBottom: 12 }} data-testid="node-problems">
          {problems.map((p, i) => (
            <div key={i}>{p}</div>
          ))}
        </div>
      )}
      <Row label={t('nodeTitle')}>
        <Input
          value={String(draft.title ?? '')}
          maxLength={50}
          onChange={(e) => set({ title: e.target.value })}
          data-testid="node-title"
        />
      </Row>
      {node.type === 'start' && (
        <StartForm draft={draft as StartProperties} set={set} fields={fields} trees={trees} />
      )}
      {node.type === 'approver' && (
        <ApproverForm
          def={def}
          node={node}
          draft={draft as ApproverProperties}
          set={set}
          fields={fields}
          trees={trees}
        />
      )}
      {node.type === 'copy' && <CopyForm draft={draft as CopyProperties} set={set} trees={trees} />}
      {node.type === 'timer' && <TimerForm draft={draft as TimerProperties} set={set} />}
      {node.type === 'subFlow' && (
        <SubFlowForm
          def={def}
          node={node}
          draft={draft as SubFlowProperties}
          set={set}
          fields={fields}
          trees={trees}
          flowId={flowId}
        />
      )}
      {node.type === 'condition' &&
        ((draft as ConditionProperties).isDefault ? (
          <div style={{ color: '#888' }}>{t('conditionOtherwise')}</div>
        ) : (
          <Row label={t('conditions')}>
            <ConditionEditor
              fields={fields}
              value={(draft as ConditionProperties).conditions ?? []}
              onChange={(conditions) => set({ conditions })}
            />
          </Row>
        ))}
    </Drawer>
  );
}

interface FormProps<P> {
  draft: P;
  set: (patch: Props) => void;
}

function StartForm({
  draft,
  set,
  fields,
  trees,
}: FormProps<StartProperties> & { fields: readonly FlowFormField[]; trees: DirectoryTrees | null }) {
  const { t } = useTranslation('workflow');
  return (
    <>
      <Row label={t('initiators')}>
        <OrgPicker
          trees={trees}
          testId="initiators"
          value={{
            users: strs(draft.initiator),
            positions: strs(draft.initiatePos),
            roles: strs(draft.initiateRole),
          }}
          onChange={(v) => set({ initiator: v.users, initiatePos: v.positions, initiateRole: v.roles })}
        />
        <div style={{ color: '#999', fontSize: 12, marginTop: 4 }}>{t('initiatorsHint')}</div>
      </Row>
      <Row label={t('noApproverHandler')}>
        <Radio.Group
          value={draft.noApproverHandler ?? NoApprover.AUTO_PASS}
          onChange={(e) => set({ noApproverHandler: e.target.value as number })}
          options={[
            { value: NoApprover.AUTO_PASS, label: t('noApproverAutoPass') },
            { value: NoApprover.ADMIN, label: t('noApproverAdmin') },
          ]}
        />
      </Row>
      <Divider plain>{t('formOperates')}</Divider>
      <OperatesTable
        fields={fields}
        value={draft.formOperates ?? []}
        isStart
        onChange={(formOperates) => set({ formOperates })}
      />
    </>
  );
}

function ApproverForm({
  def,
  node,
  draft,
  set,
  fields,
  trees,
}: FormProps<ApproverProperties> & {
  def: FlowDefinition;
  node: FlowNode;
  fields: readonly FlowFormField[];
  trees: DirectoryTrees | null;
}) {
  const { t } = useTranslation('workflow');
  const upstream = useMemo(() => rejectTargetsOf(def, node.nodeId), [def, node.nodeId]);
  const type = draft.assigneeType ?? AssigneeType.NAMED;
  const named = type === AssigneeType.NAMED || type === AssigneeType.CHOSEN_AT_LAUNCH;
  const timeout: TimeoutConfig = draft.timeoutConfig ?? { on: false, quantity: 1, type: 'day', handler: 1 };
  const remind: RemindConfig = draft.remindConfig ?? { on: false, quantity: 1, type: 'hour', times: 3 };
  const units = [
    { value: 'day', label: t('unitDay') },
    { value: 'hour', label: t('unitHour') },
    { value: 'minute', label: t('unitMinute') },
  ];
  const buttons: Array<[keyof ApproverProperties, string]> = [
    ['hasAuditBtn', t('btnAudit')],
    ['hasRejectBtn', t('btnReject')],
    ['hasRevokeBtn', t('btnRecall')],
    ['hasTransferBtn', t('btnTransfer')],
    ['hasFreeApprover', t('btnAddSign')],
    ['hasCopyBtn', t('btnCopy')],
    ['hasSign', t('btnSign')],
  ];
  return (
    <>
      <Row label={t('assigneeType')}>
        <Radio.Group
          value={type}
          onChange={(e) => set({ assigneeType: e.target.value as number })}
          data-testid="assignee-type"
          style={{ display: 'grid', gridTemplateColumns: 'repeat(2, 1fr)', rowGap: 6 }}
          options={ASSIGNEE_TYPES.map((v) => ({ value: v, label: t(`assignee_${v}`) }))}
        />
      </Row>
      {type === AssigneeType.MANAGER && (
        <Row label={t('managerLevel')}>
          <Select
            style={{ width: 220 }}
            value={draft.managerLevel ?? 1}
            onChange={(v: number) => set({ managerLevel: v })}
            options={Array.from({ length: FLOW_LIMITS.maxManagerLevel }, (_, i) => ({
              value: i + 1,
              label: i === 0 ? t('directManager') : t('managerLevelN', { n: i + 1 }),
            }))}
          />
        </Row>
      )}
      {type === AssigneeType.FORM_FIELD && (
        <Row label={t('assigneeField')}>
          <Select
            style={{ width: '100%' }}
            value={draft.formField || undefined}
            onChange={(v: string) => set({ formField: v })}
            options={fields.filter((f) => !f.table).map((f) => ({ value: f.key, label: f.label }))}
            data-testid="assignee-field"
          />
        </Row>
      )}
      {type === AssigneeType.SAME_AS_NODE && (
        <Row label={t('assigneeNode')}>
          <Select
            style={{ width: '100%' }}
            value={draft.assigneeNode || undefined}
            onChange={(v: string) => set({ assigneeNode: v })}
            options={upstream.map((n) => ({ value: n.nodeId, label: n.properties.title || n.nodeId }))}
            notFoundContent={t('noUpstreamApprover')}
          />
        </Row>
      )}
      {named && (
        <Row label={type === AssigneeType.NAMED ? t('approvers') : t('approverCandidates')}>
          <OrgPicker
            trees={trees}
            testId="approvers"
            value={{
              users: strs(draft.approvers),
              positions: strs(draft.approverPos),
              roles: strs(draft.approverRole),
            }}
            onChange={(v) => set({ approvers: v.users, approverPos: v.positions, approverRole: v.roles })}
          />
        </Row>
      )}
      <Row label={t('signMode')}>
        <Radio.Group
          value={draft.counterSign ?? SignMode.OR}
          onChange={(e) => set({ counterSign: e.target.value as number })}
          data-testid="sign-mode"
          options={[
            { value: SignMode.OR, label: t('signOr') },
            { value: SignMode.COUNTER, label: t('signCounter') },
            { value: SignMode.SEQUENTIAL, label: t('signSequential') },
          ]}
        />
        {draft.counterSign === SignMode.COUNTER && (
          <Space style={{ marginTop: 8 }}>
            {t('countersignRatio')}
            <InputNumber
              min={1}
              max={100}
              precision={0}
              value={draft.countersignRatio ?? 100}
              onChange={(v) => set({ countersignRatio: typeof v === 'number' ? v : 100 })}
              addonAfter="%"
              data-testid="countersign-ratio"
            />
          </Space>
        )}
      </Row>
      <Row label={t('rejectStep')}>
        <Select
          style={{ width: '100%' }}
          value={String(draft.rejectStep ?? RejectStep.INITIATOR)}
          onChange={(v: string) => set({ rejectStep: v })}
          data-testid="reject-step"
          options={[
            { value: RejectStep.INITIATOR, label: t('rejectToInitiator') },
            { value: RejectStep.PREVIOUS, label: t('rejectToPrevious') },
            ...upstream.map((n) => ({
              value: n.nodeId,
              label: t('rejectToNode', { node: n.properties.title || n.nodeId }),
            })),
          ]}
        />
      </Row>
      <Row label={t('noApproverHandler')}>
        <Select
          style={{ width: '100%' }}
          value={draft.noApproverHandler ?? 0}
          onChange={(v: number) => set({ noApproverHandler: v === 0 ? undefined : v })}
          options={[
            { value: 0, label: t('noApproverInherit') },
            { value: NoApprover.AUTO_PASS, label: t('noApproverAutoPass') },
            { value: NoApprover.ADMIN, label: t('noApproverAdmin') },
          ]}
        />
      </Row>
      <Row label={t('nodeCopies')}>
        <OrgPicker
          trees={trees}
          testId="node-copies"
          value={{
            users: strs(draft.circulateUser),
            positions: strs(draft.circulatePosition),
            roles: strs(draft.circulateRole),
          }}
          onChange={(v) =>
            set({ circulateUser: v.users, circulatePosition: v.positions, circulateRole: v.roles })
          }
        />
      </Row>
      <Row label={t('timeout')}>
        <Flex gap={8} align="center" wrap>
          <Switch
            checked={timeout.on}
            onChange={(on) => set({ timeoutConfig: { ...timeout, on } })}
            data-testid="timeout-on"
          />
          {timeout.on && (
            <>
              <InputNumber
                min={1}
                max={10000}
                precision={0}
                value={timeout.quantity}
                onChange={(v) =>
                  set({ timeoutConfig: { ...timeout, quantity: typeof v === 'number' ? v : 1 } })
                }
              />
              <Select
                style={{ width: 100 }}
                value={timeout.type}
                options={units}
                onChange={(v: TimeoutConfig['type']) => set({ timeoutConfig: { ...timeout, type: v } })}
              />
              <Select
                style={{ width: 140 }}
                value={timeout.handler}
                options={[
                  { value: 1, label: t('timeoutAgree') },
                  { value: 2, label: t('timeoutReject') },
                ]}
                onChange={(v: 1 | 2) => set({ timeoutConfig: { ...timeout, handler: v } })}
              />
            </>
          )}
        </Flex>
      </Row>
      <Row label={t('remind')}>
        <Flex gap={8} align="center" wrap>
          <Switch checked={remind.on} onChange={(on) => set({ remindConfig: { ...remind, on } })} />
          {remind.on && (
            <>
              {t('remindEvery')}
              <InputNumber
                min={1}
                max={10000}
                precision={0}
                value={remind.quantity}
                onChange={(v) =>
                  set({ remindConfig: { ...remind, quantity: typeof v === 'number' ? v : 1 } })
                }
              />
              <Select
                style={{ width: 100 }}
                value={remind.type}
                options={units}
                onChange={(v: RemindConfig['type']) => set({ remindConfig: { ...remind, type: v } })}
              />
              {t('remindTimes')}
              <InputNumber
                min={1}
                max={100}
                precision={0}
                value={remind.times}
                onChange={(v) => set({ remindConfig: { ...remind, times: typeof v === 'number' ? v : 1 } })}
              />
            </>
          )}
        </Flex>
      </Row>
      <Row label={t('buttons')}>
        <Flex wrap gap={12}>
          {buttons.map(([key, label]) => (
            <Checkbox
              key={key}
              checked={draft[key] === true}
              onChange={(e) => set({ [key]: e.target.checked })}
              data-testid={`btn-${key}`}
            >
              {label}
            </Checkbox>
          ))}
        </Flex>
      </Row>
      <Divider plain>{t('formOperates')}</Divider>
      <OperatesTable
        fields={fields}
        value={draft.formOperates ?? []}
        isStart={false}
        onChange={(formOperates) => set({ formOperates })}
      />
    </>
  );
}

function CopyForm({ draft, set, trees }: FormProps<CopyProperties> & { trees: DirectoryTrees | null }) {
  const { t } = useTranslation('workflow');
  return (
    <>
      <Row label={t('copyRecipients')}>
        <OrgPicker
          trees={trees}
          testId="copy-recipients"
          value={{
            users: strs(draft.circulateUser),
            positions: strs(draft.circulatePosition),
            roles: strs(draft.circulateRole),
          }}
          onChange={(v) =>
            set({ circulateUser: v.users, circulatePosition: v.positions, circulateRole: v.roles })
          }
        />
      </Row>
      <Checkbox
        checked={draft.userOptional === true}
        onChange={(e) => set({ userOptional: e.target.checked })}
      >
        {t('copyUserOptional')}
      </Checkbox>
    </>
  );
}

function TimerForm({ draft, set }: FormProps<TimerProperties>) {
  const { t } = useTranslation('workflow');
  const units = ['day', 'hour', 'minute', 'second'] as const;
  return (
    <Row label={t('timerWait')}>
      <Flex gap={8} wrap align="center">
        {units.map((u) => (
          <InputNumber
            key={u}
            min={0}
            max={u === 'day' ? 365 : u === 'hour' ? 23 : 59}
            precision={0}
            value={Number(draft[u] ?? 0)}
            onChange={(v) => set({ [u]: typeof v === 'number' ? v : 0 })}
            addonAfter={t(`unitShort_${u}`)}
            style={{ width: 120 }}
            data-testid={`timer-${u}`}
          />
        ))}
      </Flex>
    </Row>
  );
}

/**
 * A sub-flow node (JNPF 3.x's properties): the child flow, who launches it, the field rules. 3.x
 * kept one rule list per node before the sub-flow (`assignList`); the engine applies them all, so
 * the drawer edits them as one list, kept on the first entry.
 */
function SubFlowForm({
  def,
  node,
  draft,
  set,
  fields,
  trees,
  flowId,
}: FormProps<SubFlowProperties> & {
  def: FlowDefinition;
  node: FlowNode;
  fields: readonly FlowFormField[];
  trees: DirectoryTrees | null;
  flowId?: string;
}) {
  const { t } = useTranslation('workflow');
  const upstream = useMemo(() => rejectTargetsOf(def, node.nodeId), [def, node.nodeId]);
  const [flows, setFlows] = useState<Array<{ id: string; fullName: string }>>([]);
  const [childFields, setChildFields] = useState<FormDataField[]>([]);
  useEffect(() => {
    let live = true;
    flowSelector().then(
      (groups) => {
        if (live)
          setFlows(
            groups
              .flatMap((g) => g.children ?? [])
              .filter((f) => f.id !== flowId)
              .map((f) => ({ id: f.id, fullName: f.fullName })),
          );
      },
      () => live && setFlows([]),
    );
    return () => {
      live = false;
    };
  }, [flowId]);
  const child = draft.flowId ?? '';
  useEffect(() => {
    let live = true;
    if (!child) setChildFields([]);
    else
      formDataFields(child).then(
        (list) => live && setChildFields(list),
        () => live && setChildFields([]),
      );
    return () => {
      live = false;
    };
  }, [child]);
  const type = draft.initiateType ?? AssigneeType.NAMED;
  const first = draft.assignList?.[0];
  const rules: SubFlowRule[] = (draft.assignList ?? []).flatMap((a) => a.ruleList ?? []);
  const setRules = (ruleList: SubFlowRule[]) =>
    set({
      assignList: [{ nodeId: first?.nodeId ?? node.prevId ?? '', title: first?.title ?? '', ruleList }],
    });
  const parentOptions = fields.filter((f) => !f.table).map((f) => ({ value: f.key, label: f.label }));
  const childOptions = childFields.map((f) => ({ value: f.vModel, label: f.label }));
  return (
    <>
      <Row label={t('subFlowFlow')}>
        <Select
          style={{ width: '100%' }}
          showSearch
          optionFilterProp="label"
          value={child || undefined}
          onChange={(v: string) =>
            set({ flowId: v, flowName: flows.find((f) => f.id === v)?.fullName ?? '', assignList: [] })
          }
          options={flows.map((f) => ({ value: f.id, label: f.fullName }))}
          data-testid="subflow-flow"
        />
        <div style={{ color: '#999', fontSize: 12, marginTop: 4 }}>{t('subFlowFlowHint')}</div>
      </Row>
      <Row label={t('subFlowInitiateType')}>
        <Radio.Group
          value={type}
          onChange={(e) => set({ initiateType: e.target.value as number })}
          data-testid="subflow-initiate-type"
          style={{ display: 'grid', gridTemplateColumns: 'repeat(2, 1fr)', rowGap: 6 }}
          options={SUBFLOW_INITIATE_TYPES.map((v) => ({ value: v, label: t(`assignee_${v}`) }))}
        />
      </Row>
      {type === AssigneeType.MANAGER && (
        <Row label={t('managerLevel')}>
          <Select
            style={{ width: 220 }}
            value={draft.managerLevel ?? 1}
            onChange={(v: number) => set({ managerLevel: v })}
            options={Array.from({ length: FLOW_LIMITS.maxManagerLevel }, (_, i) => ({
              value: i + 1,
              label: i === 0 ? t('directManager') : t('managerLevelN', { n: i + 1 }),
            }))}
          />
        </Row>
      )}
      {type === AssigneeType.FORM_FIELD && (
        <Row label={t('subFlowLaunchField')}>
          <Select
            style={{ width: '100%' }}
            value={draft.formField || undefined}
            onChange={(v: string) => set({ formField: v })}
            options={parentOptions}
          />
        </Row>
      )}
      {type === AssigneeType.SAME_AS_NODE && (
        <Row label={t('subFlowLaunchNode')}>
          <Select
            style={{ width: '100%' }}
            value={draft.nodeId || undefined}
            onChange={(v: string) => set({ nodeId: v })}
            options={upstream.map((n) => ({ value: n.nodeId, label: n.properties.title || n.nodeId }))}
            notFoundContent={t('noUpstreamApprover')}
          />
        </Row>
      )}
      {type === AssigneeType.NAMED && (
        <Row label={t('subFlowInitiators')}>
          <OrgPicker
            trees={trees}
            testId="subflow-initiators"
            value={{ users: strs(draft.initiator), positions: [], roles: [] }}
            onChange={(v) => set({ initiator: v.users })}
          />
        </Row>
      )}
      <Row label={t('subFlowErrorRule')}>
        <Radio.Group
          value={draft.errorRule ?? SubFlowErrorRule.ADMINS}
          onChange={(e) => set({ errorRule: e.target.value as number })}
          options={[
            { value: SubFlowErrorRule.ADMINS, label: t('subFlowErrorAdmins') },
            { value: SubFlowErrorRule.NAMED, label: t('subFlowErrorNamed') },
            { value: SubFlowErrorRule.INITIATOR, label: t('subFlowErrorInitiator') },
          ]}
        />
        {draft.errorRule === SubFlowErrorRule.NAMED && (
          <div style={{ marginTop: 8 }}>
            <OrgPicker
              trees={trees}
              testId="subflow-error-users"
              value={{ users: strs(draft.errorRuleUser), positions: [], roles: [] }}
              onChange={(v) => set({ errorRuleUser: v.users })}
            />
          </div>
        )}
      </Row>
      <Row label={t('subFlowAsync')}>
        <Radio.Group
          value={draft.isAsync === true}
          onChange={(e) => set({ isAsync: e.target.value as boolean })}
          data-testid="subflow-async"
          options={[
            { value: false, label: t('subFlowSync') },
            { value: true, label: t('subFlowAsyncOn') },
          ]}
        />
      </Row>
      <Row label={t('subFlowAutoSubmit')}>
        <Switch
          checked={draft.autoSubmit === true}
          onChange={(v) => set({ autoSubmit: v })}
          data-testid="subflow-auto-submit"
        />
        <div style={{ color: '#999', fontSize: 12, marginTop: 4 }}>{t('subFlowAutoSubmitHint')}</div>
      </Row>
      <Divider plain>{t('subFlowMapping')}</Divider>
      {!child ? (
        <div style={{ color: '#999' }}>{t('subFlowPickFirst')}</div>
      ) : (
        <div data-testid="subflow-rules">
          {rules.map((r, i) => (
            <Flex key={i} gap={8} align="center" style={{ marginBottom: 8 }}>
              <Select
                style={{ flex: 1 }}
                placeholder={t('subFlowParentField')}
                value={r.parentField || undefined}
                onChange={(v: string) =>
                  setRules(rules.map((x, j) => (j === i ? { ...x, parentField: v } : x)))
                }
                options={parentOptions}
              />
              →
              <Select
                style={{ flex: 1 }}
                placeholder={t('subFlowChildField')}
                value={r.childField || undefined}
                onChange={(v: string) =>
                  setRules(rules.map((x, j) => (j === i ? { ...x, childField: v } : x)))
                }
                options={childOptions}
              />
              <Button size="small" onClick={() => setRules(rules.filter((_, j) => j !== i))}>
                {t('subFlowRemoveRule')}
              </Button>
            </Flex>
          ))}
          <Button
            size="small"
            onClick={() => setRules([...rules, { parentField: '', childField: '' }])}
            data-testid="subflow-add-rule"
          >
            {t('subFlowAddRule')}
          </Button>
        </div>
      )}
    </>
  );
}
