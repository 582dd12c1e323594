// Launching a flow, or editing a draft / a task rejected or revoked back to its initiator: the
// flow's form with the start node's field permissions, the title and urgency, recipients of copies
// where the flow lets the initiator add them, 暂存 (save as draft, unchecked) and 提交 (checked;
// the approvers of nodes that ask for them are chosen in a 450 px dialog — none chosen:
// '请选择审批人员' for 1 s, spec §5). Each action keeps its request key for its retries.
import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Input, Space, Spin, Typography } from 'antd';
import Alert from 'antd/es/alert';
import Flex from 'antd/es/flex';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import ArrowLeftOutlined from '@ant-design/icons/es/icons/ArrowLeftOutlined';
import { useTranslation } from 'react-i18next';
import { formatDateTime, toast } from '@lighting/shared';
import { FormRenderer, type FormRendererHandle } from '@lighting/shared/form';
import { URGENCIES, flowNodes, type UrgencyValue } from '@lighting/shared/flowcore';
import {
  flowOptionsUrl,
  getTask,
  launch,
  releasedFlow,
  requestKey,
  type Candidate,
  type Rejection,
} from '../api';
import { parseFlow } from '../designer/transfer';
import { UserSelect } from '../components/UserSelect';
import { loadForm, parseValues, rendererOperates } from '../logic/taskForm';
import '../i18n';

/** Spec §5 / §9: the approver error stays 1 s. */
export const APPROVER_ERROR_SECONDS = 1;

export interface LaunchFormProps {
  /** a new launch of this flow */
  flowId?: string;
  /** or an existing draft / rejected / revoked task */
  taskId?: string;
  onClose: (changed: boolean) => void;
}

interface Loaded {
  flowId: string;
  flowName: string;
  formData: string | null;
  flowTemplateJson: string;
  candidates: Candidate[];
  values: Record<string, unknown>;
  fullName: string;
  flowUrgent: UrgencyValue;
  /** a task rejected back to its initiator: who sent it back, where, and why */
  rejection: Rejection | null;
}

async function loadLaunch(p: LaunchFormProps): Promise<Loaded> {
  if (p.taskId) {
    const task = await getTask(p.taskId);
    const candidates = await releasedFlow(task.flowId).then(
      (r) => r.candidates,
      () => [] as Candidate[],
    );
    return {
      flowId: task.flowId,
      flowName: task.flowName,
      formData: task.formData,
      flowTemplateJson: task.flowTemplateJson,
      candidates,
      values: parseValues(task.data),
      fullName: task.fullName,
      flowUrgent: task.flowUrgent,
      rejection: task.rejection ?? null,
    };
  }
  const flow = await releasedFlow(p.flowId ?? '');
  return {
    flowId: flow.id,
    flowName: flow.fullName,
    formData: flow.formData,
    flowTemplateJson: flow.flowTemplateJson,
    candidates: flow.candidates ?? [],
    values: {},
    fullName: '',
    flowUrgent: 1,
    rejection: null,
  };
}

