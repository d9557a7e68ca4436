import { useNavigate, useSearchParams } from 'react-router-dom';
import { usePublicConfig } from '../../features/auth/api/get-config';
import { LoginScreen } from '../../features/auth/components/login-screen';

export { LOGIN_HERO_FADE_MS, LOGIN_HERO_INTERVAL_MS } from '../../features/auth/components/login-screen';

/** /login inside the full app (reached by client navigation); a first load of /login uses app/login-app. */
export function LoginRoute() {
  const { devLogin } = usePublicConfig();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  return <LoginScreen devLogin={devLogin} errorCode={params.get('error')} accountNotice={params.get('account')} onNavigate={(to) => void navigate(to)} />;
}

export const Component = LoginRoute;
