// antd's Result (its 404 / 403 / warning illustrations are 44 KB raw) for the error, not-found and
// no-page panels, loaded when one is first shown: no console page needs it before its first paint,
// and this entry (AppProviders) is on every signed-in page.
import { lazy, Suspense } from 'react';
import type { ResultProps } from 'antd/es/result';

const AntResult = lazy(() => import('antd/es/result'));

export function LazyResult(props: ResultProps) {
  return (
    <Suspense fallback={null}>
      <AntResult {...props} />
    </Suspense>
  );
}
