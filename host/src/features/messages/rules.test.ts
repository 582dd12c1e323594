import {
  appendPage,
  isFinished,
  joinIds,
  markAllRead,
  markRead,
  nearBottom,
  openAction,
  typeKey,
  workflowPath,
  type MessageItem,
} from './rules';

const item = (id: string, isRead: '0' | '1' = '0', type = 1): MessageItem => ({
  id,
  title: id,
  titleKey: null,
  titleParams: null,
  type,
  creatorUser: 'admin',
  lastModifyTime: 0,
  isRead,
});

describe('infinite loading', () => {
  it('loads more within 200 px of the bottom only', () => {
    expect(nearBottom({ scrollTop: 600, clientHeight: 400, scrollHeight: 1200 })).toBe(true); // 200 left
    expect(nearBottom({ scrollTop: 599, clientHeight: 400, scrollHeight: 1200 })).toBe(false); // 201 left
    expect(nearBottom({ scrollTop: 0, clientHeight: 400, scrollHeight: 300 })).toBe(true);
    expect(nearBottom({ scrollTop: 0, clientHeight: 100, scrollHeight: 400 }, 100)).toBe(false);
  });
  it('fewer than a page returned means finished', () => {
    expect(isFinished(10)).toBe(false);
    expect(isFinished(9)).toBe(true);
    expect(isFinished(0)).toBe(true);
    expect(isFinished(20, 20)).toBe(false);
  });
  it('appends a page without repeating ids', () => {
    expect(appendPage([item('a'), item('b')], [item('b'), item('c')]).map((m) => m.id)).toEqual([
      'a',
      'b',
      'c',
    ]);
  });
});

describe('read transitions', () => {
  it('marks one or all read', () => {
    const list = [item('a'), item('b', '1'), item('c')];
    expect(markRead(list, 'a').map((m) => m.isRead)).toEqual(['1', '1', '0']);
    expect(markRead(list, 'b')[1]).toBe(list[1]);
    expect(markAllRead(list).every((m) => m.isRead === '1')).toBe(true);
  });
  it('joins ids for the delete call', () => {
    expect(joinIds(['a', 'b'])).toBe('a,b');
  });
});

describe('message type → action', () => {
  it('a notice shows its HTML', () => {
    expect(openAction({ type: 1, bodyText: '<p>hi</p>' })).toEqual({ kind: 'notice', html: '<p>hi</p>' });
  });
  it('workflow bodies route by their type with flowId/taskId as query', () => {
    const go = (bodyType: number) =>
      openAction({ type: 2, bodyText: JSON.stringify({ type: bodyType, flowId: 'f 1', taskId: 't1' }) });
    expect(go(2)).toEqual({
      kind: 'navigate',
      to: { pathname: '/workFlow/flowTodo', search: '?flowId=f+1&taskId=t1' },
    });
    expect(go(3)).toMatchObject({ to: { pathname: '/workFlow/flowCirculate' } });
    // the row it is about: a to-do's operator, a copy's circulate row
    expect(
      openAction({ type: 2, bodyText: JSON.stringify({ type: 2, taskId: 't1', operatorId: 'op1' }) }),
    ).toMatchObject({ to: { search: '?taskId=t1&operatorId=op1' } });
    expect(
      openAction({ type: 3, bodyText: JSON.stringify({ type: 3, taskId: 't1', circulateId: 'c1' }) }),
    ).toMatchObject({ to: { search: '?taskId=t1&circulateId=c1' } });
    expect(go(4)).toMatchObject({ to: { pathname: '/workFlow/flowLaunch' } });
  });
  it('falls back to the message type when the body is not JSON', () => {
    expect(openAction({ type: 3, bodyText: 'oops' })).toEqual({
      kind: 'navigate',
      to: { pathname: '/workFlow/flowCirculate', search: '' },
    });
  });
  it('maps types to paths and names', () => {
    expect(workflowPath(2)).toBe('/workFlow/flowTodo');
    expect(workflowPath('3')).toBe('/workFlow/flowCirculate');
    expect(workflowPath(undefined)).toBe('/workFlow/flowLaunch');
    expect([1, 2, 3, 4, 9].map(typeKey)).toEqual([
      'typeNotice',
      'typeTodo',
      'typeCirculate',
      'typeLaunch',
      'typeLaunch',
    ]);
  });
});
