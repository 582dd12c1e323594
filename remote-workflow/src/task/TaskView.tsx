// A task's page (审批 / 查看), over the list that opened it: the form with the viewer's node's field
// permissions, the flow chart with the current node highlighted, the record timeline, and the
// actions the viewer may take — approve, reject (to the node's choice or a chosen earlier node),
// hand over, add a signer, take back a vote, revoke, remind, cancel — with an opinion and, where
// the node asks, a drawn signature. Every action sends a request key kept for its retries and the
// task's version, so a second click or a second tab cannot act twice.
import { useCallback, useEffect, useState } from 'react';
import { App as AntApp, Button, Input, Space, Spin, Tag, Typography } from 'antd';
import Alert from 'antd/es/alert';
import Flex from 'antd/es/flex';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Tabs from 'antd/es/tabs';
import ArrowLeftOutlined from '@ant-design/icons/es/icons/ArrowLeftOutlined';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@lighting/shared';
import { FormRenderer } from '@lighting/shared/form';
import { flowOptionsUrl, taskPage, type TaskPage } from '../api';
import { FlowCanvas } from '../designer/FlowCanvas';
import { ActionTag, StatusTag, UrgencyTag } from '../components/Tags';
import { UserSelect } from '../components/UserSelect';
import { SignaturePad } from './SignaturePad';
import { useTask } from './useTask';
import '../i18n';

export interface TaskViewProps {
  taskId: string;
  operatorId?: string | null;
  circulateId?: string | null;
  onClose: (changed: boolean) => void;
  /** the initiator's page: edit and submit again a draft, rejected or revoked task */
  onEdit?: (taskId: string) => void;
}

export default function TaskView(props: TaskViewProps) {
  const { t } = useTranslation('workflow');
  const [page, setPage] = useState<TaskPage | { error: string } | null>(null);
  const load = useCallback(() => {
    setPage(null);
    taskPage(props.taskId, {
      ...(props.operatorId ? { operatorId: props.operatorId } : {}),
      ...(props.circulateId ? { circulateId: props.circulateId } : {}),
    }).then(setPage, (e: Error) => setPage({ error: e.message }));
  }, [props.taskId, props.operatorId, props.circulateId]);
  useEffect(load, [load]);
  return (
    <div
      data-testid="task-view"
      style={{
        position: 'fixed',
        inset: 0,
        zIndex: 999,
        background: '#f5f6f8',
        display: 'flex',
        flexDirection: 'column',
      }}
    >
      {page === null ? (
        <Spin style={{ margin: 'auto' }} />
      ) : 'error' in page ? (
        <div style={{ margin: 'auto', maxWidth: 560 }}>
          <Alert
            type="error"
            showIcon
            message={t('taskLoadFailed')}
            description={page.error}
            data-testid="task-error"
          />
          <Button style={{ marginTop: 12 }} onClick={() => props.onClose(false)}>
            {t('back')}
          </Button>
        </div>
      ) : (
        <TaskBody page={page} onClose={props.onClose} onEdit={props.onEdit} />
      )}
    </div>
  );
}

