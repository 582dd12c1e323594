// The navbar's tools (spec §2): fullscreen, size, language, menu search, messages, chat, help,
// notices, settings and the user dropdown (profile, about, lock screen, log out).
import { lazy, Suspense, useEffect, useState } from 'react';
import { App as AntApp, Avatar, Button, Dropdown, Space, Tooltip, Typography, type MenuProps } from 'antd';
import ColumnHeightOutlined from '@ant-design/icons/es/icons/ColumnHeightOutlined';
import CommentOutlined from '@ant-design/icons/es/icons/CommentOutlined';
import FullscreenOutlined from '@ant-design/icons/es/icons/FullscreenOutlined';
import FullscreenExitOutlined from '@ant-design/icons/es/icons/FullscreenExitOutlined';
import GlobalOutlined from '@ant-design/icons/es/icons/GlobalOutlined';
import InfoCircleOutlined from '@ant-design/icons/es/icons/InfoCircleOutlined';
import LockOutlined from '@ant-design/icons/es/icons/LockOutlined';
import LogoutOutlined from '@ant-design/icons/es/icons/LogoutOutlined';
import NotificationOutlined from '@ant-design/icons/es/icons/NotificationOutlined';
import QuestionCircleOutlined from '@ant-design/icons/es/icons/QuestionCircleOutlined';
import SettingOutlined from '@ant-design/icons/es/icons/SettingOutlined';
import UserOutlined from '@ant-design/icons/es/icons/UserOutlined';
import { useTranslation } from 'react-i18next';
import {
  getConfig,
  helpPageIn,
  platformTitleIn,
  setLanguage,
  SIZES,
  useLocation,
  useNavigate,
  useSession,
  useSettings,
  type Language,
  type MenuNode,
} from '@lighting/shared';
import { ChatEntry } from '../../features/messages/ChatEntry';
import { MessageBell } from '../../features/messages/MessageBell';
import { LOCKED_FROM_KEY, lockedFrom } from '../../views/lockReturn';
import { LAYOUT_NS } from '../i18n';
import { EntryTooltip } from './EntryTooltip';
import { useTabs } from '../tabs/useTabs';
import { MenuSearch } from './MenuSearch';

/** The settings drawer loads when first opened (kept off the signed-in page's first load). */
const SettingsDrawer = lazy(() => import('./SettingsDrawer').then((m) => ({ default: m.SettingsDrawer })));
const FeedbackDialog = lazy(() =>
  import('../../features/feedback/FeedbackDialog').then((m) => ({ default: m.FeedbackDialog })),
);

export const LANGUAGE_NAMES: Record<Language, string> = { zh: '简体中文', zhtw: '繁體中文', en: 'English' };

function AboutContent() {
  const { t, i18n } = useTranslation('host');
  const version = getConfig().version || '1.0';
  return (
    <div data-testid="about-dialog">
      <Typography.Paragraph strong>{platformTitleIn(i18n.language)}</Typography.Paragraph>
      <Typography.Paragraph>{t('aboutVersion', { version })}</Typography.Paragraph>
      <Typography.Paragraph>{t('aboutPurpose')}</Typography.Paragraph>
      <Typography.Paragraph>{t('aboutCopyright')}</Typography.Paragraph>
      <Typography.Paragraph>{t('aboutSupport')}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">{t('aboutData')}</Typography.Paragraph>
    </div>
  );
}