export default function LaunchForm(props: LaunchFormProps) {
  const { t } = useTranslation('workflow');
  const [loaded, setLoaded] = useState<Loaded | { error: string } | null>(null);
  useEffect(() => {
    let alive = true;
    loadLaunch(props).then(
      (l) => alive && setLoaded(l),
      (e: Error) => alive && setLoaded({ error: e.message }),
    );
    return () => {
      alive = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- loaded once per opening
  }, [props.flowId, props.taskId]);
  return (
    <div
      data-testid="launch-form"
      style={{
        position: 'fixed',
        inset: 0,
        zIndex: 999,
        background: '#f5f6f8',
        display: 'flex',
        flexDirection: 'column',
      }}
    >
      {loaded === null ? (
        <Spin style={{ margin: 'auto' }} />
      ) : 'error' in loaded ? (
        <div style={{ margin: 'auto', maxWidth: 560 }}>
          <Alert type="error" showIcon message={t('launchLoadFailed')} description={loaded.error} />
          <Button style={{ marginTop: 12 }} onClick={() => props.onClose(false)}>
            {t('back')}
          </Button>
        </div>
      ) : (
        <LaunchBody loaded={loaded} taskId={props.taskId} onClose={props.onClose} />
      )}
    </div>
  );
}

function LaunchBody({
  loaded,
  taskId,
  onClose,
}: {
  loaded: Loaded;
  taskId?: string;
  onClose: (c: boolean) => void;
}) {
  const { t } = useTranslation('workflow');
  const form = useMemo(() => loadForm(loaded.formData), [loaded.formData]);
  const tree = useMemo(() => parseFlow(loaded.flowTemplateJson), [loaded.flowTemplateJson]);
  const operates = useMemo(
    () =>
      form.ok && tree.ok
        ? rendererOperates(form.fields, tree.def.properties.formOperates ?? [], true)
        : undefined,
    [form, tree],
  );
  const copyOptional =
    tree.ok && flowNodes(tree.def).some((n) => n.type === 'copy' && n.properties.userOptional === true);
  const ref = useRef<FormRendererHandle>(null);
  const [title, setTitle] = useState(loaded.fullName);
  const [urgent, setUrgent] = useState<UrgencyValue>(loaded.flowUrgent);
  const [copyIds, setCopyIds] = useState<string[]>([]);
  const [chosen, setChosen] = useState<Record<string, string[]>>({});
  const [asking, setAsking] = useState<Record<string, unknown> | null>(null);
  const [busy, setBusy] = useState<'submit' | 'draft' | null>(null);
  // the task this form writes: the draft saved here continues as the same task
  const [id, setId] = useState<string | undefined>(taskId);
  const keys = useRef({ submit: requestKey(), draft: requestKey() });

  const send = async (status: 0 | 1, data: Record<string, unknown>) => {
    const which = status === 0 ? 'submit' : 'draft';
    setBusy(which);
    try {
      const res = await launch(
        {
          ...(id ? { id } : { flowId: loaded.flowId }),
          data: JSON.stringify(data),
          status,
          flowUrgent: urgent,
          fullName: title.trim() || undefined,
          candidates: status === 0 && loaded.candidates.length ? chosen : undefined,
          copyIds: copyIds.length ? copyIds : undefined,
        },
        keys.current[which],
      );
      toast('success', res.msg);
      if (status === 0) onClose(true);
      else {
        setId(res.id);
        keys.current.draft = requestKey();
      }
    } catch {
      /* the HTTP client showed the server's message */
    } finally {
      setBusy(null);
    }
  };

  const submit = async () => {
    const values = ref.current ? await ref.current.check() : {};
    if (!values) return;
    if (loaded.candidates.length) setAsking(values);
    else await send(0, values);
  };

  return (
    <>
      <header
        style={{
          minHeight: 48,
          display: 'flex',
          alignItems: 'center',
          gap: 12,
          padding: '6px 12px',
          background: '#fff',
          borderBottom: '1px solid #f0f0f0',
          flexWrap: 'wrap',
        }}
      >
        <Button icon={<ArrowLeftOutlined />} onClick={() => onClose(false)} data-testid="launch-back">
          {t('back')}
        </Button>
        <Typography.Text strong data-user-text>
          {loaded.flowName}
        </Typography.Text>
        <Space style={{ marginLeft: 'auto' }} wrap>
          <Button
            loading={busy === 'draft'}
            onClick={() => void send(1, ref.current?.getValues() ?? {})}
            data-testid="launch-draft"
          >
            {t('saveDraft')}
          </Button>
          <Button
            type="primary"
            loading={busy === 'submit'}
            onClick={() => void submit()}
            data-testid="launch-submit"
          >
            {t('submit')}
          </Button>
        </Space>
      </header>
      <div style={{ flex: 1, minHeight: 0, overflow: 'auto', padding: 16 }}>
        <div style={{ background: '#fff', padding: 16, borderRadius: 6, maxWidth: 1100, margin: '0 auto' }}>
          {loaded.rejection && (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 16 }}
              data-testid="launch-rejection"
              message={
                <>
                  {t('rejectedBack')} · <span data-user-text>{loaded.rejection.nodeName}</span> ·{' '}
                  <span data-user-text>{loaded.rejection.userName}</span> ·{' '}
                  {formatDateTime(loaded.rejection.handleTime)}
                </>
              }
              description={
                loaded.rejection.handleOpinion ? (
                  <span style={{ whiteSpace: 'pre-wrap' }} data-user-text>
                    {loaded.rejection.handleOpinion}
                  </span>
                ) : (
                  t('rejectedNoOpinion')
                )
              }
            />
          )}
          <Flex gap={16} wrap style={{ marginBottom: 16 }}>
            <label style={{ flex: '1 1 320px' }}>
              <div style={{ color: '#555', marginBottom: 4 }}>{t('taskTitle')}</div>
              <Input
                value={title}
                maxLength={100}
                onChange={(e) => setTitle(e.target.value)}
                placeholder={t('taskTitleHint')}
                data-testid="launch-title"
              />
            </label>
            <label style={{ width: 160 }}>
              <div style={{ color: '#555', marginBottom: 4 }}>{t('urgency')}</div>
              <Select
                style={{ width: '100%' }}
                value={urgent}
                onChange={setUrgent}
                options={URGENCIES.map((u) => ({ value: u, label: t(`urgent_${u}`) }))}
                data-testid="launch-urgency"
              />
            </label>
            {copyOptional && (
              <label style={{ flex: '1 1 260px' }}>
                <div style={{ color: '#555', marginBottom: 4 }}>{t('copyTo')}</div>
                <UserSelect
                  multiple
                  value={copyIds}
                  onChange={(v) => setCopyIds(Array.isArray(v) ? v : [])}
                  testId="launch-copy"
                />
              </label>
            )}
          </Flex>
          {form.ok ? (
            <FormRenderer
              ref={ref}
              form={form.form}
              initialValues={loaded.values}
              mode="edit"
              operates={operates}
              optionsUrl={flowOptionsUrl(loaded.flowId)}
            />
          ) : (
            <Alert type="error" message={t('formLoadFailed')} description={form.message} />
          )}
        </div>
      </div>
      <Modal
        open={asking !== null}
        width={450}
        title={t('chooseApproversTitle')}
        okText={t('submit')}
        cancelText={t('cancel')}
        confirmLoading={busy === 'submit'}
        onCancel={() => setAsking(null)}
        onOk={async () => {
          const missing = loaded.candidates.some((c) => !(chosen[c.nodeId]?.length ?? 0));
          if (missing) {
            toast('error', t('chooseApprovers'), APPROVER_ERROR_SECONDS);
            return;
          }
          const values = asking ?? {};
          setAsking(null);
          await send(0, values);
        }}
        data-testid="choose-approvers"
      >
        {loaded.candidates.map((c) => (
          <div key={c.nodeId} style={{ marginBottom: 12 }}>
            <div style={{ marginBottom: 4 }} data-user-text>
              {c.title}
            </div>
            <UserSelect
              multiple
              among={c.users?.map((u) => ({ id: u.id, fullName: `${u.fullName}/${u.account}` })) ?? null}
              value={chosen[c.nodeId] ?? []}
              onChange={(v) => setChosen((m) => ({ ...m, [c.nodeId]: Array.isArray(v) ? v : v ? [v] : [] }))}
              testId={`candidate-${c.nodeId}`}
            />
          </div>
        ))}
      </Modal>
    </>
  );
}
