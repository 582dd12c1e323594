// The published pages of the menu (spec §2, menu types 3, 4, 5): a model's list and form, a
// dictionary, a data report — each from the menu's propertyJson moduleId. An entry under the
// remote's prefixes without one (or of another type) has no page: the shared panel says so.
import type { RemotePageProps } from '@lighting/shared';
import { DictionaryPage, ModelPage, ReportPage } from '@lighting/shared/lowcode';
import { NoPage } from '@lighting/shared/ui';
import '../i18n';

export default function Runtime({ urlAddress, meta }: RemotePageProps) {
  const moduleId = meta.moduleId;
  if (moduleId && meta.type === 3) return <ModelPage key={moduleId} modelId={moduleId} />;
  if (moduleId && meta.type === 4) return <DictionaryPage key={moduleId} typeId={moduleId} />;
  if (moduleId && meta.type === 5) return <ReportPage key={moduleId} reportId={moduleId} />;
  return <NoPage title={meta.title} urlAddress={urlAddress} />;
}
