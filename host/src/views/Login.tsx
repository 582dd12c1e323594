import { useLocation, useNavigate, useSearchParams } from '@lighting/shared';
import { LoginPanel } from '@lighting/shared/login';

/** /login and /login-new (spec §2): after sign-in go to ?redirect, else /. */
export function Login() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const { state } = useLocation() as { state: { notice?: string } | null };
  const redirect = search.get('redirect');
  const target = redirect && redirect.startsWith('/') && !redirect.startsWith('//') ? redirect : '/';
  return <LoginPanel notice={state?.notice} onSuccess={() => navigate(target, { replace: true })} />;
}
