import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { remoteRegistry } from '../features/remotes/utils/federation-runtime';
import { AppProvider } from './provider';
import { createAppRouter } from './router';

export function App() {
  const [router] = useState(createAppRouter);
  const [navigate] = useState(() => (to: string, options?: { replace?: boolean }) => void router.navigate(to, options));
  return (
    <AppProvider navigate={navigate} remoteRegistry={remoteRegistry}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
