// Which module renders each control, loaded by import() when a form shows the control: a form of
// text boxes and selects downloads antd's Select and nothing of the pickers, the colour picker, the
// upload, the relation picker's table or the rich-text editor. Text boxes, read-only values and
// calculates need only the console's own antd components and are not listed (FieldControl renders
// them at once). A loaded module is kept: the next form that shows the control renders it at once.
import type { ComponentType } from 'react';
import type { FieldControlProps } from './FieldControl';

type Control = ComponentType<FieldControlProps>;
type Loader = () => Promise<Control>;

const CONTROL_LOADERS: Readonly<Record<string, Loader>> = {
  inputNumber: () => import('./number').then((m) => m.NumberControl),
  JNPFAmount: () => import('./number').then((m) => m.AmountControl),
  switch: () => import('./switch').then((m) => m.SwitchControl),
  radio: () => import('./choiceFlat').then((m) => m.RadioControl),
  checkbox: () => import('./choiceFlat').then((m) => m.CheckboxControl),
  select: () => import('./choiceSelect').then((m) => m.SelectControl),
  dicSelect: () => import('./choiceSelect').then((m) => m.SelectControl),
  cascader: () => import('./choiceCascader').then((m) => m.CascaderChoiceControl),
  treeSelect: () => import('./choiceTree').then((m) => m.TreeChoiceControl),
  timePicker: () => import('./dates').then((m) => m.TimeControl),
  datePicker: () => import('./dates').then((m) => m.DateControl),
  timeRange: () => import('./dates').then((m) => m.TimeRangeControl),
  dateRange: () => import('./dates').then((m) => m.DateRangeControl),
  uploadFile: () => import('./upload').then((m) => m.UploadControl),
  uploadImg: () => import('./upload').then((m) => m.UploadControl),
  colorPicker: () => import('./color').then((m) => m.ColorControl),
  rate: () => import('./rate').then((m) => m.RateControl),
  slider: () => import('./slider').then((m) => m.SliderControl),
  editor: () => import('./editor').then((m) => m.EditorControl),
  organizeSelect: () => import('./selectors').then((m) => m.SelectorControl),
  depSelect: () => import('./selectors').then((m) => m.SelectorControl),
  posSelect: () => import('./selectors').then((m) => m.SelectorControl),
  userSelect: () => import('./selectors').then((m) => m.SelectorControl),
  areaSelect: () => import('./area').then((m) => m.AreaControl),
  // FieldControl always passes relationKey (the field's own key unless given)
  relationForm: () => import('./relation').then((m) => m.RelationFormControl as Control),
  createUser: () => import('./systemValue').then((m) => m.SystemValueControl),
  modifyUser: () => import('./systemValue').then((m) => m.SystemValueControl),
  currOrganize: () => import('./systemValue').then((m) => m.SystemValueControl),
  currDept: () => import('./systemValue').then((m) => m.SystemValueControl),
  currPosition: () => import('./systemValue').then((m) => m.SystemValueControl),
};

/** The controls loaded by import(), by jnpfKey. */
export const LOADED_CONTROLS: readonly string[] = Object.keys(CONTROL_LOADERS);

const loaded = new Map<string, Control>();
const loading = new Map<string, Promise<Control>>();

/** The control's component once its module is here (render it at once), else undefined. */
export const loadedControl = (key: string): Control | undefined => loaded.get(key);

/**
 * Loads the control's module (once: the same promise for every caller until it settles; a failed
 * load is tried again by the next caller). Undefined for a control that is not loaded this way.
 */
export function loadControl(key: string): Promise<Control> | undefined {
  const load = CONTROL_LOADERS[key];
  if (!load) return undefined;
  let p = loading.get(key);
  if (!p) {
    p = load().then(
      (c) => {
        loaded.set(key, c);
        return c;
      },
      (e: unknown) => {
        loading.delete(key);
        throw e;
      },
    );
    loading.set(key, p);
  }
  return p;
}

/**
 * Starts loading every control a form shows, all at once (FormRenderer calls it when it gets a
 * form), so the modules come in parallel rather than one after another as fields render. Resolves
 * when all are here (tests wait for it).
 */
export function preloadControls(keys: Iterable<string>): Promise<void> {
  const all: Promise<Control>[] = [];
  for (const k of new Set(keys)) {
    if (loaded.has(k)) continue;
    const p = loadControl(k);
    if (p) all.push(p);
  }
  return Promise.all(all).then(() => undefined);
}
