// A page that exists but the signed-in user's permissions do not include (spec §6): says so, rather
// than 页面不存在. BasicLayout shows it when a remote's route table names the path (./refused.ts).
import { useEffect, useState } from 'react';
import { Button, Spin } from 'antd';
import { LazyResult as Result } from '@lighting/shared/ui';
import { useTranslation } from 'react-i18next';
import { Navigate, pageTitle, platformTitleIn, useNavigate } from '@lighting/shared';
import { loadRoutes, remoteFor } from '../federation/registry';
import { LAYOUT_NS } from '../layout/i18n';
import { tableHasPage } from './refused';

export function NoPermission() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const title = t(`${LAYOUT_NS}:noPermissionTitle`);
  // the window is titled like any page of the console (the console leaves a path without a page to it)
  useEffect(() => {
    document.title = pageTitle(title, platformTitleIn(i18n.language), '');
  }, [title, i18n.language]);
  return (
    <Result
      status="403"
      title={title}
      subTitle={<span data-testid="no-permission">{t(`${LAYOUT_NS}:noPermission`)}</span>}
      extra={
        <Button type="primary" onClick={() => navigate('/home')}>
          {t('backHome')}
        </Button>
      }
    />
  );
}

/** No page of this user's at `pathname`: refused when the product has the page, else /404. */
export function MissingPage({ pathname }: { pathname: string }) {
  const [state, setState] = useState<'checking' | 'refused' | 'missing'>('checking');
  useEffect(() => {
    let alive = true;
    const url = pathname.replace(/^\/+/, '');
    const hit = remoteFor(url);
    setState('checking');
    if (!hit) {
      setState('missing');
      return;
    }
    loadRoutes(hit.remote.name)
      .then((table) => alive && setState(tableHasPage(Object.keys(table.pages), url) ? 'refused' : 'missing'))
      .catch(() => alive && setState('missing'));
    return () => {
      alive = false;
    };
  }, [pathname]);
  if (state === 'missing') return <Navigate to="/404" replace />;
  if (state === 'checking') return <Spin style={{ margin: 48 }} />;
  return <NoPermission />;
}
