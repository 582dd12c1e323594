// /profile — personal information (spec §2): base info, avatar, password, settings,
// subordinates, permissions, my system log and cancelling my account.
import { useCallback, useEffect, useState } from 'react';
import { Spin } from 'antd';
import Card from 'antd/es/card';
import Tabs from 'antd/es/tabs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from '@lighting/shared';
import { getBaseInfo } from './api';
import type { BaseInfo } from './rules';
import { BaseInfoTab } from './BaseInfoTab';
import { AvatarTab } from './AvatarTab';
import { PasswordTab } from './PasswordTab';
import { SettingsTab } from './SettingsTab';
import { SubordinateTab } from './SubordinateTab';
import { AuthorizeTab } from './AuthorizeTab';
import { SystemLogTab } from './SystemLogTab';
import { CancelAccountTab } from './CancelAccountTab';
import { NS } from './i18n';
import './i18n';

const PROFILE_TABS = [
  'base',
  'avatar',
  'password',
  'settings',
  'subordinate',
  'authorize',
  'log',
  'cancel',
] as const;

export default function ProfilePage() {
  const { t } = useTranslation(NS);
  const [info, setInfo] = useState<BaseInfo | null>(null);
  // the open section is in the address (?tab=log), so it can be linked to and its tab restores it
  const [params, setParams] = useSearchParams();
  const active = PROFILE_TABS.find((k) => k === params.get('tab')) ?? 'base';

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
        activeKey={active}
        onChange={(key) => setParams(key === 'base' ? {} : { tab: key }, { replace: true })}
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
          { key: 'cancel', label: t('tabCancel'), children: <CancelAccountTab /> },
        ]}
      />
    </Card>
  );
}
