// system/menu → 数据权限 of a page: the fields its rows can be scoped by and the schemes over them
// (the JNPF 3.x ModuleDataAuthorize / ModuleDataAuthorizeScheme calls). A scheme's conditions are
// edited as groups of "field symbol value", a value being text or the viewer's own attribute; the
// server checks and runs them (docs/data-permissions.md). Granting a scheme is the authorisation
// page's data tab.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Empty, Input, Space, Tag, type TableColumnsType } from 'antd';
import Table from 'antd/es/table';
import Drawer from 'antd/es/drawer';
import Tabs from 'antd/es/tabs';
import Select from 'antd/es/select';
import Switch from 'antd/es/switch';
import { useTranslation } from 'react-i18next';
import { toast } from '@lighting/shared';
import { FormModal, useConfirmDelete, useModalForm } from '@lighting/shared/admin';
import { get, save } from '../api';
import { RowActions } from '../components/common';
import {
  CONDITION_TEXTS,
  SYMBOLS,
  blankGroup,
  blankItem,
  conditionWords,
  fieldSymbols,
  incompleteItem,
  isToken,
  readGroups,
  writeGroups,
  type ConditionGroup,
  type SchemeField,
  type Symbol,
} from '../logic/dataScope';
import '../i18n';

const FIELDS = '/system/Base/ModuleDataAuthorize';
const SCHEMES = '/system/Base/ModuleDataAuthorizeScheme';

interface FieldRow {
  id: string;
  enCode: string;
  fullName: string;
  conditionSymbol: string;
  conditionText: string;
  description: string;
  enabledMark: number;
}
interface SchemeRow {
  id: string;
  enCode: string;
  fullName: string;
  conditionJson: string;
  conditionText: string;
  matchLogic: 'and' | 'or';
  allData: number;
  description: string;
}
interface FieldValues {
  enCode: string;
  fullName: string;
  symbols: Symbol[];
  conditionText: string;
  description?: string;
}
interface SchemeValues {
  enCode: string;
  fullName: string;
  allData: boolean;
  matchLogic: 'and' | 'or';
  groups: ConditionGroup[];
  description?: string;
}

const SYMBOL_KEY: Readonly<Record<Symbol, string>> = {
  '==': 'symEq',
  '<>': 'symNe',
  '>': 'symGt',
  '>=': 'symGe',
  '<': 'symLt',
  '<=': 'symLe',
  in: 'symIn',
  notIn: 'symNotIn',
  like: 'symLike',
  notLike: 'symNotLike',
  null: 'symNull',
  notNull: 'symNotNull',
};
const tokenKey = (v: string) => `tok_${v.replace('@', '')}`;