function TaskBody({
  page,
  onClose,
  onEdit,
}: {
  page: TaskPage;
  onClose: (changed: boolean) => void;
  onEdit?: (taskId: string) => void;
}) {
  const { t } = useTranslation('workflow');
  const { modal } = AntApp.useApp();
  const {
    info,
    op,
    loaded,
    values,
    operates,
    editable,
    formRef,
    opinion,
    setOpinion,
    sign,
    setSign,
    copyIds,
    setCopyIds,
    busy,
    asking,
    setAsking,
    allowed,
    needSign,
    approve,
    recall,
    revoke,
    press,
    cancel,
    answer,
    chart,
    states,
    chartSummary,
    canEdit,
    actionsShown,
  } = useTask(page, onClose, onEdit);

  return (
    <>
      <header
        style={{
          minHeight: 48,
          display: 'flex',
          alignItems: 'center',
          gap: 10,
          padding: '6px 12px',
          background: '#fff',
          borderBottom: '1px solid #f0f0f0',
          flexWrap: 'wrap',
        }}
      >
        <Button icon={<ArrowLeftOutlined />} onClick={() => onClose(false)} data-testid="task-back">
          {t('back')}
        </Button>
        <Typography.Text strong ellipsis style={{ maxWidth: 420 }} data-testid="task-title" data-user-text>
          {info.fullName}
        </Typography.Text>
        <StatusTag value={info.status} />
        <UrgencyTag value={info.flowUrgent} />
        <Typography.Text type="secondary">
          <span data-user-text>{info.flowName}</span> · {info.userName} ·{' '}
          {info.startTime ? formatDateTime(info.startTime) : ''}
        </Typography.Text>
        {op?.delegatorId && <Tag color="purple">{t('actingFor')}</Tag>}
        {page.parent && (
          <Typography.Text type="secondary" data-testid="task-parent">
            {t('subFlowOfParent', {
              task: page.parent.fullName,
              node: page.parent.nodeName,
              interpolation: { escapeValue: false },
            })}
          </Typography.Text>
        )}
        {info.thisStep && (
          <Typography.Text type="secondary" style={{ marginLeft: 'auto' }}>
            {t('labelled', { label: t('thisStep') })}
            <span data-testid="task-step">{info.thisStep}</span>
          </Typography.Text>
        )}
      </header>
      <div style={{ flex: 1, minHeight: 0, overflow: 'auto', padding: '0 16px' }}>
        <Tabs
          defaultActiveKey="form"
          items={[
            {
              key: 'form',
              label: t('tabForm'),
              children: (
                <div
                  style={{ background: '#fff', padding: 16, borderRadius: 6, maxWidth: 1100 }}
                  data-testid="task-form"
                >
                  {loaded.ok ? (
                    <FormRenderer
                      ref={formRef}
                      form={loaded.form}
                      initialValues={values}
                      mode={editable ? 'edit' : 'read'}
                      operates={operates}
                      optionsUrl={flowOptionsUrl(info.flowId)}
                    />
                  ) : (
                    <Alert type="error" message={t('formLoadFailed')} description={loaded.message} />
                  )}
                </div>
              ),
            },
            {
              key: 'chart',
              label: t('tabChart'),
              children: chart.ok ? (
                <div style={{ overflow: 'auto' }}>
                  <FlowCanvas def={chart.def} mode="view" states={states} summary={chartSummary} />
                </div>
              ) : (
                <Alert type="error" message={chart.message} />
              ),
            },
            {
              key: 'records',
              label: t('tabRecords', { count: page.records.length }),
              children: <RecordTimeline records={page.records} />,
            },
            ...(page.children.length
              ? [
                  {
                    key: 'children',
                    label: t('tabSubFlows', { count: page.children.length }),
                    children: <ChildTasks page={page} />,
                  },
                ]
              : []),
          ]}
        />
      </div>
      {actionsShown && (
        <footer
          style={{ background: '#fff', borderTop: '1px solid #f0f0f0', padding: '10px 16px' }}
          data-testid="task-actions"
        >
          {op && (
            <Flex gap={16} wrap align="flex-start" style={{ marginBottom: 10 }}>
              <Input.TextArea
                rows={3}
                maxLength={500}
                showCount
                value={opinion}
                onChange={(e) => setOpinion(e.target.value)}
                placeholder={t('opinionHint')}
                style={{ flex: '1 1 360px', maxWidth: 640 }}
                data-testid="task-opinion"
              />
              {needSign && (
                <div>
                  <div style={{ color: '#555', marginBottom: 4 }}>{t('signHere')}</div>
                  <SignaturePad value={sign} onChange={setSign} />
                </div>
              )}
              {allowed?.copy && (
                <div style={{ width: 260 }}>
                  <div style={{ color: '#555', marginBottom: 4 }}>{t('copyTo')}</div>
                  <UserSelect
                    multiple
                    value={copyIds}
                    onChange={(v) => setCopyIds(Array.isArray(v) ? v : [])}
                    testId="task-copy"
                  />
                </div>
              )}
            </Flex>
          )}
          <Space wrap>
            {allowed?.audit && (
              <Button
                type="primary"
                loading={busy === 'audit'}
                onClick={() => void approve()}
                data-testid="act-audit"
              >
                {t('btnAudit')}
              </Button>
            )}
            {allowed?.reject && (
              <Button
                danger
                loading={busy === 'reject'}
                onClick={() => setAsking('reject')}
                data-testid="act-reject"
              >
                {t('btnReject')}
              </Button>
            )}
            {allowed?.transfer && (
              <Button
                loading={busy === 'transfer'}
                onClick={() => setAsking('transfer')}
                data-testid="act-transfer"
              >
                {t('btnTransfer')}
              </Button>
            )}
            {allowed?.freeApprover && (
              <Button
                loading={busy === 'addSign'}
                onClick={() => setAsking('addSign')}
                data-testid="act-addsign"
              >
                {t('btnAddSign')}
              </Button>
            )}
            {page.recall && (
              <Button
                loading={busy === 'recall'}
                data-testid="act-recall"
                onClick={() =>
                  modal.confirm({
                    title: t('confirmRecall'),
                    okText: t('ok'),
                    cancelText: t('cancel'),
                    onOk: recall,
                  })
                }
              >
                {t('btnRecall')}
              </Button>
            )}
            {page.canRevoke && (
              <Button
                loading={busy === 'revoke'}
                data-testid="act-revoke"
                onClick={() =>
                  modal.confirm({
                    title: t('confirmRevoke'),
                    okText: t('ok'),
                    cancelText: t('cancel'),
                    onOk: revoke,
                  })
                }
              >
                {t('btnRevoke')}
              </Button>
            )}
            {canEdit && (
              <Button type="primary" onClick={() => onEdit?.(info.id)} data-testid="act-edit">
                {t('resubmit')}
              </Button>
            )}
            {page.canPress && (
              <Button loading={busy === 'press'} onClick={() => void press()} data-testid="act-press">
                {t('btnPress')}
              </Button>
            )}
            {page.canCancel && (
              <Button
                danger
                loading={busy === 'cancel'}
                data-testid="act-cancel"
                onClick={() =>
                  modal.confirm({
                    title: t('confirmCancel'),
                    okText: t('ok'),
                    cancelText: t('cancel'),
                    okButtonProps: { danger: true },
                    onOk: cancel,
                  })
                }
              >
                {t('btnCancel')}
              </Button>
            )}
          </Space>
        </footer>
      )}
      {op && (
        <AskDialog kind={asking} targets={op.rejectTargets} onClose={() => setAsking(null)} onOk={answer} />
      )}
    </>
  );
}

