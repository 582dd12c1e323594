import { applyPush, isFlowMessage, type CountsState } from './counts';

const s: CountsState = { todo: 2, circulate: 1, changes: 0, loaded: true };

describe('applyPush', () => {
  it("takes the server's counts and bumps the change counter", () => {
    expect(applyPush(s, { method: 'flowTodoChange', todo: 3, circulate: 0 })).toEqual({
      todo: 3,
      circulate: 0,
      changes: 1,
    });
  });
  it('keeps our counts when the push has none or nonsense, never below 0', () => {
    expect(applyPush(s, { method: 'flowTodoChange' })).toEqual({ todo: 2, circulate: 1, changes: 1 });
    expect(applyPush(s, { todo: 'x', circulate: -4 })).toEqual({ todo: 2, circulate: 0, changes: 1 });
  });
});

describe('isFlowMessage', () => {
  it('knows the workflow message types', () => {
    expect(isFlowMessage({ type: 2 })).toBe(true);
    expect(isFlowMessage({ type: '4' })).toBe(true);
    expect(isFlowMessage({ type: 1 })).toBe(false);
    expect(isFlowMessage({})).toBe(false);
  });
});
