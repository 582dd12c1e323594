// Field controls outside a form (a list's search fields reuse the form's select, dictionary and
// people pickers): the runtime the controls read, for one model, in edit mode.
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formLang } from '@lighting/shared/formcore';
import { RuntimeContext, createRuntime } from './runtime';

export function ControlScope({ modelId, children }: { modelId?: string; children: ReactNode }) {
  const lang = formLang(useTranslation().i18n.language);
  const runtime = useMemo(
    () =>
      createRuntime({
        mode: 'edit',
        lang,
        operates: new Map(),
        formDisabled: false,
        modelId,
        relationFields: new Map(),
      }),
    [modelId, lang],
  );
  return <RuntimeContext.Provider value={runtime}>{children}</RuntimeContext.Provider>;
}
