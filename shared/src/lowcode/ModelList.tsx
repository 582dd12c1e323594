// A published model's list and form (menu type 3, design/lowcode.md): search fields, the top
// buttons (add, export, import, batch delete), the table with server sort and paging (spec §9: 20
// of 10/20/50/100) and row buttons (edit, delete with the spec's confirmation, details), a tree
// on the left (type 2) or rows under group headers (type 3). Records open in the form's own popup
// (dialog, full screen or drawer). Buttons follow the permission snapshot by the route's modelId
// (spec §6) and columns are the ones the server sends (the granted ones); the server refuses the
// same calls without the grant.
import { useCallback, useEffect, useMemo, useState, type Key } from 'react';
import { App as AntApp, Button, Typography, type TableColumnsType } from 'antd';
import Flex from 'antd/es/flex';
import Table from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { toast, usePagedList, useSession, useRouteMeta, hasButton } from '@lighting/shared';
import {
  ExportButton,
  RowActions,
  SideTree,
  selectAllTitle,
  sortQuery,
  type SideNode,
} from '@lighting/shared/admin';
import { FormPopup } from '@lighting/shared/form';
import { mainFields, treeSourceOf, DEFAULT_LIST_PAGE_SIZE, type FormData } from '@lighting/shared/formcore';
import {
  batchDelete,
  createRecord,
  deleteRecord,
  exportRecords,
  fieldOptions,
  getRecord,
  listRecords,
  relatedRecords,
  requestKey,
  updateRecord,
  type ListGroup,
  type ListQuery,
  type ListRow,
  type RecordValues,
  type RuntimeConfig,
} from './api';
import { ImportDialog } from './ImportDialog';
import { SearchBar } from './SearchBar';
import { buttonLabel, groupRows, listButtons, queryJsonOf, searchItems, type GroupRow } from './listLogic';
import './i18n';

export interface ModelListProps {
  /** the model (its records live under /api/visualdev/OnlineDev/{modelId}) */
  modelId: string;
  /** its form and list as this user sees them (`runtimeConfig`) */
  config: RuntimeConfig;
  /** a designer's preview: the current version, every button */
  preview?: boolean;
}

type Popup =
  | { kind: 'add'; key: string }
  | { kind: 'edit' | 'detail'; id: string; form: FormData; data: RecordValues }
  | null;

type TableRow = ListRow | GroupRow;
const isGroup = (r: TableRow): r is GroupRow => 'group' in r && !!(r as GroupRow).group;

/** What the user holds on this page: the route's permission entry (a preview: everything). */
function usePageButtons(preview: boolean) {
  const meta = useRouteMeta();
  const list = useSession((s) => s.permissionList);
  return (code: string) => preview || hasButton(list, meta?.modelId, code);
}

