import { NoPage } from '@lighting/shared/ui';

export function NotFound() {
  return <NoPage />;
}
