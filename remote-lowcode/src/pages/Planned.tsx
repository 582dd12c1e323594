import { useTranslation } from 'react-i18next';
import type { RemotePageProps } from '@lighting/shared';
import { PlannedPage } from '@lighting/shared/ui';
import '../i18n';

/** Pages the low-code issue builds: online-development runtime for menu types 3, 4 and 5. */
export default function Planned({ urlAddress, meta }: RemotePageProps) {
  const { t } = useTranslation('lowcode');
  const model = meta.moduleId
    ? t(meta.isTree ? 'plannedTreeModel' : 'plannedModel', { id: meta.moduleId })
    : '';
  return <PlannedPage title={meta.title} description={t('plannedRuntime', { model, urlAddress })} />;
}