export function ModelList({ modelId, config, preview = false }: ModelListProps) {
  const { t } = useTranslation('lowcodeRuntime');
  const { modal } = AntApp.useApp();
  const cd = config.list;
  const has = usePageButtons(preview);
  const buttons = cd ? listButtons(cd, has, preview) : null;
  const items = useMemo(() => (cd ? searchItems(cd, config.form) : []), [cd, config.form]);
  const fields = useMemo(() => mainFields(config.form), [config.form]);
  const pageSize = cd?.hasPage === false ? 100 : (cd?.pageSize ?? DEFAULT_LIST_PAGE_SIZE);
  const [groups, setGroups] = useState<ListGroup[]>([]);
  const [tree, setTree] = useState<{ nodes: SideNode[]; loading: boolean }>({ nodes: [], loading: false });
  const [treeValue, setTreeValue] = useState<string | null>(null);
  const [search, setSearch] = useState<string | undefined>(undefined);
  const [selected, setSelected] = useState<Key[]>([]);
  const [popup, setPopup] = useState<Popup>(null);
  const [importing, setImporting] = useState(false);

  const fetchPage = useCallback(
    async (q: ListQuery) => {
      const res = await listRecords(modelId, q, preview);
      setGroups(res.data?.groups ?? []);
      return res;
    },
    [modelId, preview],
  );
  const list = usePagedList<ListRow, ListQuery>(fetchPage, { pageSize });

  // the tree and the search fields make one queryJson
  const queryJson = useCallback(
    (searchJson: string | undefined, node: string | null): string | undefined => {
      const q: Record<string, unknown> = searchJson
        ? (JSON.parse(searchJson) as Record<string, unknown>)
        : {};
      if (cd?.type === 2 && cd.treeRelation && node) q[cd.treeRelation] = node;
      return Object.keys(q).length ? JSON.stringify(q) : undefined;
    },
    [cd],
  );
  const applyFilters = (searchJson: string | undefined, node: string | null) => {
    setSelected([]);
    list.search({ queryJson: queryJson(searchJson, node) });
  };

  // the left tree: the tree field's options, or the related model's records
  const treeField = cd?.type === 2 && cd.treeRelation ? fields.get(cd.treeRelation) : undefined;
  useEffect(() => {
    if (!treeField || !cd?.treeRelation) return;
    let alive = true;
    setTree({ nodes: [], loading: true });
    const source = treeSourceOf(treeField);
    const load =
      source === 'model'
        ? relatedRecords(String(treeField.modelId ?? ''), String(treeField.relationField ?? ''))
        : fieldOptions(modelId, cd.treeRelation);
    load.then(
      (nodes) => alive && setTree({ nodes: nodes.map(toSide), loading: false }),
      () => alive && setTree({ nodes: [], loading: false }),
    );
    return () => {
      alive = false;
    };
  }, [treeField, cd?.treeRelation, modelId]);

  if (!cd || !buttons) return <Typography.Text type="secondary">{t('noList')}</Typography.Text>;

  const open = async (kind: 'edit' | 'detail', id: string) => {
    try {
      const rec = await getRecord(modelId, id, preview);
      setPopup({ kind, id, form: rec.form, data: rec.data });
    } catch {
      /* the HTTP client showed the message */
    }
  };
  const remove = (id: string) =>
    modal.confirm({
      title: t('remove'),
      content: t('confirmDelete', { ns: 'admin' }),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          toast('success', (await deleteRecord(modelId, id, preview)) || t('removed'));
          void list.reload();
        } catch {
          /* shown by the HTTP client */
        }
      },
    });
  const removeSelected = () => {
    const ids = selected.map(String);
    if (!ids.length) return toast('warning', t('selectRows'));
    modal.confirm({
      title: t('batchRemove'),
      content: t('confirmBatch', { count: ids.length }),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          const n = await batchDelete(modelId, ids, preview);
          toast('success', t('removedCount', { count: n }));
          setSelected([]);
          void list.reload();
        } catch {
          /* shown by the HTTP client */
        }
      },
    });
  };

  const rowActions = buttons.edit || buttons.remove || buttons.detail;
  const columns: TableColumnsType<TableRow> = cd.columnList.map((c, i) => ({
    key: c.prop,
    dataIndex: c.prop,
    title: c.label,
    align: c.align,
    width: c.width,
    ellipsis: true,
    sorter: c.sortable ? true : undefined,
    sortOrder:
      list.query.sidx === c.prop
        ? list.query.sort === 'desc'
          ? 'descend'
          : 'ascend'
        : c.sortable
          ? null
          : undefined,
    render: (v: unknown, row: TableRow) =>
      isGroup(row) ? (
        i === 0 ? (
          <Typography.Text strong data-testid="group-header">
            {t('groupCount', { label: row.group.label || t('emptyGroup'), count: row.group.count })}
          </Typography.Text>
        ) : null
      ) : v === null || v === undefined ? (
        ''
      ) : (
        String(v)
      ),
  }));
  if (rowActions)
    columns.push({
      key: '_actions',
      title: t('actions'),
      fixed: 'right',
      width: 170,
      render: (_v, row) =>
        isGroup(row) ? null : (
          <RowActions
            wrap={false}
            actions={[
              buttons.edit && {
                key: 'edit',
                label: buttonLabel(cd, 'edit', t('edit')),
                onClick: () => void open('edit', row.id),
                testId: 'row-edit',
              },
              buttons.remove && {
                key: 'remove',
                label: buttonLabel(cd, 'remove', t('remove')),
                onClick: () => remove(row.id),
                danger: true,
                testId: 'row-remove',
              },
              buttons.detail && {
                key: 'detail',
                label: buttonLabel(cd, 'detail', t('detail')),
                onClick: () => void open('detail', row.id),
                testId: 'row-detail',
              },
            ]}
          />
        ),
    });

  const rows: TableRow[] =
    cd.type === 3 && cd.groupField && groups.length
      ? groupRows(list.data.list, groups, cd.groupField)
      : list.data.list;
  const total = list.data.pagination.total;

  const table = (
    <Table<TableRow>
      {...list.table}
      dataSource={rows}
      rowKey="id"
      size="small"
      columns={columns}
      scroll={{ x: 'max-content' }}
      expandable={cd.type === 3 ? { defaultExpandAllRows: true, expandRowByClick: false } : undefined}
      pagination={cd.hasPage === false ? false : list.table.pagination}
      rowSelection={
        buttons.batchRemove
          ? {
              selectedRowKeys: selected,
              onChange: (keys) => setSelected(keys.filter((k) => !String(k).startsWith('group:'))),
              getCheckboxProps: (r) => ({ disabled: isGroup(r) }),
              columnTitle: selectAllTitle,
            }
          : undefined
      }
      onChange={(_p, _f, sorter, extra) => {
        if (extra.action === 'sort') list.setQuery((q) => ({ ...q, ...sortQuery(sorter), currentPage: 1 }));
      }}
      data-testid="lowcode-table"
    />
  );

  const main = (
    <Flex vertical gap={12} style={{ flex: 1, minWidth: 0 }}>
      <SearchBar
        modelId={modelId}
        items={items}
        onSearch={(values) => {
          const json = queryJsonOf(items, values);
          setSearch(json);
          applyFilters(json, treeValue);
        }}
      />
      <Flex gap={8} wrap align="center">
        {buttons.add && (
          <Button
            type="primary"
            onClick={() => setPopup({ kind: 'add', key: requestKey() })}
            data-testid="btn-add"
          >
            {buttonLabel(cd, 'add', t('add'))}
          </Button>
        )}
        {buttons.download && (
          <ExportButton
            label={buttonLabel(cd, 'download', t('download'))}
            download={(onProgress, signal) =>
              exportRecords(
                modelId,
                {
                  queryJson: list.query.queryJson,
                  sidx: list.query.sidx || undefined,
                  sort: list.query.sidx ? list.query.sort : undefined,
                },
                onProgress,
                signal,
                preview,
              )
            }
          />
        )}
        {buttons.upload && (
          <Button onClick={() => setImporting(true)} data-testid="btn-import">
            {buttonLabel(cd, 'upload', t('upload'))}
          </Button>
        )}
        {buttons.batchRemove && (
          <Button danger onClick={removeSelected} disabled={!selected.length} data-testid="btn-batch-remove">
            {buttonLabel(cd, 'batchRemove', t('batchRemove'))}
          </Button>
        )}
        <Button onClick={() => void list.reload()} data-testid="btn-refresh">
          {t('refresh')}
        </Button>
        {cd.hasPage === false && total > list.data.list.length && (
          <Typography.Text type="secondary">
            {t('firstRows', { count: list.data.list.length, total })}
          </Typography.Text>
        )}
      </Flex>
      {table}
    </Flex>
  );

  return (
    <Flex gap={12} align="flex-start" data-testid="lowcode-list" style={{ width: '100%' }}>
      {cd.type === 2 && (
        <div style={{ width: 240, flex: 'none' }}>
          <SideTree
            nodes={tree.nodes}
            loading={tree.loading}
            selected={treeValue}
            title={cd.treeTitle || treeField?.__config__.label || t('tree')}
            onSelect={(id) => {
              setTreeValue(id);
              applyFilters(search, id);
            }}
            testId="lowcode-tree"
          />
        </div>
      )}
      {main}
      {popup && (
        <FormPopup
          form={popup.kind === 'add' ? config.form : popup.form}
          open
          title={
            popup.kind === 'add'
              ? `${buttonLabel(cd, 'add', t('add'))} · ${config.fullName}`
              : popup.kind === 'edit'
                ? `${buttonLabel(cd, 'edit', t('edit'))} · ${config.fullName}`
                : `${buttonLabel(cd, 'detail', t('detail'))} · ${config.fullName}`
          }
          mode={popup.kind === 'detail' ? 'read' : 'edit'}
          modelId={modelId}
          initialValues={popup.kind === 'add' ? undefined : popup.data}
          onCancel={() => setPopup(null)}
          onOk={async (values) => {
            if (popup.kind === 'add') await createRecord(modelId, values, popup.key, preview);
            else if (popup.kind === 'edit') await updateRecord(modelId, popup.id, values, preview);
            toast('success', t('saved'));
            setPopup(null);
            void list.reload();
          }}
        />
      )}
      {buttons.upload && (
        <ImportDialog
          modelId={modelId}
          open={importing}
          preview={preview}
          onClose={() => setImporting(false)}
          onImported={() => void list.reload()}
        />
      )}
    </Flex>
  );
}

const toSide = (o: { id: string | number; fullName: string; children?: unknown }): SideNode => ({
  id: String(o.id),
  fullName: o.fullName,
  children: Array.isArray(o.children) ? (o.children as Array<typeof o>).map(toSide) : undefined,
});
