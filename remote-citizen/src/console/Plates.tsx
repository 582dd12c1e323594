// bt/citizen/plates — printable QR plates (PDF) for a district (optionally one road) or a list of
// poles. The server signs each code; the sheet downloads with the staff's token.
import { useEffect, useState } from 'react';
import { Button, Input } from 'antd';
import Card from 'antd/es/card';
import Alert from 'antd/es/alert';
import Select from 'antd/es/select';
import message from 'antd/es/message';
import Form from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import {
  Auth,
  request,
  saveBlob,
  useDictionaryName,
  useSession,
  type RemotePageProps,
} from '@lighting/shared';
import './i18n';

export default function Plates(_props: RemotePageProps) {
  const { t } = useTranslation('citizen');
  const districtName = useDictionaryName('district');
  const [districts, setDistricts] = useState<Array<{ name: string }>>([]);
  const [district, setDistrict] = useState<string | undefined>();
  const [road, setRoad] = useState('');
  const [codes, setCodes] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  useEffect(() => {
    void request<Array<{ name: string }>>({ url: '/map/districts' }).then((r) => setDistricts(r.data));
  }, []);

  const download = async () => {
    setBusy(true);
    setError('');
    try {
      const q = new URLSearchParams();
      if (district) q.set('district', district);
      if (road.trim()) q.set('road', road.trim());
      if (codes.trim()) q.set('codes', codes.trim());
      const res = await fetch(`/api/citizen/plates.pdf?${q.toString()}`, {
        headers: { Authorization: useSession.getState().token ?? '' },
      });
      if (!res.ok || !res.headers.get('content-type')?.includes('pdf')) {
        const env = (await res.json().catch(() => ({}))) as { msg?: string };
        setError(env.msg ?? `HTTP ${res.status}`);
        return;
      }
      const blob = await res.blob();
      saveBlob(blob, `qr-plates-${district ?? 'list'}.pdf`);
      void message.success(t('platesDone', { n: res.headers.get('x-plates') ?? '' }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={t('platesTitle')} data-testid="citizen-plates">
      <Alert type="info" showIcon message={t('platesHint')} style={{ marginBottom: 16 }} />
      <Form layout="vertical" style={{ maxWidth: 520 }}>
        <Form.Item label={t('district')}>
          <Select
            aria-label={t('district')}
            allowClear
            value={district}
            onChange={setDistrict}
            options={districts.map((d) => ({ value: d.name, label: districtName(d.name) }))}
            data-testid="plates-district"
          />
        </Form.Item>
        <Form.Item label={t('road')}>
          <Input
            aria-label={t('road')}
            value={road}
            maxLength={100}
            onChange={(e) => setRoad(e.target.value)}
          />
        </Form.Item>
        <Form.Item label={t('codes')}>
          <Input.TextArea
            aria-label={t('codes')}
            rows={4}
            value={codes}
            onChange={(e) => setCodes(e.target.value)}
            data-testid="plates-codes"
          />
        </Form.Item>
        {error ? <Alert type="error" message={error} style={{ marginBottom: 12 }} /> : null}
        <Auth code="btn_export">
          <Button
            type="primary"
            loading={busy}
            disabled={!district && !codes.trim()}
            onClick={() => void download()}
            data-testid="plates-download"
          >
            {t('download')}
          </Button>
        </Auth>
      </Form>
    </Card>
  );
}
