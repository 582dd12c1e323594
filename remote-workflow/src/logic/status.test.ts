import { RecordAction, TaskStatus, Urgency } from '@lighting/shared/flowcore';
import { actionLook, delegationState, launchActions, statusLook, urgencyLook } from './status';

describe('looks', () => {
  it('names every status 0–5 and falls back to waiting', () => {
    for (const s of [0, 1, 2, 3, 4, 5]) expect(statusLook(s).key).toBe(`status_${s}`);
    expect(statusLook(TaskStatus.APPROVED).color).toBe('success');
    expect(statusLook(TaskStatus.REJECTED).color).toBe('error');
    expect(statusLook(99).key).toBe('status_1');
    expect(statusLook('2').key).toBe('status_2');
  });
  it('treats any urgency but 2 and 3 as normal', () => {
    expect(urgencyLook(Urgency.URGENT)).toEqual({ key: 'urgent_3', color: 'red' });
    expect(urgencyLook(undefined).key).toBe('urgent_1');
    expect(urgencyLook(0).key).toBe('urgent_1');
  });
  it('names record actions', () => {
    expect(actionLook(RecordAction.AGREE).key).toBe('action_1');
    expect(actionLook(RecordAction.AUTO_PASS).key).toBe('action_9');
    expect(actionLook(42).key).toBe('action_unknown');
  });
});

describe('launchActions', () => {
  it('edits drafts, rejected and revoked tasks; revokes and presses waiting ones; deletes drafts', () => {
    expect(launchActions(TaskStatus.DRAFT)).toEqual({
      edit: true,
      revoke: false,
      press: false,
      remove: true,
    });
    expect(launchActions(TaskStatus.WAITING)).toEqual({
      edit: false,
      revoke: true,
      press: true,
      remove: false,
    });
    expect(launchActions(TaskStatus.REJECTED).edit).toBe(true);
    expect(launchActions(TaskStatus.REVOKED).edit).toBe(true);
    expect(launchActions(TaskStatus.APPROVED)).toEqual({
      edit: false,
      revoke: false,
      press: false,
      remove: false,
    });
    expect(launchActions(TaskStatus.CANCELLED).edit).toBe(false);
  });
});

describe('delegationState', () => {
  const d = { startTime: 100, endTime: 200 };
  it('is pending, active from its start up to (not at) its end, then ended', () => {
    expect(delegationState(d, 99).key).toBe('delegatePending');
    expect(delegationState(d, 100).key).toBe('delegateActive');
    expect(delegationState(d, 199).key).toBe('delegateActive');
    expect(delegationState(d, 200).key).toBe('delegateEnded');
    expect(delegationState({ ...d, enabledMark: 0 }, 150).key).toBe('delegateOff');
  });
});