export function MenuDataScope({
  menu,
  onClose,
}: {
  menu: { id: string; fullName: string };
  onClose: () => void;
}) {
  const { t } = useTranslation('system');
  const [fields, setFields] = useState<FieldRow[] | null>(null);
  const [offered, setOffered] = useState<Array<{ enCode: string; type: string }>>([]);
  const [schemes, setSchemes] = useState<SchemeRow[]>([]);
  const remove = useConfirmDelete();

  const reload = useCallback(async () => {
    const f = (
      await get<{ list: FieldRow[]; offered?: Array<{ enCode: string; type: string }> }>(
        `${FIELDS}/${menu.id}/List`,
      )
    ).data;
    setFields(f.list);
    setOffered(f.offered ?? []);
    setSchemes((await get<{ list: SchemeRow[] }>(`${SCHEMES}/${menu.id}/List`)).data.list);
  }, [menu.id]);
  useEffect(() => {
    reload().catch(() => setFields([]));
  }, [reload]);

  const symbolLabel = (s: Symbol) => t(SYMBOL_KEY[s]);
  const valueLabel = (v: string) => (isToken(v) ? t(tokenKey(v)) : v);
  const schemeFields: SchemeField[] = useMemo(
    () =>
      (fields ?? [])
        .filter((f) => f.enabledMark === 1)
        .map((f) => ({
          enCode: f.enCode,
          fullName: f.fullName,
          symbols: fieldSymbols(f.conditionSymbol),
          conditionText: f.conditionText,
        })),
    [fields],
  );

  const fieldForm = useModalForm<FieldValues, undefined>({
    blank: () => ({ symbols: ['==', '<>', 'in', 'notIn'], conditionText: 'text' }),
    load: async (id) => {
      const f = (fields ?? []).find((x) => x.id === id);
      return f
        ? {
            enCode: f.enCode,
            fullName: f.fullName,
            symbols: fieldSymbols(f.conditionSymbol),
            conditionText: f.conditionText,
            description: f.description,
          }
        : {};
    },
    save: (v, id) =>
      save(FIELDS, id, {
        ...(id ? { id } : {}),
        moduleId: menu.id,
        enCode: v.enCode,
        fullName: v.fullName,
        conditionSymbol: v.symbols.join(','),
        conditionText: v.conditionText,
        description: v.description ?? '',
      }),
    onSaved: () => void reload(),
  });

  const schemeForm = useModalForm<SchemeValues, undefined>({
    blank: () => ({ allData: false, matchLogic: 'and', groups: [blankGroup()] }),
    load: async (id) => {
      const s = schemes.find((x) => x.id === id);
      return s
        ? {
            enCode: s.enCode,
            fullName: s.fullName,
            allData: s.allData === 1,
            matchLogic: s.matchLogic,
            groups: readGroups(s.conditionJson),
            description: s.description,
          }
        : {};
    },
    save: async (v, id) => {
      const groups = v.allData ? [] : v.groups;
      const missing = incompleteItem(groups);
      if (missing) {
        const [g, i, what] = missing;
        const msg = t('dsIncomplete', { group: g + 1, item: i + 1, what: t(`ds_${what}`) });
        toast('error', msg);
        throw new Error(msg);
      }
      const name = (code: string) => schemeFields.find((f) => f.enCode === code)?.fullName ?? code;
      return save(SCHEMES, id, {
        ...(id ? { id } : {}),
        moduleId: menu.id,
        enCode: v.enCode,
        fullName: v.fullName,
        allData: v.allData ? 1 : 0,
        matchLogic: v.matchLogic,
        conditionJson: writeGroups(groups),
        conditionText: v.allData
          ? t('dsAllData')
          : conditionWords(groups, v.matchLogic, {
              field: name,
              symbol: symbolLabel,
              value: valueLabel,
              logic: (l) => t(l === 'and' ? 'dsAnd' : 'dsOr'),
            }),
        description: v.description ?? '',
      });
    },
    onSaved: () => void reload(),
  });

  const fieldColumns: TableColumnsType<FieldRow> = [
    { key: 'fullName', dataIndex: 'fullName', title: t('dsFieldName') },
    { key: 'enCode', dataIndex: 'enCode', title: t('dsField') },
    {
      key: 'conditionSymbol',
      dataIndex: 'conditionSymbol',
      title: t('dsSymbols'),
      render: (v: string) => fieldSymbols(v).map(symbolLabel).join('、'),
    },
    {
      key: 'conditionText',
      dataIndex: 'conditionText',
      title: t('dsConditionText'),
      render: (v: string) => (v === 'text' || isToken(v) ? t(tokenKey(v)) : v),
    },
    {
      key: '_actions',
      title: t('actions'),
      render: (_: unknown, r) => (
        <RowActions
          onEdit={() => void fieldForm.open(r.id)}
          onRemove={() => void remove(`${FIELDS}/${r.id}`, () => void reload())}
        />
      ),
    },
  ];
  const schemeColumns: TableColumnsType<SchemeRow> = [
    {
      key: 'fullName',
      dataIndex: 'fullName',
      title: t('dsSchemeName'),
      render: (v: string, r) => (
        <Space size={4} wrap>
          {/* the scheme's name and words are an administrator's own text */}
          <span data-user-text>{v}</span>
          {r.allData === 1 && <Tag color="blue">{t('dsAllData')}</Tag>}
        </Space>
      ),
    },
    { key: 'enCode', dataIndex: 'enCode', title: t('enCode') },
    {
      key: 'conditionText',
      dataIndex: 'conditionText',
      title: t('dsConditions'),
      render: (v: string) => <span data-user-text>{v}</span>,
    },
    {
      key: '_actions',
      title: t('actions'),
      render: (_: unknown, r) => (
        <RowActions
          onEdit={() => void schemeForm.open(r.id)}
          onRemove={() => void remove(`${SCHEMES}/${r.id}`, () => void reload())}
        />
      ),
    },
  ];

  const scoped = fields !== null && (fields.length > 0 || offered.length > 0);
  const fieldCodes = [
    ...new Set([
      ...offered.map((o) => o.enCode),
      ...(fields ?? []).filter((f) => f.id === fieldForm.editing?.id).map((f) => f.enCode),
    ]),
  ];

  return (
    <Drawer
      open
      width="min(860px, 100vw)"
      title={t('dsTitle', { name: menu.fullName })}
      onClose={onClose}
      data-testid="menu-data-scope"
      destroyOnHidden
    >
      {fields === null ? null : !scoped ? (
        <Empty description={t('dsNotScoped')} />
      ) : (
        <Tabs
          items={[
            {
              key: 'schemes',
              label: t('dsSchemes'),
              children: (
                <>
                  <Button
                    type="primary"
                    style={{ marginBottom: 12 }}
                    onClick={() => void schemeForm.open()}
                    data-testid="ds-add-scheme"
                  >
                    {t('dsAddScheme')}
                  </Button>
                  <Table<SchemeRow>
                    rowKey="id"
                    size="small"
                    pagination={false}
                    columns={schemeColumns}
                    dataSource={schemes}
                    scroll={{ x: 'max-content' }}
                    data-testid="ds-schemes"
                  />
                </>
              ),
            },
            {
              key: 'fields',
              label: t('dsFields'),
              children: (
                <>
                  <Button
                    type="primary"
                    style={{ marginBottom: 12 }}
                    disabled={offered.length === 0}
                    onClick={() => void fieldForm.open()}
                    data-testid="ds-add-field"
                  >
                    {t('dsAddField')}
                  </Button>
                  <Table<FieldRow>
                    rowKey="id"
                    size="small"
                    pagination={false}
                    columns={fieldColumns}
                    dataSource={fields}
                    scroll={{ x: 'max-content' }}
                    data-testid="ds-fields"
                  />
                </>
              ),
            },
          ]}
        />
      )}
      <FormModal<FieldValues>
        {...fieldForm.modal}
        title={fieldForm.editing?.id ? t('dsEditField') : t('dsAddField')}
        testId="ds-field-form"
        fields={[
          {
            name: 'enCode',
            label: t('dsField'),
            required: true,
            input: (
              <Select options={fieldCodes.map((c) => ({ value: c, label: c }))} data-testid="ds-field-code" />
            ),
          },
          { name: 'fullName', label: t('dsFieldName'), required: true, max: 50 },
          {
            name: 'symbols',
            label: t('dsSymbols'),
            required: true,
            input: (
              <Select mode="multiple" options={SYMBOLS.map((s) => ({ value: s, label: symbolLabel(s) }))} />
            ),
          },
          {
            name: 'conditionText',
            label: t('dsConditionText'),
            required: true,
            input: <Select options={CONDITION_TEXTS.map((c) => ({ value: c, label: t(tokenKey(c)) }))} />,
          },
          { name: 'description', label: t('description'), max: 500, input: <Input.TextArea rows={2} /> },
        ]}
      />
      <FormModal<SchemeValues>
        {...schemeForm.modal}
        title={schemeForm.editing?.id ? t('dsEditScheme') : t('dsAddScheme')}
        width={820}
        testId="ds-scheme-form"
        fields={[
          { name: 'fullName', label: t('dsSchemeName'), required: true, max: 50 },
          { name: 'enCode', label: t('dsSchemeCode'), required: true, max: 50 },
          { name: 'allData', label: t('dsAllData'), valuePropName: 'checked', input: <Switch /> },
          {
            name: 'matchLogic',
            label: t('dsMatchLogic'),
            input: (
              <Select
                style={{ width: 160 }}
                options={[
                  { value: 'and', label: t('dsAnd') },
                  { value: 'or', label: t('dsOr') },
                ]}
              />
            ),
          },
          {
            name: 'groups',
            label: t('dsConditions'),
            input: <ConditionEditor fields={schemeFields} symbolLabel={symbolLabel} />,
          },
          { name: 'description', label: t('description'), max: 500, input: <Input.TextArea rows={2} /> },
        ]}
      />
    </Drawer>
  );
}