function FullscreenButton() {
  const { t } = useTranslation('host');
  const { message } = AntApp.useApp();
  const [full, setFull] = useState(() => document.fullscreenElement !== null);
  // follows the document, however full screen ends (Esc, F11, this button)
  useEffect(() => {
    const onChange = () => setFull(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  const toggle = () => {
    if (!document.fullscreenEnabled) {
      void message.warning(t('noFullscreen'));
      return;
    }
    if (document.fullscreenElement) void document.exitFullscreen();
    else void document.documentElement.requestFullscreen();
  };
  const label = full ? t(`${LAYOUT_NS}:exitFullscreen`) : t('fullscreen');
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
        onClick={toggle}
        aria-label={label}
        data-testid="fullscreen"
        data-full={full ? 'true' : 'false'}
      />
    </Tooltip>
  );
}

export interface NavbarProps {
  menu: MenuNode[];
  /** Opens the message drawer (the messages work supplies `MessageDrawer`). */
  onOpenMessages?: () => void;
  /** Opens the chat drawer (the chat work supplies it). */
  onOpenChat?: () => void;
}

export function NavbarTools({ menu, onOpenMessages, onOpenChat }: NavbarProps) {
  const { t, i18n } = useTranslation('host');
  const navigate = useNavigate();
  const location = useLocation();
  // the App's dialogs (in the 'antd' chunk already), not antd/es/modal's static ones: the About and
  // sign-out dialogs then need no download before the console's first paint
  const { modal } = AntApp.useApp();
  const user = useSession((s) => s.userInfo);
  const { size, setSize, showSearch, showLanguage } = useSettings();
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [settingsUsed, setSettingsUsed] = useState(false);
  const sizeLabel = {
    default: t('sizeDefault'),
    medium: t('sizeMedium'),
    small: t('sizeSmall'),
    mini: t('sizeMini'),
  } as const;

  const onUserMenu: MenuProps['onClick'] = ({ key }) => {
    if (key === 'profile') navigate('/profile');
    else if (key === 'about')
      modal.info({ title: t('common:about'), content: <AboutContent />, okText: t('common:ok'), width: 460 });
    else if (key === 'lock') {
      // unlocking comes back here
      const from = lockedFrom(location.pathname, location.search, location.hash);
      if (from) localStorage.setItem(LOCKED_FROM_KEY, from);
      else localStorage.removeItem(LOCKED_FROM_KEY);
      useSession.getState().lock();
      navigate('/lockScreen');
    } else if (key === 'logout') {
      modal.confirm({
        title: t('common:tip'),
        content: t('common:confirmLogout'),
        okText: t('common:ok'),
        cancelText: t('common:cancel'),
        onOk: async () => {
          await useSession.getState().logout();
          useTabs.getState().reset();
          navigate('/login', { replace: true });
        },
      });
    }
  };

  return (
    // lineHeight: the header's 64 px line made the search box 64 px tall
    <Space size={2} style={{ flexShrink: 0, lineHeight: 'normal' }}>
      {showSearch ? <MenuSearch menu={menu} /> : null}
      <FullscreenButton />
      <Dropdown
        trigger={['click']}
        menu={{
          selectable: true,
          selectedKeys: [size],
          onClick: ({ key }) => setSize(key),
          items: SIZES.map((s) => ({ key: s, label: <span data-testid={`size-${s}`}>{sizeLabel[s]}</span> })),
        }}
      >
        <Button
          type="text"
          icon={<ColumnHeightOutlined />}
          aria-label={t('size')}
          data-testid="size-select"
        />
      </Dropdown>
      {showLanguage ? (
        <Dropdown
          trigger={['click']}
          menu={{
            selectable: true,
            selectedKeys: [i18n.language],
            onClick: ({ key }) => setLanguage(key as Language),
            items: (Object.keys(LANGUAGE_NAMES) as Language[]).map((l) => ({
              key: l,
              label: <span data-testid={`lang-${l}`}>{LANGUAGE_NAMES[l]}</span>,
            })),
          }}
        >
          <Button
            type="text"
            icon={<GlobalOutlined />}
            aria-label={t('language')}
            data-testid="language-select"
          />
        </Dropdown>
      ) : null}
      <MessageBell onOpen={onOpenMessages} />
      <ChatEntry onOpen={onOpenChat} />
      <Tooltip title={t('notices')}>
        <Button
          type="text"
          icon={<NotificationOutlined />}
          onClick={() => navigate('/messageRecord')}
          aria-label={t('notices')}
          data-testid="notice-entry"
        />
      </Tooltip>
      <EntryTooltip title={t('feedback')} opened={feedbackOpen}>
        <Button
          type="text"
          icon={<CommentOutlined />}
          onClick={() => setFeedbackOpen(true)}
          aria-label={t('feedback')}
          data-testid="feedback-entry"
        />
      </EntryTooltip>
      {feedbackOpen ? (
        <Suspense fallback={null}>
          <FeedbackDialog open={feedbackOpen} onClose={() => setFeedbackOpen(false)} />
        </Suspense>
      ) : null}
      <Tooltip title={t('docs')}>
        <Button
          type="text"
          icon={<QuestionCircleOutlined />}
          href={helpPageIn('/help/index.html', i18n.language)}
          target="_blank"
          aria-label={t('docs')}
          data-testid="docs-entry"
        />
      </Tooltip>
      <EntryTooltip title={t('settings')} opened={settingsOpen}>
        <Button
          type="text"
          icon={<SettingOutlined />}
          onClick={() => {
            setSettingsUsed(true);
            setSettingsOpen(true);
          }}
          aria-label={t('settings')}
          data-testid="settings-open"
        />
      </EntryTooltip>
      {settingsUsed ? (
        <Suspense fallback={null}>
          <SettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />
        </Suspense>
      ) : null}
      <Dropdown
        menu={{
          onClick: onUserMenu,
          items: [
            { key: 'profile', icon: <UserOutlined />, label: t('common:profile') },
            {
              key: 'about',
              icon: <InfoCircleOutlined />,
              label: <span data-testid="menu-about">{t('common:about')}</span>,
            },
            { key: 'lock', icon: <LockOutlined />, label: t('common:lockScreen') },
            {
              key: 'logout',
              icon: <LogoutOutlined />,
              label: <span data-testid="menu-logout">{t('common:logout')}</span>,
            },
          ],
        }}
      >
        <span style={{ cursor: 'pointer', padding: '0 8px', whiteSpace: 'nowrap' }} data-testid="user-menu">
          <Avatar size="small" src={user?.headIcon || undefined} icon={<UserOutlined />} />{' '}
          <Typography.Text>{user?.userName}</Typography.Text>
        </span>
      </Dropdown>
    </Space>
  );
}
