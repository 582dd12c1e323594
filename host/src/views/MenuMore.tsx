// /menuMore: every section of the permitted menu with its pages — where the functional layout's
// folded items (and anything else) can be reached from one page. An entry an administrator named
// shows their wording as typed (menuTitle), as the side menu does.
import { Col, Row, Typography } from 'antd';
import Card from 'antd/es/card';
import Descriptions from 'antd/es/descriptions';
import { useTranslation } from 'react-i18next';
import { formatDate, ipPlaceName, Link, useSession, type MenuNode } from '@lighting/shared';
import { preload } from '../federation/registry';
import { menuTitle } from '../layout/menuItems';

function firstPage(n: MenuNode): MenuNode | undefined {
  if (n.path && !n.children?.length) return n;
  for (const c of n.children ?? []) {
    const hit = firstPage(c);
    if (hit) return hit;
  }
  return undefined;
}

export function MenuMore({ menu }: { menu: MenuNode[] }) {
  const { t, i18n } = useTranslation();
  const user = useSession((s) => s.userInfo);
  return (
    <div data-testid="menu-more">
      <Typography.Title level={4}>
        {t('host:welcome')}
        <span data-user-text>{user?.userName}</span>
      </Typography.Title>
      {user?.prevLogin ? (
        <Descriptions size="small" column={3} title={t('host:lastLogin')}>
          <Descriptions.Item label={t('host:lastLoginTime')}>
            {formatDate(user.prevLoginTime ?? '', 'YYYY-MM-DD HH:mm:ss')}
          </Descriptions.Item>
          <Descriptions.Item label="IP">{user.prevLoginIpAddress}</Descriptions.Item>
          <Descriptions.Item label={t('host:lastLoginPlace')}>
            {ipPlaceName(user.prevLoginIpAddressName ?? '', i18n.language)}
          </Descriptions.Item>
        </Descriptions>
      ) : null}
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {t('host:modules')}
      </Typography.Title>
      <Row gutter={[16, 16]}>
        {menu.map((section) => {
          const page = firstPage(section);
          return (
            <Col key={section.id} xs={24} sm={12} md={8} lg={6}>
              <Card size="small" title={menuTitle(section)}>
                {(section.children ?? []).map((c) => (
                  <div key={c.id}>
                    {c.path ? (
                      <Link to={c.path} onMouseEnter={() => c.path && preload(c.path.slice(1))}>
                        {menuTitle(c)}
                      </Link>
                    ) : c.href ? (
                      <a href={c.href} target="_blank" rel="noopener noreferrer">
                        {menuTitle(c)}
                      </a>
                    ) : (
                      menuTitle(c)
                    )}
                  </div>
                ))}
                {!page && !section.children?.length ? (
                  <Typography.Text type="secondary">—</Typography.Text>
                ) : null}
              </Card>
            </Col>
          );
        })}
      </Row>
    </div>
  );
}