/** The condition groups of a scheme (a form control: value / onChange). */
function ConditionEditor({
  value = [],
  onChange,
  fields,
  symbolLabel,
}: {
  value?: ConditionGroup[];
  onChange?: (v: ConditionGroup[]) => void;
  fields: readonly SchemeField[];
  symbolLabel: (s: Symbol) => string;
}) {
  const { t } = useTranslation('system');
  const set = (groups: ConditionGroup[]) => onChange?.(groups);
  const setGroup = (gi: number, g: ConditionGroup) => set(value.map((x, i) => (i === gi ? g : x)));
  return (
    <div data-testid="ds-conditions">
      {value.map((g, gi) => (
        <div
          key={gi}
          style={{
            border: '1px solid var(--ant-color-border, #d9d9d9)',
            borderRadius: 6,
            padding: 8,
            marginBottom: 8,
          }}
          data-testid={`ds-group-${gi}`}
        >
          <Space wrap style={{ marginBottom: 8 }}>
            <Select
              style={{ width: 100 }}
              value={g.logic}
              onChange={(logic) => setGroup(gi, { ...g, logic })}
              options={[
                { value: 'and', label: t('dsAnd') },
                { value: 'or', label: t('dsOr') },
              ]}
            />
            <Button size="small" onClick={() => setGroup(gi, { ...g, items: [...g.items, blankItem()] })}>
              {t('dsAddItem')}
            </Button>
            <Button size="small" danger onClick={() => set(value.filter((_, i) => i !== gi))}>
              {t('dsRemoveGroup')}
            </Button>
          </Space>
          {g.items.map((it, ii) => {
            const f = fields.find((x) => x.enCode === it.field);
            const symbols = f && f.symbols.length ? f.symbols : [...SYMBOLS];
            const setItem = (patch: Partial<typeof it>) =>
              setGroup(gi, { ...g, items: g.items.map((x, i) => (i === ii ? { ...x, ...patch } : x)) });
            const noValue = it.op === 'null' || it.op === 'notNull';
            const tokens = f && isToken(f.conditionText) ? [f.conditionText] : [];
            return (
              <Space
                key={ii}
                wrap
                style={{ display: 'flex', marginBottom: 6 }}
                data-testid={`ds-item-${gi}-${ii}`}
              >
                <Select
                  style={{ width: 180 }}
                  placeholder={t('dsField')}
                  value={it.field || undefined}
                  onChange={(field: string) => {
                    const nf = fields.find((x) => x.enCode === field);
                    setItem({
                      field,
                      op: '',
                      value: nf && isToken(nf.conditionText) ? nf.conditionText : '',
                    });
                  }}
                  options={fields.map((x) => ({ value: x.enCode, label: x.fullName }))}
                  data-testid="ds-item-field"
                />
                <Select
                  style={{ width: 150 }}
                  placeholder={t('dsSymbols')}
                  value={it.op || undefined}
                  onChange={(op: Symbol) => setItem({ op })}
                  options={symbols.map((s) => ({ value: s, label: symbolLabel(s) }))}
                  data-testid="ds-item-op"
                />
                {!noValue &&
                  (tokens.length ? (
                    <Select
                      style={{ width: 200 }}
                      value={it.value || undefined}
                      onChange={(v: string) => setItem({ value: v })}
                      options={[...tokens.map((v) => ({ value: v, label: t(tokenKey(v)) }))]}
                      data-testid="ds-item-value"
                    />
                  ) : (
                    <Input
                      style={{ width: 200 }}
                      placeholder={t('dsValue')}
                      value={it.value}
                      maxLength={200}
                      onChange={(e) => setItem({ value: e.target.value })}
                      data-testid="ds-item-value"
                    />
                  ))}
                <Button
                  size="small"
                  danger
                  aria-label={t('remove')}
                  onClick={() => setGroup(gi, { ...g, items: g.items.filter((_, i) => i !== ii) })}
                >
                  ×
                </Button>
              </Space>
            );
          })}
        </div>
      ))}
      <Button onClick={() => set([...value, blankGroup()])} data-testid="ds-add-group">
        {t('dsAddGroup')}
      </Button>
    </div>
  );
}