/** Reject: which node to send it back to; transfer / add-sign: which user. */
function AskDialog({
  kind,
  targets,
  onClose,
  onOk,
}: {
  kind: 'reject' | 'transfer' | 'addSign' | null;
  targets: ReadonlyArray<{ nodeId: string; title: string }>;
  onClose: () => void;
  onOk: (choice: string) => Promise<void>;
}) {
  const { t } = useTranslation('workflow');
  const [choice, setChoice] = useState<string>('');
  useEffect(() => setChoice(''), [kind]);
  const needUser = kind === 'transfer' || kind === 'addSign';
  return (
    <Modal
      open={kind !== null}
      width={450}
      title={
        kind === 'reject' ? t('rejectTitle') : kind === 'transfer' ? t('transferTitle') : t('addSignTitle')
      }
      onCancel={onClose}
      okText={t('ok')}
      cancelText={t('cancel')}
      okButtonProps={{ disabled: needUser && !choice, danger: kind === 'reject' }}
      onOk={() => void onOk(choice)}
      destroyOnHidden
      data-testid="task-ask"
    >
      {kind === 'reject' ? (
        <Select
          style={{ width: '100%' }}
          value={choice}
          onChange={setChoice}
          data-testid="reject-target"
          options={[
            { value: '', label: t('rejectAsNode') },
            ...targets.map((x) => ({
              value: x.nodeId,
              label:
                x.nodeId === '0'
                  ? t('rejectToInitiator')
                  : x.nodeId === '1'
                    ? t('rejectToPrevious')
                    : x.title,
            })),
          ]}
        />
      ) : (
        <UserSelect
          value={choice || undefined}
          onChange={(v) => setChoice(typeof v === 'string' ? v : '')}
          testId="ask-user"
        />
      )}
    </Modal>
  );
}

