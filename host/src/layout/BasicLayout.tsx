// The console layout for this stage: sidebar menu from the permitted menu tree, a top bar with the
// user menu (lock screen, sign out), and the page. The shell issue replaces it with the full
// classic / functional / plain layouts, tabs and navbar.
import { useMemo } from 'react';
import { Avatar, Dropdown, Layout, Menu, Modal, Typography, type MenuProps } from 'antd';
import HomeOutlined from '@ant-design/icons/es/icons/HomeOutlined';
import LockOutlined from '@ant-design/icons/es/icons/LockOutlined';
import LogoutOutlined from '@ant-design/icons/es/icons/LogoutOutlined';
import UserOutlined from '@ant-design/icons/es/icons/UserOutlined';
import { useTranslation } from 'react-i18next';
import {
  getConfig,
  Link,
  Outlet,
  useLocation,
  useNavigate,
  useSession,
  type MenuNode,
} from '@lighting/shared';
import { preload } from '../federation/registry';

type Item = Required<MenuProps>['items'][number];

function toItems(nodes: MenuNode[]): Item[] {
  return nodes.map((n): Item => {
    if (n.children && n.children.length > 0) {
      return { key: n.id, label: n.title, children: toItems(n.children) };
    }
    if (n.href) {
      return {
        key: n.id,
        label: (
          <a href={n.href} target="_blank" rel="noopener noreferrer">
            {n.title}
          </a>
        ),
      };
    }
    return {
      key: n.path ?? n.id,
      label: (
        <Link to={n.path ?? '/'} onMouseEnter={() => n.path && preload(n.path.slice(1))}>
          {n.title}
        </Link>
      ),
    };
  });
}

export function BasicLayout({ menu }: { menu: MenuNode[] }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const user = useSession((s) => s.userInfo);
  const items = useMemo(
    () => [
      { key: '/home', label: <Link to="/home">{t('home')}</Link>, icon: <HomeOutlined /> },
      ...toItems(menu),
    ],
    [menu, t],
  );

  const onUserMenu: MenuProps['onClick'] = ({ key }) => {
    if (key === 'lock') {
      useSession.getState().lock();
      navigate('/lockScreen');
    } else if (key === 'logout') {
      Modal.confirm({
        title: t('tip'),
        content: t('confirmLogout'),
        okText: t('ok'),
        cancelText: t('cancel'),
        onOk: async () => {
          await useSession.getState().logout();
          navigate('/login', { replace: true });
        },
      });
    } else if (key === 'profile') navigate('/profile');
  };

  return (
    <Layout style={{ height: '100%' }}>
      <Layout.Sider width={260} theme="dark" style={{ overflow: 'auto' }}>
        <div style={{ color: '#fff', padding: '16px 20px', fontWeight: 600, whiteSpace: 'nowrap' }}>
          {getConfig().title}
        </div>
        <Menu theme="dark" mode="inline" selectedKeys={[pathname]} items={items} data-testid="side-menu" />
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{
            background: '#fff',
            display: 'flex',
            justifyContent: 'flex-end',
            alignItems: 'center',
            padding: '0 24px',
          }}
        >
          <Dropdown
            menu={{
              onClick: onUserMenu,
              items: [
                { key: 'profile', icon: <UserOutlined />, label: t('profile') },
                { key: 'lock', icon: <LockOutlined />, label: t('lockScreen') },
                {
                  key: 'logout',
                  icon: <LogoutOutlined />,
                  label: <span data-testid="menu-logout">{t('logout')}</span>,
                },
              ],
            }}
          >
            <span style={{ cursor: 'pointer' }} data-testid="user-menu">
              <Avatar size="small" src={user?.headIcon || undefined} icon={<UserOutlined />} />{' '}
              <Typography.Text>{user?.userName}</Typography.Text>
            </span>
          </Dropdown>
        </Layout.Header>
        <Layout.Content
          style={{ margin: 16, padding: 16, background: '#fff', overflow: 'auto' }}
          data-testid="page-content"
        >
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
