// /dv/view/:moduleId — the city wall display (menu type 6), outside the guard and the console
// chrome (no antd). Signs in with the token the menu link carried (spec §2; already out of the
// address, wallToken.ts) or the stored one, opens the socket, then shows the page the registry's
// remote has for the address (PublicPage). No valid token: /login, back here after sign-in.
import { useEffect, useState } from 'react';
import { guardErrorMessage, Navigate, useLocation, useSession } from '@lighting/shared';
import { Loading } from '../views/Loading';
import PublicPage from './PublicPage';
import { takeWallToken } from './wallToken';

type State = { status: 'signing' } | { status: 'ready' } | { status: 'login'; notice?: string };

export default function WallDoor() {
  const { pathname } = useLocation();
  const [state, setState] = useState<State>({ status: 'signing' });

  useEffect(() => {
    let alive = true;
    const session = useSession.getState();
    const fromLink = takeWallToken();
    if (fromLink) session.setToken(fromLink);
    const token = useSession.getState().token;
    if (!token) {
      setState({ status: 'login' });
      return;
    }
    session
      .getInfo()
      .then(async () => {
        const { connect } = await import('@lighting/shared/realtime');
        connect(token);
        if (alive) setState({ status: 'ready' });
      })
      .catch((e: unknown) => {
        useSession.getState().resetToken();
        if (alive) setState({ status: 'login', notice: guardErrorMessage(e) });
      });
    return () => {
      alive = false;
    };
  }, []);

  if (state.status === 'login')
    return (
      <Navigate
        to={`/login?redirect=${encodeURIComponent(pathname)}`}
        replace
        state={state.notice ? { notice: state.notice } : null}
      />
    );
  if (state.status === 'signing') return <Loading />;
  return <PublicPage />;
}
