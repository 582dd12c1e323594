// permission/user — users of the organisation/department chosen on the left: server paging,
// keyword search, create, edit, delete, reset password, enable/disable, export. Buttons and
// columns follow the permission snapshot (btn_add, btn_edit, btn_remove, btn_export).
import { useEffect, useState } from 'react';
import { Input } from 'antd';
import Switch from 'antd/es/switch';
import Flex from 'antd/es/flex';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Form from 'antd/es/form';
import InputNumber from 'antd/es/input-number';
import { useTranslation } from 'react-i18next';
import { toast, usePagedList, type RemotePageProps } from '@lighting/shared';
import { md5, rule } from '@lighting/shared/core';
import {
  FormModal,
  ListFrame,
  SideTree,
  type ListFrameProps,
  StateSwitch,
  useConfirmDelete,
  useDictionary,
  useTreeRows,
} from '@lighting/shared/admin';
import {
  get,
  one,
  paged,
  post,
  save,
  treeList,
  urls,
  type ListQuery,
  type UserDetail,
  type UserRow,
} from '../api';
import { RowActions, SelectorTree } from '../components/common';
import { genderOptions, toUserBody, type UserFormValues } from '../logic/userForm';
import '../i18n';

const fetchUsers = paged<UserRow>(urls.users);

