// The system remote's '*' page: a menu entry (added in system/menu) whose address no page of this
// remote handles says so plainly instead of showing an empty screen.
import { useTranslation } from 'react-i18next';
import type { RemotePageProps } from '@lighting/shared';
import { PlannedPage } from '@lighting/shared/ui';
import '../i18n';

export default function Planned({ urlAddress, meta }: RemotePageProps) {
  const { t } = useTranslation('system');
  return <PlannedPage title={meta.title} description={t('noSuchPage', { urlAddress })} />;
}
