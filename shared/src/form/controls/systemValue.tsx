// The system controls that store an id (creator, modifier, their company, department, position),
// shown by name from the system's selector trees (fetched once per page); useTree is also the
// selectors' (selectors.tsx). No antd beyond the read-only box the console has loaded.
import { useEffect, useMemo, useState } from 'react';
import { SELECTOR_URLS, selectorTree, type SelectorNode } from '../api';
import { SYSTEM_VALUE_TREES, systemValueText } from '../logic';
import { ReadonlyValue, type ControlProps } from './basic';

export function useTree(url: string | null): { tree: SelectorNode[]; loading: boolean } {
  const [tree, setTree] = useState<SelectorNode[] | null>(null);
  useEffect(() => {
    if (url === null) return;
    let alive = true;
    selectorTree(url).then(
      (t) => alive && setTree(t),
      () => alive && setTree([]),
    );
    return () => {
      alive = false;
    };
  }, [url]);
  return { tree: tree ?? [], loading: tree === null };
}

/**
 * A system control that stores an id (creator, modifier, their company, department, position): the
 * name the selector trees give it, wherever the form is shown (a record's details, a task's page,
 * the form its initiator resubmits). Empty until the tree has come; an id it lacks shows as itself.
 */
export function SystemValueControl(props: ControlProps) {
  const key = props.field.__config__.jnpfKey;
  const treeKey =
    key in SYSTEM_VALUE_TREES ? SYSTEM_VALUE_TREES[key as keyof typeof SYSTEM_VALUE_TREES] : null;
  const { tree, loading } = useTree(treeKey ? SELECTOR_URLS[treeKey] : null);
  const text = useMemo(
    () => (treeKey && loading ? '' : systemValueText(tree, props.value)),
    [tree, loading, treeKey, props.value],
  );
  return <ReadonlyValue {...props} text={text} />;
}