/** The child tasks this task's sub-flow nodes launched: a waiting node is held by those not approved. */
function ChildTasks({ page }: { page: TaskPage }) {
  const { t } = useTranslation('workflow');
  const titles = new Map(page.nodes.map((n) => [n.nodeId, n.title]));
  return (
    <div
      style={{ background: '#fff', padding: 16, borderRadius: 6, maxWidth: 1100 }}
      data-testid="task-children"
    >
      {page.children.map((c) => (
        <Flex key={c.taskId} gap={10} align="center" style={{ padding: '6px 0' }} data-testid="task-child">
          <Typography.Text data-user-text>{c.fullName}</Typography.Text>
          <StatusTag value={c.status} />
          <Typography.Text type="secondary">
            {t('subFlowChildOf', { node: titles.get(c.nodeId) ?? c.nodeId, user: c.userName })}
          </Typography.Text>
        </Flex>
      ))}
    </div>
  );
}

function RecordTimeline({ records }: { records: TaskPage['records'] }) {
  const { t } = useTranslation('workflow');
  if (records.length === 0) return <Typography.Text type="secondary">{t('noRecords')}</Typography.Text>;
  // a plain list with a rail: antd's Timeline is not among the components the host shares
  return (
    <ol
      style={{ background: '#fff', padding: '16px 16px 4px 32px', borderRadius: 6, maxWidth: 900, margin: 0 }}
      data-testid="task-records"
    >
      {records.map((r, i) => (
        <li
          key={r.id}
          data-testid="task-record"
          data-action={r.handleStatus}
          style={{
            listStyle: 'none',
            position: 'relative',
            paddingBottom: 16,
            paddingLeft: 8,
            borderLeft: i < records.length - 1 ? '2px solid #f0f0f0' : '2px solid transparent',
          }}
        >
          <span
            style={{
              position: 'absolute',
              left: -7,
              top: 4,
              width: 12,
              height: 12,
              borderRadius: '50%',
              background: '#fff',
              border: `2px solid ${RAIL[r.handleStatus] ?? '#1677ff'}`,
            }}
          />
          <Space wrap size={6}>
            <ActionTag value={r.handleStatus} />
            <Typography.Text strong>{r.nodeName}</Typography.Text>
            <span>
              {r.delegatorName ? t('actedFor', { user: r.userName, delegator: r.delegatorName }) : r.userName}
            </span>
            {r.targetUserName && <span>→ {r.targetUserName}</span>}
            {r.recalled && <Tag>{t('recalled')}</Tag>}
            <Typography.Text type="secondary">{formatDateTime(r.handleTime)}</Typography.Text>
          </Space>
          {r.handleOpinion && (
            <div style={{ marginTop: 4, whiteSpace: 'pre-wrap' }} data-user-text>
              {r.handleOpinion}
            </div>
          )}
          {r.signImg && /^data:image\/png;base64,/.test(r.signImg) && (
            <img
              src={r.signImg}
              alt={t('signature')}
              style={{ marginTop: 4, maxHeight: 60, border: '1px solid #f0f0f0', display: 'block' }}
            />
          )}
        </li>
      ))}
    </ol>
  );
}

const RAIL: Record<number, string> = { 0: '#f5222d', 1: '#52c41a', 9: '#52c41a', 4: '#8c8c8c' };
