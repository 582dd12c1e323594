// The task a page shows over its list, kept in the address (?taskId=&operatorId=&circulateId=) so
// a message's link, a reload and the back button open and close it (effects).
import { useCallback } from 'react';
import { useSearchParams } from '@lighting/shared';

export interface OpenTask {
  taskId: string;
  operatorId?: string | null;
  circulateId?: string | null;
}

export function useTaskParam(): [OpenTask | null, (t: OpenTask | null) => void] {
  const [params, setParams] = useSearchParams();
  const taskId = params.get('taskId');
  const open = taskId
    ? { taskId, operatorId: params.get('operatorId'), circulateId: params.get('circulateId') }
    : null;
  const set = useCallback(
    (t: OpenTask | null) =>
      setParams((p) => {
        const next = new URLSearchParams(p);
        for (const k of ['taskId', 'operatorId', 'circulateId', 'flowId']) next.delete(k);
        if (t) {
          next.set('taskId', t.taskId);
          if (t.operatorId) next.set('operatorId', t.operatorId);
          if (t.circulateId) next.set('circulateId', t.circulateId);
        }
        return next;
      }),
    [setParams],
  );
  return [open, set];
}
