// The host door: the host's router reaches /bt/gzh/* (host/src/router/AppRouter.tsx) and renders this
// page through the federation; the citizen pages then move with the host's router.
import { useLocation, useNavigate } from '@lighting/shared';
import { CitizenApp } from './CitizenApp';
import { fullPath, subPath, type Nav } from './nav';

export default function CitizenHostPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const nav: Nav = {
    path: subPath(location.pathname),
    search: new URLSearchParams(location.search),
    go: (to, opts) => {
      void navigate(fullPath(to), { replace: opts?.replace });
      scrollTo(0, 0);
    },
  };
  return <CitizenApp nav={nav} />;
}
