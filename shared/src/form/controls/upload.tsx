// File and image uploads (spec §5, §9): the count, type and size limits of formcore/uploads with
// the spec's messages, images compressed in the browser first, progress while sending, the
// server's message (shown by the HTTP client for 1.5 s) drops the file, and removal asks
// '确定移除 {name}？'.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, type UploadFile } from 'antd';
import Modal from 'antd/es/modal';
import Upload from 'antd/es/upload';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import UploadOutlined from '@ant-design/icons/es/icons/UploadOutlined';
import { toast } from '@lighting/shared';
import { withApiPrefix } from '../../admin/upload';
import { removeFileConfirmMessage } from '../../core/format';
import { checkUpload, ownText, uploadLimits } from '@lighting/shared/formcore';
import { uploadFile, type UploadedFile } from '../api';
import { ImageTooLarge, compressImage } from '../../media/compressImage';
import type { ControlProps } from './basic';
import '../i18n';

const TOAST_SECONDS = 1.5;

interface Pending {
  uid: string;
  name: string;
  percent: number;
}

const asFiles = (v: unknown): UploadedFile[] =>
  Array.isArray(v)
    ? v.filter(
        (f): f is UploadedFile =>
          typeof f === 'object' &&
          f !== null &&
          typeof (f as UploadedFile).name === 'string' &&
          typeof (f as UploadedFile).url === 'string',
      )
    : [];

let uidSeq = 0;

export function UploadControl({ field, value, onChange, disabled, id }: ControlProps) {
  const { t } = useTranslation('form');
  const [modal, holder] = Modal.useModal();
  const limits = uploadLimits(field);
  const files = asFiles(value);
  const [pending, setPending] = useState<Pending[]>([]);
  // the latest value and pending count, for uploads that finish after other changes
  const latest = useRef({ files, pending: 0 });
  latest.current.files = files;
  const alive = useRef(true);
  useEffect(
    () => () => {
      alive.current = false;
    },
    [],
  );

  const refuse = (text: string): false => {
    toast('error', text, TOAST_SECONDS);
    return false;
  };

  const start = async (chosen: File): Promise<void> => {
    const already = latest.current.files.length + latest.current.pending;
    const first = checkUpload(limits, { name: chosen.name, type: chosen.type, size: 0 }, already);
    if (first) {
      refuse(first.reason === 'type' ? t('badType', { name: chosen.name }) : first.message);
      return;
    }
    const uid = `upload-${(uidSeq += 1)}`;
    latest.current.pending += 1;
    setPending((p) => [...p, { uid, name: chosen.name, percent: 0 }]);
    const done = () => {
      latest.current.pending -= 1;
      if (alive.current) setPending((p) => p.filter((x) => x.uid !== uid));
    };
    let body: File = chosen;
    try {
      if (limits.images) body = await compressImage(chosen);
    } catch (e) {
      done();
      refuse(e instanceof ImageTooLarge ? t('imageTooLarge') : t('uploadFailed'));
      return;
    }
    const sized = checkUpload(limits, { name: chosen.name, type: chosen.type, size: body.size }, 0);
    if (sized) {
      done();
      refuse(sized.message);
      return;
    }
    try {
      const uploaded = await uploadFile(body, chosen.name, limits.uploadType, (percent) => {
        if (alive.current) setPending((p) => p.map((x) => (x.uid === uid ? { ...x, percent } : x)));
      });
      done();
      onChange?.([...latest.current.files, uploaded]);
    } catch {
      done(); // the HTTP client showed the server's message for 1.5 s; the file is dropped
    }
  };

  const list: UploadFile[] = [
    ...files.map((f, i) => ({
      uid: f.fileId ?? `${i}-${f.url}`,
      name: f.name,
      status: 'done' as const,
      url: withApiPrefix(f.url),
      ...(limits.images ? { thumbUrl: withApiPrefix(f.url) } : {}),
    })),
    ...pending.map((p) => ({ uid: p.uid, name: p.name, status: 'uploading' as const, percent: p.percent })),
  ];
  const full = limits.limit > 0 && files.length + pending.length >= limits.limit;

  return (
    <>
      {holder}
      <Upload
        id={id}
        accept={limits.accept || undefined}
        multiple={limits.limit !== 1}
        listType={limits.images ? 'picture-card' : 'text'}
        fileList={list}
        disabled={disabled}
        beforeUpload={(file) => {
          void start(file);
          return Upload.LIST_IGNORE;
        }}
        showUploadList={{ showRemoveIcon: !disabled }}
        onRemove={(file) => {
          const target = files.find((f, i) => (f.fileId ?? `${i}-${f.url}`) === file.uid);
          if (!target) return false;
          void modal.confirm({
            title: t('removeTitle'),
            content: removeFileConfirmMessage(target.name),
            okText: t('ok'),
            cancelText: t('cancel'),
            onOk: () => onChange?.(latest.current.files.filter((f) => f !== target)),
          });
          return false;
        }}
      >
        {disabled || full ? null : limits.images ? (
          <button type="button" style={{ border: 0, background: 'none', cursor: 'pointer' }}>
            <PlusOutlined />
            <div style={{ marginTop: 8 }}>{t('uploadImage')}</div>
          </button>
        ) : (
          <Button icon={<UploadOutlined />}>{ownText(field.buttonText) ?? t('upload')}</Button>
        )}
      </Upload>
    </>
  );
}
