import { useState } from 'react';
import { UNSAFE_createBrowserHistory as createBrowserHistory } from 'react-router-dom';
import { remoteRegistry } from '../features/remotes/utils/federation-runtime';
import { guardHistory } from '../lib/guarded-history';
import { AppProvider } from './provider';
import { AppRouter } from './router';

export function App() {
  // v5Compat: the router hears of every push and replace, as BrowserRouter's own history does.
  const [history] = useState(() => guardHistory(createBrowserHistory({ v5Compat: true })));
  const [navigate] = useState(
    () => (to: string, options?: { replace?: boolean }) =>
      options?.replace ? history.replace(to) : history.push(to),
  );
  return (
    <AppProvider navigate={navigate} remoteRegistry={remoteRegistry} guard={history.guard}>
      <AppRouter history={history} />
    </AppProvider>
  );
}
