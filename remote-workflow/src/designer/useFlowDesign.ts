// The flow designer's controller (effects): the definition and its undo history, what is unsaved,
// the live problems (flowcore's validateFlow) and the server's at release, adding nodes and branches
// with fresh ids and titles in the reader's language, save, release and export. FlowDesigner.tsx
// draws it.
import { useEffect, useMemo, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlob, toast } from '@lighting/shared';
import {
  findNode,
  readFlow,
  subFlowProblemsOf,
  validateFlow,
  type FlowFormField,
  type FlowProblem,
  type SubFlowProblem,
} from '@lighting/shared/flowcore';
import { ReleaseRefused, releaseFlow, updateFlow, type FlowInfo } from '../api';
import type { AddChoice } from './FlowCanvas';
import { designReducer, initialDesign, newNodeId } from './designState';
import { exportFileName, flowJson, langOf, problemsByNode } from './transfer';

export function useFlowDesign(info: FlowInfo, initial: ReturnType<typeof initialDesign>['def']) {
  const { t, i18n } = useTranslation('workflow');
  const lang = langOf(i18n.language);
  const [state, dispatch] = useReducer(designReducer, initial, initialDesign);
  const [saved, setSaved] = useState(state.def);
  const [busy, setBusy] = useState<'save' | 'release' | null>(null);
  const [serverProblems, setServerProblems] = useState<FlowProblem[] | null>(null);
  const [changed, setChanged] = useState(false);
  const [showProblems, setShowProblems] = useState(false);
  const fields: readonly FlowFormField[] = useMemo(() => info.fields ?? [], [info.fields]);
  const dirty = state.def !== saved;

  // sub-flow nodes are checked apart (flowcore subflow.ts); whether the child flow is released is
  // known at release, on the server
  const problems = useMemo((): Array<FlowProblem | SubFlowProblem> => {
    const found = validateFlow(state.def, { fields });
    if (found.length) return found;
    return subFlowProblemsOf(readFlow(state.def, fields), { flowId: info.id, fields });
  }, [state.def, fields, info.id]);
  const byNode = useMemo(
    () => problemsByNode(serverProblems ?? problems, lang),
    [serverProblems, problems, lang],
  );
  useEffect(() => setServerProblems(null), [state.def]);

  const add = (afterId: string, what: AddChoice) => {
    if (what === 'condition' || what === 'interflow') {
      dispatch({
        type: 'addGroup',
        afterId,
        kind: what,
        ids: [newNodeId(), newNodeId(), newNodeId()],
        titles: {
          condition: t('conditionTitleN', { n: 1 }),
          otherwise: t('otherwiseTitle'),
          approver: t('node_approver'),
        },
      });
    } else {
      dispatch({ type: 'add', afterId, node: what, id: newNodeId(), title: t(`node_${what}`) });
    }
  };
  const addBranch = (holderId: string) => {
    const holder = findNode(state.def, holderId);
    const heads = holder?.conditionNodes ?? [];
    const plain = heads.filter((h) => !(h.type === 'condition' && h.properties.isDefault)).length;
    dispatch({
      type: 'addBranch',
      holderId,
      id: newNodeId(),
      titles: {
        condition: t('conditionTitleN', { n: plain + 1 }),
        approver: t('approverTitleN', { n: heads.length + 1 }),
      },
    });
  };

  const body = () => ({
    fullName: info.fullName,
    enCode: info.enCode,
    category: info.category,
    type: info.type,
    formId: info.formId,
    icon: info.icon,
    iconBackground: info.iconBackground,
    description: info.description,
    sortCode: info.sortCode,
    flowTemplateJson: JSON.stringify(state.def),
  });

  const save = async (): Promise<boolean> => {
    setBusy('save');
    try {
      const msg = await updateFlow(info.id, body());
      setSaved(state.def);
      setChanged(true);
      toast('success', msg || t('saved'));
      return true;
    } catch {
      return false; // the HTTP client showed the server's message
    } finally {
      setBusy(null);
    }
  };

  const release = async () => {
    if (problems.length) {
      setShowProblems(true);
      return;
    }
    if (dirty && !(await save())) return;
    setBusy('release');
    try {
      const r = await releaseFlow(info.id);
      setChanged(true);
      toast('success', r.msg || t('released'));
    } catch (e) {
      if (e instanceof ReleaseRefused) {
        setServerProblems(e.problems);
        setShowProblems(true);
      }
    } finally {
      setBusy(null);
    }
  };

  const exportFlow = () => {
    saveBlob(new Blob([flowJson(state.def)], { type: 'application/json' }), exportFileName(info.enCode));
  };

  return {
    lang,
    state,
    dispatch,
    fields,
    dirty,
    problems,
    serverProblems,
    byNode,
    busy,
    changed,
    showProblems,
    setShowProblems,
    add,
    addBranch,
    save,
    release,
    exportFlow,
  };
}
