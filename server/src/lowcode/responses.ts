/**
 * What the low-code calls answer (/api/visualdev/*, http/response.ts): the API description carries
 * these, the console's types are generated from it (shared/src/api/schema.gen.ts) and every server
 * test checks each answer against them. Designer documents (formData, columnData, tables) travel as
 * JSON text; times are epoch milliseconds.
 */
import {
  NOTHING,
  anyJson,
  arr,
  bool,
  envelope,
  int,
  intOrNull,
  mapOf,
  obj,
  orNull,
  paged,
  record,
  str,
  strOrNull,
} from '../http/response';

/** A model (form or form + list) in the designer's list. */
const MODEL_ROW_FIELDS = {
  id: str,
  fullName: str,
  enCode: str,
  /** 1 form, 2 form + list */
  type: int,
  /** the visualDevCategory dictionary item */
  category: str,
  categoryName: str,
  /** 0 draft, 1 released to a menu */
  state: int,
  description: str,
  sortCode: int,
  /** the latest saved design */
  version: int,
  creatorTime: int,
  creatorUser: str,
  lastModifyTime: intOrNull,
} as const;
const MODEL_ROW = record(MODEL_ROW_FIELDS);

/** The menu entry a model or report is published to. */
const RELEASE_MENU = record({
  id: str,
  parentId: str,
  enCode: str,
  fullName: str,
  icon: str,
  sortCode: int,
  urlAddress: str,
});

/** A model as the designer reads it. */
const MODEL = record({
  ...MODEL_ROW_FIELDS,
  formData: str,
  columnData: str,
  tables: str,
  lastModifyUser: str,
  releasedVersion: intOrNull,
  releasedTime: intOrNull,
  releaseMenu: orNull(RELEASE_MENU),
});

const SELECTOR_GROUP = record({
  id: str,
  fullName: str,
  hasChildren: bool,
  children: arr(
    record({
      id: str,
      fullName: str,
      enCode: str,
      type: int,
      category: str,
      version: int,
      state: int,
      hasChildren: bool,
    }),
  ),
});

/** A menu the release dialog may put a model under; `children` are the same, nested. */
const MENU_NODE = record({
  id: str,
  parentId: str,
  enCode: str,
  fullName: str,
  icon: str,
  sortCode: int,
  hasChildren: bool,
  children: arr(anyJson),
});

/** A choice control's option (shared/formcore OptionItem; `children` for a tree): the workflow's forms answer them too. */
export const OPTION_ITEM = obj(
  { id: { type: ['string', 'number'] }, fullName: str, children: arr(anyJson) },
  ['id', 'fullName'],
);

/** A dictionary item; a tree dictionary's `children` are the same, nested. */
const DICTIONARY_ITEM = record({
  id: str,
  dictionaryTypeId: str,
  parentId: str,
  fullName: str,
  enCode: str,
  sortCode: int,
  enabledMark: int,
  description: str,
  fullNameZhtw: str,
  fullNameEn: str,
  hasChildren: bool,
  children: arr(anyJson),
});

/**
 * A record of a list: its id, when it was made, and each shown column's display value (the columns
 * are the model's own, so the keys are the record's).
 */
export const RECORD_ROW = {
  type: 'object',
  required: ['id', 'creatorTime'],
  properties: { id: str, creatorTime: intOrNull },
  additionalProperties: anyJson,
} as const;

const REPORT_ROW_FIELDS = {
  id: str,
  fullName: str,
  enCode: str,
  dataInterfaceId: str,
  /** 0 draft, 1 released to a menu */
  state: int,
  description: str,
  sortCode: int,
} as const;

const REPORT_CONFIG = obj(
  {
    columns: arr(
      obj(
        {
          prop: str,
          label: str,
          align: { type: 'string', enum: ['left', 'center', 'right'] },
          width: int,
          sortable: bool,
          type: { type: 'string', enum: ['number'] },
        },
        ['prop', 'label'],
      ),
    ),
    filters: arr(
      record({
        param: str,
        label: str,
        kind: { type: 'string', enum: ['text', 'number', 'dateFrom', 'dateTo'] },
      }),
    ),
    chart: record({ type: { type: 'string', enum: ['bar', 'line', 'pie', 'none'] }, x: str, y: arr(str) }),
    defaultSidx: str,
    sort: { type: 'string', enum: ['asc', 'desc'] },
  },
  ['columns', 'filters', 'chart'],
);

