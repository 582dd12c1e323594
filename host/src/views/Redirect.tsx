import { Navigate, useLocation } from 'react-router-dom';

/** /redirect/{path*}: the refresh helper, re-mounts the page at {path}. */
export function Redirect() {
  const { pathname, search } = useLocation();
  return <Navigate to={pathname.replace(/^\/redirect/, '') + search} replace />;
}
