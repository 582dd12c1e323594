// system/notice — notices: rich-text create and edit (drafts only), release (recipients get
// messagePush at once), enable/disable, delete with confirmation. HTML is sanitised on the server.
import { useState } from 'react';
import { Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { request, toast, usePagedList, type RemotePageProps } from '@lighting/shared';
import {
  FormModal,
  ListFrame,
  RichTextEditor,
  StateSwitch,
  useConfirm,
  useConfirmDelete,
} from '@lighting/shared/admin';
import type { ApiData } from '@lighting/shared/api';
import { one, paged, urls, type ListQuery, type NoticeDetail, type NoticeRow } from '../api';
import { RowActions } from '../components/common';
import { formatTime } from '../logic/format';
import '../i18n';

interface NoticeForm {
  title: string;
  bodyText: string;
}

const fetchNotices = paged<NoticeRow>(urls.noticeList);

export default function Notice(_props: RemotePageProps) {
  const { t } = useTranslation('system');
  const list = usePagedList<NoticeRow, ListQuery>(fetchNotices, { keyword: '' });
  const [editing, setEditing] = useState<{ id?: string; values: Partial<NoticeForm> } | null>(null);
  const remove = useConfirmDelete();
  const confirm = useConfirm();

  const openEdit = async (id?: string) => {
    if (!id) return setEditing({ values: { title: '', bodyText: '' } });
    const n = await one<NoticeDetail>(`${urls.notice}/${id}`);
    setEditing({ id, values: { title: n.title, bodyText: n.bodyText } });
  };

  const release = (r: NoticeRow) =>
    confirm(
      async () => {
        const res = await request<ApiData<'/api/system/Message/{id}/Actions/Release', 'put'>>({
          url: `${urls.notice}/${r.id}/Actions/Release`,
          method: 'put',
        });
        toast('success', res.msg);
        list.reload();
      },
      t('confirmRelease', { title: r.title }),
    );

  const columns: TableColumnsType<NoticeRow> = [
    { key: 'title', dataIndex: 'title', title: t('noticeTitle') },
    {
      key: '_state',
      dataIndex: 'state',
      title: t('releaseState'),
      render: (s: number) => (s === 1 ? <Tag color="blue">{t('released')}</Tag> : <Tag>{t('draft')}</Tag>),
    },
    { key: 'creatorUser', dataIndex: 'creatorUser', title: t('creatorUser') },
    { key: 'creatorTime', dataIndex: 'creatorTime', title: t('creatorTime'), render: formatTime },
    {
      key: 'enabledMark',
      dataIndex: 'enabledMark',
      title: t('state'),
      render: (v: number, r) => (
        <StateSwitch value={v} url={`${urls.notice}/${r.id}/Actions/State`} onChanged={list.reload} />
      ),
    },
    {
      key: '_actions',
      title: t('actions'),
      fixed: 'right',
      render: (_: unknown, r) => (
        <RowActions
          onEdit={r.state === 1 ? undefined : () => void openEdit(r.id)}
          onRemove={() => void remove(`${urls.notice}/${r.id}`, list.reload)}
          extra={[
            r.state !== 1 && {
              key: 'release',
              label: t('release'),
              onClick: () => void release(r),
              code: 'btn_edit',
              testId: 'row-release',
            },
          ]}
        />
      ),
    },
  ];

  return (
    <>
      <ListFrame<NoticeRow, ListQuery>
        list={list}
        columns={columns}
        onAdd={() => void openEdit()}
        testId="notice-list"
      />
      <FormModal<NoticeForm>
        open={editing !== null}
        title={editing?.id ? t('editNotice') : t('addNotice')}
        initialValues={editing?.values}
        onClose={() => setEditing(null)}
        width={900}
        onSubmit={async (v) => {
          const body = { title: v.title.trim(), bodyText: v.bodyText ?? '' };
          const res = editing?.id
            ? await request<unknown>({ url: `${urls.notice}/${editing.id}`, method: 'put', data: body })
            : await request<unknown>({ url: urls.notice, method: 'post', data: body });
          toast('success', res.msg);
          list.reload();
        }}
        fields={[
          { name: 'title', label: t('noticeTitle'), required: true, max: 100 },
          {
            name: 'bodyText',
            label: t('noticeBody'),
            required: true,
            input: <RichTextEditor testId="notice-editor" />,
          },
        ]}
      />
    </>
  );
}
