/** A flow: start → a 1-second timer → the manager (the timer tests of one and of several instances). */
export const TIMER_FLOW = {
  type: 'start',
  nodeId: 'start',
  prevId: null,
  properties: { title: '发起人', initiator: [], initiatePos: [], initiateRole: [], formOperates: [] },
  childNode: {
    type: 'timer',
    nodeId: 'wait',
    prevId: 'start',
    properties: { title: '等待', day: 0, hour: 0, minute: 0, second: 1 },
    childNode: {
      type: 'approver',
      nodeId: 'mgr',
      prevId: 'wait',
      properties: {
        title: '经理',
        assigneeType: 6,
        approvers: ['u-manager'],
        counterSign: 0,
        rejectStep: '0',
        formOperates: [],
      },
    },
  },
};
