import { messageTitle, messageTitleParams, shownMessageTitle } from './messageTitles';

const todo = { who: '李明', flow: '请假申请', task: '年假 5 天' };

describe('message titles', () => {
  it('puts a key and its parameters into words in each language, the parameters as they are', () => {
    expect(messageTitle('flowTodo', todo, 'zh')).toBe('李明的「请假申请」待您审批：年假 5 天');
    expect(messageTitle('flowTodo', todo, 'zhtw')).toBe('李明的「请假申请」待您審批：年假 5 天');
    expect(messageTitle('flowTodo', todo, 'en')).toBe('李明’s “请假申请” awaits your approval: 年假 5 天');
    expect(messageTitle('flowPress', todo, 'en')).toBe('Reminder: 年假 5 天');
    expect(messageTitle('flowCirculate', todo, 'zhtw')).toBe('「请假申请」抄送給您：年假 5 天');
    expect(messageTitle('flowCirculate', todo, 'en')).toBe('“请假申请” copied to you: 年假 5 天');
  });

  it('names the outcome by the task status', () => {
    expect(messageTitle('flowOutcome', { task: 'T', status: 2 }, 'zh')).toBe('您发起的「T」已审批通过');
    expect(messageTitle('flowOutcome', { task: 'T', status: 3 }, 'en')).toBe('Your “T” was rejected');
    expect(messageTitle('flowOutcome', { task: 'T', status: 5 }, 'zhtw')).toBe('您發起的「T」已被終止');
    expect(messageTitle('flowOutcome', { task: 'T', status: 9 }, 'en')).toBe('Your “T”');
  });

  it('shows the stored title of a message without a known key (notices, rows stored before the keys)', () => {
    expect(shownMessageTitle({ title: '关于元旦值班的通知' }, 'en')).toBe('关于元旦值班的通知');
    expect(shownMessageTitle({ title: '旧标题', titleKey: null, titleParams: null }, 'en')).toBe('旧标题');
    expect(shownMessageTitle({ title: '旧标题', titleKey: 'toString', titleParams: {} }, 'en')).toBe(
      '旧标题',
    );
    expect(shownMessageTitle({ title: 'x', titleKey: 'flowPress', titleParams: { task: 'T' } }, 'en')).toBe(
      'Reminder: T',
    );
  });

  it('keeps only the known parameters of the right type from what was stored', () => {
    expect(messageTitleParams({ who: 1, flow: 'F', task: ['x'], status: '2', extra: 'y' })).toEqual({
      flow: 'F',
    });
    expect(messageTitleParams('nonsense')).toEqual({});
    expect(messageTitleParams(null)).toEqual({});
  });
});
