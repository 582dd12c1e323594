// The form designer's controller (effects): the design and its undo history, the list designed
// beside a form + list model, what is unsaved, the design problems, save (refused while problems
// remain; the server's refusal kept to show), preview after saving, export, and Delete removing the
// selected control. Designer.tsx draws it.
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlob, toast } from '@lighting/shared';
import { isEditableTarget } from '@lighting/shared/admin';
import {
  createField,
  formLang,
  listDesignProblems,
  normalizeColumnData,
  validateFormDesign,
  type ColumnData,
  type FormData,
  type JnpfKey,
} from '@lighting/shared/formcore';
import { followRenames, starterList } from './listDesign';
import { updateModel, type Model } from '../api';
import { ROOT, designReducer, formToSave, initialDesign } from './designState';
import { exportFileName, formJson } from './transfer';
import { locateProblems } from './problems';
import { useDesignDnd } from './useDesignDnd';

export function useFormDesign(modelId: string, info: Model, initial: FormData) {
  const { t, i18n } = useTranslation('lowcode');
  const [state, dispatch] = useReducer(designReducer, initial, initialDesign);
  const [saved, setSaved] = useState<FormData>(state.form);
  // a form + list model's list (issue 13): designed beside the form, saved with it
  const hasList = info.type === 2;
  // null until the list is first opened (a list never saved starts from the form as it is then)
  const [savedList, setSavedList] = useState<ColumnData | null>(() =>
    normalizeColumnData(info.columnData ?? ''),
  );
  const [list, setList] = useState<ColumnData | null>(savedList);
  const [mode, setMode] = useState<'form' | 'list'>('form');
  // a list never saved starts from the form as it is when the list is first opened
  const [listTouched, setListTouched] = useState(false);
  const openMode = (next: 'form' | 'list') => {
    if (next === 'list' && !listTouched && (!list || list.columnList.length === 0))
      setList(starterList(state.form));
    setMode(next);
  };
  const changeList = (next: ColumnData) => {
    setListTouched(true);
    setList(next);
  };
  // a field renamed in the form renames its column and search field (the list's label is a copy)
  const formBefore = useRef(state.form);
  useEffect(() => {
    const before = formBefore.current;
    formBefore.current = state.form;
    if (before !== state.form) setList((l) => (l ? followRenames(l, before, state.form) : l));
  }, [state.form]);
  const [showProblems, setShowProblems] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const lang = formLang(i18n.language);
  const dnd = useDesignDnd(state.form, dispatch, lang);
  const listDirty = hasList && list !== null && list !== savedList;
  const dirty = state.form !== saved || listDirty;
  const listProblems = useMemo(
    // an empty list may be saved while it is designed; release asks for a column
    () =>
      hasList && list ? listDesignProblems(list, state.form).filter((p) => p.path !== 'columnList') : [],
    [hasList, list, state.form],
  );

  const problems = useMemo(() => locateProblems(state.form, validateFormDesign(state.form)), [state.form]);

  const stateRef = useRef(state);
  stateRef.current = state;
  // Delete removes the selected field (undo / redo keys: DesignerHeader)
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Delete' || e.ctrlKey || e.metaKey || isEditableTarget(e.target)) return;
      if (!stateRef.current.selected) return;
      e.preventDefault();
      dispatch({ type: 'remove', id: stateRef.current.selected });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const save = useCallback(async (): Promise<boolean> => {
    setServerError(null);
    if (problems.length > 0) {
      setShowProblems(true);
      setMode('form');
      return false;
    }
    if (listProblems.length > 0) {
      setMode('list');
      return false;
    }
    setBusy(true);
    try {
      const msg = await updateModel(
        modelId,
        {
          fullName: info.fullName,
          enCode: info.enCode,
          category: info.category,
          type: info.type,
          description: info.description,
          sortCode: info.sortCode,
        },
        formToSave(state),
        hasList && list ? list : undefined,
      );
      setSaved(state.form);
      if (hasList && list) setSavedList(list);
      setShowProblems(false);
      toast('success', msg || t('saved'));
      return true;
    } catch (e) {
      setServerError(e instanceof Error ? e.message : String(e));
      return false;
    } finally {
      setBusy(false);
    }
  }, [problems, listProblems, hasList, list, state, modelId, info, t]);

  // the preview shows the model as last saved, in a dialog over the designer (read afresh each time)
  const [previewing, setPreviewing] = useState(false);
  const preview = async () => {
    if (dirty && !(await save())) return;
    setPreviewing(true);
  };

  const exportForm = () => {
    saveBlob(
      new Blob([formJson(formToSave(state))], { type: 'application/json' }),
      exportFileName(info.enCode),
    );
  };

  const add = (key: JnpfKey) =>
    dispatch({
      type: 'insert',
      make: (id) => createField(key, id, lang),
      list: ROOT,
      index: state.form.fields.length,
    });

  return {
    state,
    dispatch,
    lang,
    dnd,
    hasList,
    list,
    changeList,
    mode,
    openMode,
    dirty,
    problems,
    listProblems,
    showProblems,
    setShowProblems,
    serverError,
    setServerError,
    busy,
    save,
    previewing,
    setPreviewing,
    preview,
    exportForm,
    add,
  };
}
