import { actionRefusal, nodeActions } from './actions';

describe('nodeActions', () => {
  it('reads the design the way JNPF does: agree, reject, recall, transfer on unless off; the rest off unless on', () => {
    expect(nodeActions({})).toEqual({
      audit: true,
      reject: true,
      revoke: true,
      transfer: true,
      freeApprover: false,
      sign: false,
      copy: false,
    });
    expect(nodeActions(undefined)).toEqual(nodeActions({}));
    expect(
      nodeActions({
        hasAuditBtn: false,
        hasRejectBtn: false,
        hasRevokeBtn: false,
        hasTransferBtn: false,
        hasFreeApprover: true,
        hasSign: true,
        hasCopyBtn: true,
      }),
    ).toEqual({
      audit: false,
      reject: false,
      revoke: false,
      transfer: false,
      freeApprover: true,
      sign: true,
      copy: true,
    });
  });
});

describe('actionRefusal', () => {
  const open = nodeActions({});
  it('refuses a switched-off action', () => {
    expect(actionRefusal(nodeActions({ hasAuditBtn: false }), 'audit')).toBe('该节点不能同意');
    expect(actionRefusal(nodeActions({ hasRejectBtn: false }), 'reject')).toBe('该节点不能驳回');
    expect(actionRefusal(nodeActions({ hasTransferBtn: false }), 'transfer')).toBe('该节点不能转办');
    expect(actionRefusal(nodeActions({ hasRevokeBtn: false }), 'revoke')).toBe('该节点不能撤回');
    expect(actionRefusal(open, 'revoke')).toBeNull();
    expect(actionRefusal(open, 'audit')).toBeNull();
    expect(actionRefusal(open, 'transfer')).toBeNull();
  });
  it('asks for the signature on agree and reject where the node wants one, never on transfer', () => {
    const signed = nodeActions({ hasSign: true });
    expect(actionRefusal(signed, 'audit')).toBe('signImg: 请签名');
    expect(actionRefusal(signed, 'reject', { signImg: '' })).toBe('signImg: 请签名');
    expect(actionRefusal(signed, 'reject', { signImg: 'data:image/png;base64,x' })).toBeNull();
    expect(actionRefusal(signed, 'transfer')).toBeNull();
  });
  it('refuses an added signer or copies the node does not offer, naming the field', () => {
    expect(actionRefusal(open, 'audit', { freeApproverUserId: 'u1' })).toBe(
      'freeApproverUserId: 该节点不能加签',
    );
    expect(actionRefusal(open, 'audit', { copyIds: ['u2'] })).toBe('copyIds: 该节点不能抄送');
    expect(actionRefusal(open, 'audit', { copyIds: [] })).toBeNull();
    const all = nodeActions({ hasFreeApprover: true, hasCopyBtn: true });
    expect(actionRefusal(all, 'audit', { freeApproverUserId: 'u1', copyIds: ['u2'] })).toBeNull();
  });
});
