// A remote's '*' page for the routes a later issue builds: says plainly what each will be, in the
// language shown.
import { useTranslation } from 'react-i18next';
import type { Label } from '../core/menuLabels';
import type { RemotePageProps } from '../remote/types';
import { PlannedPage } from './PlannedPage';

const inLanguage = (text: Label, lang: string): string =>
  lang === 'zhtw' || lang === 'en' ? text[lang] : text.zh;

/**
 * @param what    urlAddress → what the page will do
 * @param area    a phrase for pages not in `what` (e.g. { zh: '系统管理页面', … })
 * @param owner   who builds them (e.g. { zh: '系统管理议题（#4）', … })
 */
export function createPlannedPage(what: Record<string, Label>, area: Label, owner: Label) {
  return function Planned({ urlAddress, meta }: RemotePageProps) {
    const { t, i18n } = useTranslation();
    const lang = i18n.language;
    const description = t('plannedBy', {
      what: inLanguage(what[urlAddress] ?? area, lang),
      owner: inLanguage(owner, lang),
    });
    return <PlannedPage title={meta.title} description={description} />;
  };
}
