// Field controls outside a form (a list's search fields reuse the form's select, dictionary and
// people pickers): the runtime the controls read, for one model, in edit mode.
import { useMemo, type ReactNode } from 'react';
import { RuntimeContext, createRuntime } from './runtime';

export function ControlScope({ modelId, children }: { modelId?: string; children: ReactNode }) {
  const runtime = useMemo(
    () =>
      createRuntime({
        mode: 'edit',
        operates: new Map(),
        formDisabled: false,
        modelId,
        relationFields: new Map(),
      }),
    [modelId],
  );
  return <RuntimeContext.Provider value={runtime}>{children}</RuntimeContext.Provider>;
}
