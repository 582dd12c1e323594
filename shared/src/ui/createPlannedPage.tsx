// A remote's '*' page for the routes a later issue builds: says plainly what each will be.
import type { RemotePageProps } from '../remote/types';
import { PlannedPage } from './PlannedPage';

/**
 * @param what    urlAddress → what the page will do
 * @param area    a phrase for pages not in `what` (e.g. '系统管理页面')
 * @param owner   who builds them (e.g. '系统管理议题（#4）')
 */
export function createPlannedPage(what: Record<string, string>, area: string, owner: string) {
  return function Planned({ urlAddress, meta }: RemotePageProps) {
    return <PlannedPage title={meta.title} description={`${what[urlAddress] ?? area} 由${owner}实现。`} />;
  };
}
