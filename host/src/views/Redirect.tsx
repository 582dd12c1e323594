import { Navigate, useLocation } from '@lighting/shared';

/** /redirect/{path*}: the refresh helper, re-mounts the page at {path}. */
export function Redirect() {
  const { pathname, search } = useLocation();
  return <Navigate to={pathname.replace(/^\/redirect/, '') + search} replace />;
}
