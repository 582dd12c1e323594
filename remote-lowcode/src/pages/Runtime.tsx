// The published pages of the menu (spec §2, menu types 3, 4, 5): a model's list and form, a
// dictionary, a data report — each from the menu's propertyJson moduleId. Other paths under the
// remote's prefixes that no page claims say what they will be.
import type { RemotePageProps } from '@lighting/shared';
import { DictionaryPage, ModelPage, ReportPage } from '@lighting/shared/lowcode';
import Planned from './Planned';
import '../i18n';

export default function Runtime(props: RemotePageProps) {
  const { meta } = props;
  const moduleId = meta.moduleId;
  if (moduleId && meta.type === 3) return <ModelPage key={moduleId} modelId={moduleId} />;
  if (moduleId && meta.type === 4) return <DictionaryPage key={moduleId} typeId={moduleId} />;
  if (moduleId && meta.type === 5) return <ReportPage key={moduleId} reportId={moduleId} />;
  return <Planned {...props} />;
}
