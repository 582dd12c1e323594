// /profile — personal information (spec §2): base info, avatar, password, settings,
// subordinates, permissions and my system log.
import { useCallback, useEffect, useState } from 'react';
import { Card, Spin, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { getBaseInfo } from './api';
import type { BaseInfo } from './rules';
import { BaseInfoTab } from './BaseInfoTab';
import { AvatarTab } from './AvatarTab';
import { PasswordTab } from './PasswordTab';
import { SettingsTab } from './SettingsTab';
import { SubordinateTab } from './SubordinateTab';
import { AuthorizeTab } from './AuthorizeTab';
import { SystemLogTab } from './SystemLogTab';
import { NS } from './i18n';
import './i18n';

export default function ProfilePage() {
  const { t } = useTranslation(NS);
  const [info, setInfo] = useState<BaseInfo | null>(null);

  const load = useCallback(async () => {
    try {
      const res = await getBaseInfo();
      setInfo(res.data);
    } catch {
      /* the client showed the server's message */
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <Card data-testid="profile-page">
      <Tabs
        tabPosition="left"
        items={[
          {
            key: 'base',
            label: t('tabBase'),
            children: info ? <BaseInfoTab info={info} onSaved={() => void load()} /> : <Spin />,
          },
          {
            key: 'avatar',
            label: t('tabAvatar'),
            children: (
              <AvatarTab
                url={info?.headIcon ?? ''}
                onChanged={(headIcon) => setInfo((i) => (i ? { ...i, headIcon } : i))}
              />
            ),
          },
          { key: 'password', label: t('tabPassword'), children: <PasswordTab /> },
          { key: 'settings', label: t('tabSettings'), children: <SettingsTab /> },
          { key: 'subordinate', label: t('tabSubordinate'), children: <SubordinateTab /> },
          { key: 'authorize', label: t('tabAuthorize'), children: <AuthorizeTab /> },
          { key: 'log', label: t('tabLog'), children: <SystemLogTab /> },
        ]}
      />
    </Card>
  );
}
