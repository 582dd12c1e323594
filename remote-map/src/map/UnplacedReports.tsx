// The fault page's 待定位报修 tab: Open311 requests whose address names no pole or light we know
// (docs/api/public.md "An address we cannot place"), each tagged 待定位 with the place action (a
// pole or light number) for staff holding the page's 新建 button. Placing files the fault, so the
// fault list reloads (the socket's mapFaultChange does it too). Text shown as text, never as HTML.
import { useCallback, useEffect, useState } from 'react';
import { Button, Input, Space, Tag, Typography } from 'antd';
import Switch from 'antd/es/switch';
import List from 'antd/es/list';
import { useTranslation } from 'react-i18next';
import { Auth, formatDateTime, toast } from '@lighting/shared';
import { mapApi, type UnplacedReport } from './api';
import { categoryName, placeCode } from './unplaced';

function PlaceForm({ report, onPlaced }: { report: UnplacedReport; onPlaced: (r: UnplacedReport) => void }) {
  const { t } = useTranslation('map');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const c = placeCode(code);
    if (!c) {
      toast('warning', t('unplaced.badCode'));
      return;
    }
    setBusy(true);
    try {
      const placed = await mapApi.placeReport(report.id, c);
      toast(
        'success',
        placed.folded
          ? t('unplaced.folded', { refNo: placed.reportRefNo ?? '' })
          : t('unplaced.placed', { code: placed.placedCode }),
      );
      onPlaced(placed);
    } catch {
      // the shared client has shown the server's message (which names assetCode)
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space.Compact style={{ width: 280 }}>
      <Input
        value={code}
        onChange={(e) => setCode(e.target.value)}
        onPressEnter={() => void submit()}
        placeholder={t('unplaced.codePlaceholder')}
        aria-label={t('unplaced.codePlaceholder')}
        maxLength={32}
        data-testid="unplaced-code"
      />
      <Button type="primary" loading={busy} onClick={() => void submit()} data-testid="unplaced-place">
        {t('unplaced.place')}
      </Button>
    </Space.Compact>
  );
}

export function UnplacedReports({ onPlaced }: { onPlaced: () => void }) {
  const { t, i18n } = useTranslation('map');
  const [showPlaced, setShowPlaced] = useState(false);
  const [list, setList] = useState<UnplacedReport[]>([]);
  const [loading, setLoading] = useState(false);
  const load = useCallback(() => {
    setLoading(true);
    mapApi
      .unplacedReports(showPlaced ? 'placed' : 'unplaced')
      .then(setList, () => undefined)
      .finally(() => setLoading(false));
  }, [showPlaced]);
  useEffect(load, [load]);

  return (
    <div data-testid="unplaced-reports">
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {t('unplaced.hint')}
      </Typography.Paragraph>
      <Space style={{ marginBottom: 8 }}>
        <Switch
          checked={showPlaced}
          onChange={setShowPlaced}
          size="small"
          data-testid="unplaced-show-placed"
        />
        <span>{t('unplaced.showPlaced')}</span>
      </Space>
      <List<UnplacedReport>
        size="small"
        loading={loading}
        dataSource={list}
        locale={{ emptyText: t('unplaced.none') }}
        renderItem={(r) => (
          <List.Item key={r.id} data-testid="unplaced-item" data-ref={r.refNo}>
            <div style={{ width: '100%' }}>
              <Space wrap size={4}>
                {r.placedAt === null ? (
                  <Tag color="orange" data-testid="unplaced-tag">
                    {t('unplaced.tag')}
                  </Tag>
                ) : (
                  <Tag color="green">{t('unplaced.placedTag')}</Tag>
                )}
                <Typography.Text copyable strong>
                  {r.refNo}
                </Typography.Text>
                <span>{categoryName(r.category, i18n.language)}</span>
                <Typography.Text type="secondary">{formatDateTime(r.createdAt)}</Typography.Text>
              </Space>
              <div>
                {t('unplaced.address')}: <span data-testid="unplaced-address">{r.address}</span>
              </div>
              {r.roadHint ? (
                <div>
                  {t('unplaced.roadHint')}: {[r.districtHint, r.roadHint].filter(Boolean).join(' ')}
                </div>
              ) : null}
              {r.lat !== null && r.lng !== null ? (
                <div>
                  {t('unplaced.position')}: {r.lat}, {r.lng}
                </div>
              ) : null}
              {r.description ? (
                <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: '2px 0' }}>
                  {r.description}
                </Typography.Paragraph>
              ) : null}
              {r.mediaUrl ? (
                <div>
                  <a href={r.mediaUrl} target="_blank" rel="noreferrer noopener">
                    {r.mediaUrl}
                  </a>
                </div>
              ) : null}
              <Typography.Text type="secondary">
                {t('unplaced.reporter')}: {r.reporter || 'Open311'}
                {r.contactName || r.contactPhone
                  ? ` · ${t('unplaced.contact')}: ${[r.contactName, r.contactPhone].filter(Boolean).join(' ')}`
                  : ''}
              </Typography.Text>
              <div style={{ marginTop: 6 }}>
                {r.placedAt === null ? (
                  <Auth code="btn_add">
                    <PlaceForm
                      report={r}
                      onPlaced={() => {
                        load();
                        onPlaced();
                      }}
                    />
                  </Auth>
                ) : (
                  <Typography.Text data-testid="unplaced-placed">
                    {r.folded
                      ? t('unplaced.folded', { refNo: r.reportRefNo ?? '' })
                      : t('unplaced.placed', { code: r.placedCode })}
                    {r.placedByName ? ` · ${r.placedByName}` : ''} · {formatDateTime(r.placedAt)}
                  </Typography.Text>
                )}
              </div>
            </div>
          </List.Item>
        )}
      />
    </div>
  );
}
