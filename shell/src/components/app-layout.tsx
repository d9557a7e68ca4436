import { Outlet } from 'react-router-dom';
import { usePublicConfig } from '../features/auth/api/get-config';
import { AppHeader } from '../features/navigation/components/app-header';

/** The studio frame: header with tabs and account corner, then the route's screen. */
export function AppLayout() {
  const { avatarEnabled } = usePublicConfig();
  return (
    <div className="flex min-h-svh flex-col">
      <AppHeader avatarEnabled={avatarEnabled} />
      <main className="flex flex-1 flex-col">
        <Outlet />
      </main>
    </div>
  );
}