function useOptions(url: string) {
  const [opts, setOpts] = useState<{ value: string; label: string }[]>([]);
  useEffect(() => {
    let alive = true;
    get<{ list: { id: string; fullName: string; organize?: string }[] }>(url).then(
      (r) =>
        alive &&
        setOpts(
          (r.data?.list ?? []).map((p) => ({
            value: p.id,
            label: p.organize ? `${p.fullName}（${p.organize}）` : p.fullName,
          })),
        ),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [url]);
  return opts;
}

function ResetPassword({ user, onClose }: { user: UserRow; onClose: () => void }) {
  const { t } = useTranslation('system');
  const [form] = Form.useForm<{ password: string; confirm: string }>();
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open
      title={`${t('resetPassword')} — ${user.realName}/${user.account}`}
      onCancel={onClose}
      confirmLoading={busy}
      onOk={async () => {
        const v = await form.validateFields().catch(() => null);
        if (!v) return;
        setBusy(true);
        try {
          const res = await post<unknown>(`${urls.users}/${user.id}/Actions/ResetPassword`, {
            userPassword: md5(v.password),
          });
          toast('success', res.msg);
          onClose();
        } catch {
          /* shown by the client */
        } finally {
          setBusy(false);
        }
      }}
    >
      <Form form={form} layout="vertical" data-testid="reset-password-form">
        <Form.Item
          name="password"
          label={t('newPassword')}
          rules={[{ required: true, message: t('passwordRequired') }, rule('password')]}
        >
          <Input.Password data-testid="field-newPassword" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('confirmPassword')}
          dependencies={['password']}
          rules={[
            { required: true, message: t('passwordRequired') },
            ({ getFieldValue }) => ({
              validator: (_r, v) =>
                v === getFieldValue('password')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('passwordMismatch'))),
            }),
          ]}
        >
          <Input.Password data-testid="field-confirmPassword" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export default function UserList(_props: RemotePageProps) {
  const { t } = useTranslation('system');
  const orgs = useTreeRows(() => treeList(urls.organizeTree));
  const list = usePagedList<UserRow, ListQuery>(fetchUsers, { keyword: '', organizeId: '' });
  const organizeId = typeof list.query.organizeId === 'string' ? list.query.organizeId : '';
  const [editing, setEditing] = useState<{ id?: string; values: Partial<UserFormValues> } | null>(null);
  const [resetting, setResetting] = useState<UserRow | null>(null);
  const remove = useConfirmDelete();
  const sex = useDictionary('sex');
  const positions = useOptions(urls.positionAll);
  const roles = useOptions(urls.roleSelector);
  const genders = genderOptions(sex.items);
  const genderName = (g: unknown) => genders.find((o) => o.value === String(g))?.label ?? '';

  const openEdit = async (id?: string) => {
    if (!id)
      return setEditing({
        values: { organizeId: organizeId || undefined, enabledMark: true, roleIds: [], sortCode: 0 },
      });
    const u = await one<UserDetail>(`${urls.users}/${id}`);
    setEditing({
      id,
      values: {
        ...u,
        organizeId: u.organizeId ?? undefined,
        gender: String(u.gender),
        enabledMark: u.enabledMark === 1,
      },
    });
  };

  // beside the organisation tree the list is narrow: gender, then position, give way first
  const columns: ListFrameProps<UserRow, ListQuery>['columns'] = [
    { key: 'account', dataIndex: 'account', title: t('account'), sorter: true },
    { key: 'realName', dataIndex: 'realName', title: t('realName'), sorter: true },
    { key: 'gender', dataIndex: 'gender', title: t('gender'), render: genderName, sorter: true, priority: 3 },
    { key: 'mobile', dataIndex: 'mobile', title: t('mobile'), sorter: true },
    { key: 'organize', dataIndex: 'organize', title: t('organize') },
    { key: 'position', dataIndex: 'position', title: t('position'), priority: 2 },
    {
      key: 'enabledMark',
      dataIndex: 'enabledMark',
      title: t('enabledMark'),
      render: (v: number, r) => (
        <StateSwitch value={v} url={`${urls.users}/${r.id}/Actions/State`} onChanged={list.reload} />
      ),
    },
    {
      key: '_actions',
      title: t('actions'),
      // its links wrap, one at least per line: 'Reset password' is wider than the header
      minWidth: 130,
      fixed: 'right',
      render: (_: unknown, r) => (
        <RowActions
          onEdit={() => void openEdit(r.id)}
          onRemove={() => void remove(`${urls.users}/${r.id}`, list.reload)}
          extra={[
            {
              key: 'resetPassword',
              label: t('resetPassword'),
              onClick: () => setResetting(r),
              code: 'btn_edit',
              testId: 'row-reset-password',
            },
          ]}
        />
      ),
    },
  ];

  const isEdit = Boolean(editing?.id);

  return (
    <Flex gap={16} align="flex-start" data-testid="user-page">
      <SideTree
        nodes={orgs.rows}
        loading={orgs.loading}
        selected={organizeId || null}
        onSelect={(id) => list.search({ organizeId: id ?? '' })}
        testId="user-orgs"
      />
      <div style={{ flex: 1, minWidth: 0 }}>
        <ListFrame<UserRow, ListQuery>
          list={list}
          columns={columns}
          onAdd={() => void openEdit()}
          onReset={() => list.search({ organizeId: '' })}
          exporter={{
            title: t('users'),
            fetchPage: fetchUsers,
            columns: [
              { title: t('account'), value: 'account' },
              { title: t('realName'), value: 'realName' },
              { title: t('gender'), value: (r) => genderName(r.gender) },
              { title: t('mobile'), value: 'mobile' },
              { title: t('organize'), value: 'organize' },
              { title: t('position'), value: 'position' },
              { title: t('enabledMark'), value: (r) => (r.enabledMark === 1 ? t('enabled') : t('disabled')) },
            ],
          }}
          testId="user-list"
        />
      </div>
      {resetting && <ResetPassword user={resetting} onClose={() => setResetting(null)} />}
      <FormModal<UserFormValues>
        open={editing !== null}
        title={isEdit ? t('editUser') : t('addUser')}
        initialValues={editing?.values}
        onClose={() => setEditing(null)}
        width={640}
        onSubmit={async (v) => {
          const msg = await save(urls.users, editing?.id, toUserBody(v, isEdit, md5));
          toast('success', msg);
          list.reload();
        }}
        fields={[
          {
            name: 'account',
            label: t('account'),
            required: true,
            rules: ['account'],
            max: 50,
            hidden: isEdit,
          },
          {
            name: 'password',
            label: t('password'),
            required: true,
            rules: ['password'],
            hidden: isEdit,
            input: <Input.Password autoComplete="new-password" data-testid="field-password" />,
          },
          { name: 'realName', label: t('realName'), required: true, rules: ['fullName'], max: 50 },
          {
            name: 'gender',
            label: t('gender'),
            input: <Select allowClear options={genders} loading={sex.loading} data-testid="field-gender" />,
          },
          { name: 'mobile', label: t('mobile'), rules: ['mobile'] },
          { name: 'email', label: t('email'), rules: ['email'], max: 100 },
          {
            name: 'organizeId',
            label: t('organize'),
            required: true,
            input: <SelectorTree url={urls.organizeTree} allowClear={false} testId="field-organizeId" />,
          },
          {
            name: 'positionId',
            label: t('position'),
            input: (
              <Select
                allowClear
                showSearch
                optionFilterProp="label"
                options={positions}
                data-testid="field-positionId"
              />
            ),
          },
          {
            name: 'roleIds',
            label: t('roles'),
            input: (
              <Select
                mode="multiple"
                allowClear
                optionFilterProp="label"
                options={roles}
                data-testid="field-roleIds"
              />
            ),
          },
          {
            name: 'sortCode',
            label: t('sortCode'),
            input: <InputNumber min={0} max={999999} precision={0} />,
          },
          { name: 'enabledMark', label: t('state'), valuePropName: 'checked', input: <Switch /> },
        ]}
      />
    </Flex>
  );
}
