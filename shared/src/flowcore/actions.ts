/**
 * What an approver may do at a node: one rule for the server (what it answers the task page and
 * what it accepts) and the task page (which buttons it shows). The design's switches default the way
 * JNPF 3.x reads them: agree, reject, recall and transfer are on unless switched off; add a signer,
 * sign and copy are off unless switched on.
 */
import type { ApproverProperties } from './types';

export interface NodeActions {
  audit: boolean;
  reject: boolean;
  /** take one's vote back while the next node has not acted */
  revoke: boolean;
  transfer: boolean;
  /** 加签: add a signer after oneself */
  freeApprover: boolean;
  /** a drawn signature is required with agree and reject */
  sign: boolean;
  /** extra copy recipients may be chosen */
  copy: boolean;
}

export function nodeActions(p: Partial<ApproverProperties> | null | undefined): NodeActions {
  return {
    audit: p?.hasAuditBtn !== false,
    reject: p?.hasRejectBtn !== false,
    revoke: p?.hasRevokeBtn !== false,
    transfer: p?.hasTransferBtn !== false,
    freeApprover: p?.hasFreeApprover === true,
    sign: p?.hasSign === true,
    copy: p?.hasCopyBtn === true,
  };
}

export type ApproverAction = 'audit' | 'reject' | 'transfer' | 'revoke';

const REFUSED: Record<ApproverAction, string> = {
  audit: '该节点不能同意',
  reject: '该节点不能驳回',
  transfer: '该节点不能转办',
  revoke: '该节点不能撤回',
};

export interface ActionInput {
  signImg?: string | null;
  freeApproverUserId?: string | null;
  copyIds?: readonly string[] | null;
}

/**
 * Why `action` with `input` is refused at a node allowing `actions`, naming the field where one is
 * at fault; null when it may go ahead.
 */
export function actionRefusal(
  actions: NodeActions,
  action: ApproverAction,
  input: ActionInput = {},
): string | null {
  if (!actions[action]) return REFUSED[action];
  if (action === 'transfer' || action === 'revoke') return null;
  if (actions.sign && !input.signImg) return 'signImg: 请签名';
  if (action === 'audit') {
    if (input.freeApproverUserId && !actions.freeApprover) return 'freeApproverUserId: 该节点不能加签';
    if (input.copyIds?.length && !actions.copy) return 'copyIds: 该节点不能抄送';
  }
  return null;
}
