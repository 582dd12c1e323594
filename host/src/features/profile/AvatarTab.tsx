// 头像: upload an image (≤ 2 MB) to the userAvatar store, then make it my avatar and refresh the
// session's user info.
import { useState } from 'react';
import { App, Avatar, Button, Space, Typography, type UploadProps } from 'antd';
import Progress from 'antd/es/progress';
import Upload from 'antd/es/upload';
import UploadOutlined from '@ant-design/icons/es/icons/UploadOutlined';
import UserOutlined from '@ant-design/icons/es/icons/UserOutlined';
import { useTranslation } from 'react-i18next';
import { getConfig, useSession } from '@lighting/shared';
import { putAvatar } from './api';
import { avatarProblem, uploadResult } from './rules';
import { NS } from './i18n';

export function AvatarTab({ url, onChanged }: { url: string; onChanged: (url: string) => void }) {
  const { t } = useTranslation(NS);
  const { message } = App.useApp();
  const [percent, setPercent] = useState<number | null>(null);
  const token = useSession((s) => s.token);

  const props: UploadProps = {
    name: 'file',
    accept: 'image/*',
    action: `${getConfig().apiBase}/file/Uploader/userAvatar`,
    headers: token ? { Authorization: token } : {},
    showUploadList: false,
    maxCount: 1,
    beforeUpload(file) {
      const problem = avatarProblem(file);
      if (problem) {
        void message.error(problem === 'notImage' ? t('notImage') : problem, 1.5);
        return Upload.LIST_IGNORE;
      }
      setPercent(0);
      return true;
    },
    async onChange({ file }) {
      if (file.status === 'uploading') setPercent(Math.round(file.percent ?? 0));
      else if (file.status === 'done' || file.status === 'error') {
        setPercent(null);
        const r = uploadResult(file.response);
        if (!r.ok) {
          void message.error(r.msg, 1.5);
          return;
        }
        try {
          const res = await putAvatar(r.name);
          onChanged(res.data?.headIcon || r.url);
          void message.success(res.msg || t('saved'));
          await useSession.getState().getInfo();
        } catch {
          /* the client showed the server's message */
        }
      }
    },
  };

  return (
    <Space direction="vertical" size="large" data-testid="profile-avatar">
      <Avatar size={120} src={url || undefined} icon={<UserOutlined />} data-testid="profile-avatar-img" />
      <Upload {...props}>
        <Button icon={<UploadOutlined />} loading={percent !== null} data-testid="profile-avatar-upload">
          {t('avatarUpload')}
        </Button>
      </Upload>
      {percent !== null && (
        <Progress percent={percent} style={{ width: 240 }} data-testid="profile-avatar-progress" />
      )}
      <Typography.Text type="secondary">{t('avatarHint')}</Typography.Text>
    </Space>
  );
}
