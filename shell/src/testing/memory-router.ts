import { UNSAFE_createMemoryHistory as createMemoryHistory } from 'react-router-dom';
import { guardHistory } from '../lib/guarded-history';

/**
 * The app's router state in memory for tests: `history` for <AppRouter>, the current `state` (as the data router's
 * `router.state` read) and `navigate` (a path, or a number of steps back or forward).
 */
export function createMemoryAppRouter(path: string) {
  const history = guardHistory(createMemoryHistory({ initialEntries: [path], v5Compat: true }));
  return {
    history,
    state: {
      get location() {
        return history.location;
      },
      get historyAction() {
        return history.action;
      },
    },
    navigate(to: string | number, options?: { replace?: boolean }) {
      if (typeof to === 'number') history.go(to);
      else if (options?.replace) history.replace(to);
      else history.push(to);
    },
  };
}
