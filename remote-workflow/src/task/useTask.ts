// A task page's controller (effects): what the viewer may do at their node, the opinion, signature
// and copy list being written, and each action sent with its own request key (kept for retries,
// so a second click or a second tab cannot act twice) and the task's version. TaskView draws it.
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@lighting/shared';
import type { FormRendererHandle } from '@lighting/shared/form';
import { findNode, nodeActions, type FlowNode, type NodeStateValue } from '@lighting/shared/flowcore';
import {
  auditTask,
  cancelTask,
  pressTask,
  recallRecord,
  rejectTask,
  requestKey,
  revokeTask,
  transferTask,
  type TaskPage,
} from '../api';
import { parseFlow } from '../designer/transfer';
import { anyWritable, loadForm, parseValues, rendererOperates } from '../logic/taskForm';
import { EMPTY_DIRECTORY } from '../logic/names';
import { chartNames, nodeSummary } from '../logic/summary';
import { useSummaryText } from '../designer/useSummaryText';

export type ActionName =
  'audit' | 'reject' | 'transfer' | 'addSign' | 'recall' | 'revoke' | 'press' | 'cancel';
export type Asking = 'reject' | 'transfer' | 'addSign';

export function useTask(
  page: TaskPage,
  onClose: (changed: boolean) => void,
  onEdit?: (taskId: string) => void,
) {
  const { t } = useTranslation('workflow');
  const info = page.flowTaskInfo;
  const op = page.operator;
  const loaded = useMemo(() => loadForm(page.formData), [page.formData]);
  const values = useMemo(() => parseValues(page.data), [page.data]);
  // the server sends every field's access for this viewer (hidden, read-only, writable at their
  // waiting node); fields it does not list get flowcore's approver default (read-only)
  const operates = useMemo(
    () => (loaded.ok ? rendererOperates(loaded.fields, page.formOperates, false) : []),
    [loaded, page.formOperates],
  );
  const editable = !!op && anyWritable(operates);
  const formRef = useRef<FormRendererHandle>(null);
  const [opinion, setOpinion] = useState('');
  const [sign, setSign] = useState('');
  const [copyIds, setCopyIds] = useState<string[]>([]);
  const [busy, setBusy] = useState<ActionName | null>(null);
  const [asking, setAsking] = useState<Asking | null>(null);
  // one key per action for this page: a retried or repeated click sends the same key
  const keys = useRef(new Map<ActionName, string>());
  const keyOf = (a: ActionName): string => {
    let k = keys.current.get(a);
    if (!k) {
      k = requestKey();
      keys.current.set(a, k);
    }
    return k;
  };

  const run = async (name: ActionName, call: () => Promise<string>) => {
    setBusy(name);
    try {
      const msg = await call();
      toast('success', msg);
      onClose(true);
    } catch {
      /* the HTTP client showed the server's message; the page stays */
    } finally {
      setBusy(null);
    }
  };

  // what this node allows, read by the one rule the server answers and enforces with (flowcore/actions)
  const allowed = op ? nodeActions(op.properties) : null;
  const needSign = allowed?.sign === true;
  const signMissing = () => {
    if (needSign && !sign) {
      toast('error', t('signRequired'));
      return true;
    }
    return false;
  };

  const approve = async (freeApproverUserId?: string) => {
    if (!op || signMissing()) return;
    let formData: string | undefined;
    if (editable && formRef.current) {
      const values = await formRef.current.check();
      if (!values) return;
      formData = JSON.stringify(values);
    }
    await run(freeApproverUserId ? 'addSign' : 'audit', () =>
      auditTask(
        op.id,
        {
          handleOpinion: opinion.trim() || undefined,
          signImg: sign || undefined,
          formData,
          copyIds: copyIds.length ? copyIds : undefined,
          freeApproverUserId,
          version: info.version,
        },
        keyOf(freeApproverUserId ? 'addSign' : 'audit'),
      ),
    );
  };

  const chart = useMemo(() => parseFlow(page.flowTemplateJson), [page.flowTemplateJson]);
  const states = useMemo(
    () => new Map<string, NodeStateValue>(page.nodes.map((n) => [n.nodeId, n.state])),
    [page.nodes],
  );
  const people = useMemo(() => new Map(page.nodes.map((n) => [n.nodeId, n])), [page.nodes]);
  const { words, say } = useSummaryText();
  const chartSummary = useCallback(
    (n: FlowNode): ReactNode | null => {
      const shown = chartNames(n, people.get(n.nodeId), info.userName);
      if (shown) return shown.join(t('listSep'));
      if (n.type === 'condition')
        return n.properties.isDefault ? t('conditionOtherwise') : String(n.properties.title ?? '');
      // nobody to name (yet): the design's rule, as the designer says it
      const findTitle = (id: string) => {
        const x = chart.ok ? findNode(chart.def, id) : null;
        return x ? String(x.properties.title ?? '') : null;
      };
      return say(nodeSummary(n, { dir: EMPTY_DIRECTORY, fields: [], words, findTitle })) ?? '';
    },
    [people, info.userName, chart, say, words, t],
  );

  const canEdit = page.canEdit === true && !!onEdit;
  const actionsShown = !!op || !!page.recall || page.canRevoke || page.canPress || page.canCancel || canEdit;

  const opinionOrNone = () => opinion.trim() || undefined;
  const recall = () =>
    run('recall', () =>
      recallRecord(page.recall?.recordId ?? '', { handleOpinion: opinionOrNone() }, keyOf('recall')),
    );
  const revoke = () => run('revoke', () => revokeTask(info.id, keyOf('revoke'), opinionOrNone()));
  const press = () => run('press', () => pressTask(info.id));
  const cancel = () =>
    run('cancel', () => cancelTask(info.id, { handleOpinion: opinionOrNone() }, keyOf('cancel')));
  /** The answer to the reject / transfer / add-signer dialog: a node to return to, or a user. */
  const answer = async (choice: string) => {
    const kind = asking;
    setAsking(null);
    if (!op) return;
    if (kind === 'reject') {
      if (signMissing()) return;
      await run('reject', () =>
        rejectTask(
          op.id,
          {
            handleOpinion: opinionOrNone(),
            signImg: sign || undefined,
            rejectStep: choice || undefined,
            version: info.version,
          },
          keyOf('reject'),
        ),
      );
    } else if (kind === 'transfer') {
      await run('transfer', () =>
        transferTask(
          op.id,
          { freeApproverUserId: choice, handleOpinion: opinionOrNone() },
          keyOf('transfer'),
        ),
      );
    } else if (kind === 'addSign') {
      await approve(choice);
    }
  };

  return {
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
  };
}
