// permission/authorize — grants by role, by user or by position: menu, button, list-column and
// data-scope trees with check all, deselect all, expand all, fold all; save (btn_edit). Saving
// changes what the server allows at once and CurrentUser at the users' next load.
import { useEffect, useMemo, useState } from 'react';
import { Button, Empty, Spin } from 'antd';
import Card from 'antd/es/card';
import Alert from 'antd/es/alert';
import Flex from 'antd/es/flex';
import Segmented from 'antd/es/segmented';
import Tabs from 'antd/es/tabs';
import { useTranslation } from 'react-i18next';
import { Auth, request, toast, useButtonAuth, type RemotePageProps } from '@lighting/shared';
import { PermissionTree, SideTree, useTreeRows } from '@lighting/shared/admin';
import { treeList, urls, type AuthorityData, type TreeRow } from '../api';
import { GRANT_KINDS, grantsBody, missingMenus, type GrantKind, type Grants } from '../logic/grants';
import { EffectiveScopes } from './EffectiveScopes';
import '../i18n';

type ObjectType = 'Role' | 'User' | 'Position';
const LEAF_TYPE: Record<ObjectType, string | null> = { Role: null, User: 'user', Position: 'position' };
const SOURCE: Record<ObjectType, string> = {
  Role: urls.roleSelector,
  User: urls.usersSelector,
  Position: urls.positionSelector,
};

const EMPTY: Grants = { module: [], button: [], column: [], resource: [] };

export default function Authorize(_props: RemotePageProps) {
  const { t } = useTranslation('system');
  const [objectType, setObjectType] = useState<ObjectType>('Role');
  const [object, setObject] = useState<{ id: string; name: string } | null>(null);
  const objects = useTreeRows(() => treeList(SOURCE[objectType]), [objectType]);
  const [data, setData] = useState<AuthorityData | null>(null);
  const [grants, setGrants] = useState<Grants>(EMPTY);
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [tab, setTab] = useState<GrantKind>('module');
  const canEdit = useButtonAuth('btn_edit');

  useEffect(() => {
    if (!object) return;
    let alive = true;
    setLoading(true);
    request<AuthorityData>({ url: urls.authority(objectType, object.id), method: 'get' })
      .then((r) => {
        if (!alive) return;
        setData(r.data);
        setGrants(r.data.ids);
      })
      .catch(() => alive && setData(null))
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
    };
  }, [objectType, object]);

  const missing = useMemo(() => missingMenus(grantsBody(grants)), [grants]);

  const save = async () => {
    if (!object) return;
    setSaving(true);
    try {
      const res = await request<unknown>({
        url: urls.authority(objectType, object.id),
        method: 'put',
        data: grantsBody(grants),
      });
      toast('success', res.msg);
    } catch {
      /* shown by the client */
    } finally {
      setSaving(false);
    }
  };

  const label: Record<GrantKind, string> = {
    module: t('grantModule'),
    button: t('grantButton'),
    column: t('grantColumn'),
    resource: t('grantResource'),
  };

  return (
    <Flex gap={16} align="flex-start" data-testid="authorize-page">
      <Card size="small" style={{ width: 280, flex: 'none' }}>
        <Segmented<ObjectType>
          block
          aria-label={t('grantTo')}
          value={objectType}
          onChange={(v) => {
            setObjectType(v);
            setObject(null);
            setData(null);
          }}
          options={[
            { value: 'Role', label: t('byRole') },
            { value: 'User', label: t('byUser') },
            { value: 'Position', label: t('byPosition') },
          ]}
          data-testid="authorize-type"
        />
        <div style={{ marginTop: 8 }}>
          <SideTree
            nodes={objects.rows}
            loading={objects.loading}
            selected={object?.id ?? null}
            onSelect={(id, node) => {
              const want = LEAF_TYPE[objectType];
              if (!id || !node || (want && (node as TreeRow).type !== want)) return;
              setObject({ id, name: node.fullName });
            }}
            testId="authorize-objects"
          />
        </div>
      </Card>
      <Card
        size="small"
        style={{ flex: 1, minWidth: 0 }}
        title={object ? `${t('grantsOf')}：${object.name}` : t('chooseObject')}
        extra={
          <Auth code="btn_edit">
            <Button
              type="primary"
              disabled={!object || !data}
              loading={saving}
              onClick={save}
              data-testid="authorize-save"
            >
              {t('save')}
            </Button>
          </Auth>
        }
      >
        {!object ? (
          <Empty description={t('chooseObject')} />
        ) : loading || !data ? (
          <Spin />
        ) : (
          <>
            {missing.length > 0 && (
              <Alert type="warning" showIcon title={t('menuMissing')} style={{ marginBottom: 8 }} />
            )}
            <Tabs
              activeKey={tab}
              onChange={(k) => setTab(k as GrantKind)}
              items={[
                ...GRANT_KINDS.map((kind) => ({
                  key: kind,
                  label: label[kind],
                  children: (
                    <PermissionTree
                      treeData={data[kind]}
                      value={grants[kind]}
                      disabled={!canEdit}
                      onChange={(ids) => setGrants((g) => ({ ...g, [kind]: ids }))}
                      testId={`grant-tree-${kind}`}
                    />
                  ),
                })),
                // a user's data permissions as they apply: every role's, their position's, their own
                ...(objectType === 'User'
                  ? [
                      {
                        key: 'effective',
                        label: t('esTab'),
                        children: <EffectiveScopes userId={object.id} />,
                      },
                    ]
                  : []),
              ]}
            />
          </>
        )}
      </Card>
    </Flex>
  );
}