/** A file of the generated code; a folder's `children` are files and folders again. */
const CODE_NODE = obj({ fileName: str, fileContent: str, fileType: str, children: arr(anyJson) }, [
  'fileName',
]);

export const LOWCODE_ANSWERS = {
  nothing: NOTHING,
  withId: envelope(record({ id: str })),
  models: paged(MODEL_ROW),
  model: envelope(MODEL),
  selector: envelope(record({ list: arr(SELECTOR_GROUP) })),
  saved: envelope(record({ version: int })),
  copied: envelope(record({ id: str, fullName: str, enCode: str })),
  formDataFields: envelope(record({ list: arr(record({ vModel: str, label: str, jnpfKey: str })) })),
  /** each record's id and the asked fields' display values */
  fieldData: paged(mapOf(anyJson)),
  menuSelector: envelope(record({ list: arr(MENU_NODE) })),
  modelReleased: envelope(record({ menuId: str, version: int })),
  dictionary: envelope(
    record({
      type: record({ id: str, fullName: str, enCode: str, isTree: int }),
      list: arr(DICTIONARY_ITEM),
      isTree: int,
    }),
  ),
  config: envelope(
    record({
      id: str,
      fullName: str,
      enCode: str,
      type: int,
      version: int,
      released: bool,
      formData: str,
      /** '' when the model has no list */
      columnData: str,
    }),
  ),
  formData: envelope(record({ version: int, formData: str })),
  columnData: envelope(record({ version: int, columnData: str })),
  options: envelope(record({ list: arr(OPTION_ITEM) })),
  record: envelope(
    record({ id: str, data: str, version: int, formData: str, creatorTime: int, lastModifyTime: intOrNull }),
  ),
  /** the record's data as the caller may read it (JSON text) */
  recordData: envelope(record({ id: str, data: str })),
  /** a grouped list (type 3) adds its groups on the page */
  list: envelope(
    obj(
      {
        list: arr(RECORD_ROW),
        pagination: record({ currentPage: int, pageSize: int, total: int }),
        groups: arr(record({ key: { type: ['string', 'number', 'null'] }, label: str, count: int })),
      },
      ['list', 'pagination'],
    ),
  ),
  deleted: envelope(record({ deleted: int })),
  imported: envelope(
    record({ total: int, imported: int, errors: arr(record({ row: int, field: str, message: str })) }),
  ),
  reports: paged(record({ ...REPORT_ROW_FIELDS, dataInterfaceName: strOrNull, creatorTime: int })),
  report: envelope(
    record({
      ...REPORT_ROW_FIELDS,
      /** the report's columns, filters, sort and chart (JSON text) */
      config: str,
      createdAt: int,
      createdBy: strOrNull,
      updatedAt: intOrNull,
      updatedBy: strOrNull,
      releaseMenu: orNull(record({ ...RELEASE_MENU.properties, propertyJson: str })),
    }),
  ),
  reportReleased: envelope(record({ menuId: str })),
  reportConfig: envelope(record({ id: str, fullName: str, enCode: str, config: REPORT_CONFIG })),
  /** the data interface's rows, sorted and paged */
  reportData: paged(mapOf(anyJson)),
  areas: envelope(record({ list: arr(str) })),
  generatorModels: paged(
    record({
      id: str,
      fullName: str,
      enCode: str,
      type: int,
      state: int,
      version: int,
      releasedVersion: intOrNull,
    }),
  ),
  codePreview: envelope(
    record({
      fileName: str,
      children: arr(CODE_NODE),
      version: int,
      module: str,
      className: str,
      name: str,
      urlAddress: str,
    }),
  ),
} as const;
