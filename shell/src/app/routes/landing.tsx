import { useNavigate } from 'react-router-dom';
import { LandingScreen } from '../landing-screen';

/** `/` reached inside the app (e.g. Back to Generator); a first visit to `/` is served by app/landing-app.tsx. */
export function LandingRoute() {
  const navigate = useNavigate();
  return <LandingScreen onNavigate={(to) => void navigate(to)} />;
}

export const Component = LandingRoute;
