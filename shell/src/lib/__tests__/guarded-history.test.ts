import { UNSAFE_createMemoryHistory as createMemoryHistory } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { guardHistory, type PendingNavigation } from '../guarded-history';

const historyAt = (entries: string[], index = entries.length - 1) =>
  guardHistory(createMemoryHistory({ initialEntries: entries, initialIndex: index, v5Compat: true }));

describe('guardHistory', () => {
  it('asks every guard with where the app is and where it would go, and stops a push or replace one refuses', () => {
    const history = historyAt(['/app/image?x=1']);
    const listener = vi.fn();
    history.listen(listener);
    const seen: PendingNavigation[] = [];
    history.guard((navigation) => {
      seen.push(navigation);
      return navigation.nextLocation.pathname === '/app/photoshoots';
    });

    history.push('/app/photoshoots?from=tab');
    history.replace({ pathname: '/app/photoshoots' });
    expect(history.location.pathname).toBe('/app/image');
    expect(listener).not.toHaveBeenCalled();
    expect(seen[0]).toEqual({
      currentLocation: expect.objectContaining({ pathname: '/app/image', search: '?x=1' }),
      nextLocation: { pathname: '/app/photoshoots', search: '?from=tab' },
      traversal: false,
    });

    history.push('/app/canvas');
    expect(history.location.pathname).toBe('/app/canvas');
    expect(listener).toHaveBeenCalledWith(
      expect.objectContaining({
        action: 'PUSH',
        location: expect.objectContaining({ pathname: '/app/canvas' }),
      }),
    );
  });

  it('undoes a Back or Forward a guard refuses before the router hears of it, from where the app was', () => {
    const history = historyAt(['/app/photoshoots', '/app', '/app/canvas'], 1);
    const listener = vi.fn();
    history.listen(listener);
    const guard = vi.fn(
      ({ nextLocation }: PendingNavigation) => nextLocation.pathname === '/app/photoshoots',
    );
    const remove = history.guard(guard);

    history.go(-1); // Back to the photoshoots: refused
    expect(history.location.pathname).toBe('/app');
    expect(listener).not.toHaveBeenCalled();
    // Told it is the browser's Back or Forward (a viewer closes on it; a link is not one).
    expect(guard).toHaveBeenLastCalledWith({
      currentLocation: expect.objectContaining({ pathname: '/app' }),
      nextLocation: expect.objectContaining({ pathname: '/app/photoshoots' }),
      traversal: true,
    });

    history.go(1); // Forward to the canvas: allowed
    expect(history.location.pathname).toBe('/app/canvas');
    expect(listener).toHaveBeenLastCalledWith(expect.objectContaining({ action: 'POP', delta: 1 }));

    remove();
    history.go(-2); // without the guard, Back twice reaches the photoshoots
    expect(history.location.pathname).toBe('/app/photoshoots');
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('lets the next step through when the undo of a stopped one never came (the app follows the address)', () => {
    const memory = createMemoryHistory({
      initialEntries: ['/a', '/app/photoshoots', '/app'],
      initialIndex: 2,
      v5Compat: true,
    });
    let dropUndo = true;
    const inner = new Proxy(memory, {
      get: (target, property) =>
        property === 'go'
          ? (delta: number) => {
              if (dropUndo) dropUndo = false;
              else target.go(delta);
            }
          : Reflect.get(target, property),
    });
    const history = guardHistory(inner);
    const listener = vi.fn();
    history.listen(listener);
    history.guard(({ nextLocation }) => nextLocation.pathname === '/app/photoshoots');

    memory.go(-1); // the browser's Back to the photoshoots: stopped, and its undo is lost
    expect(listener).not.toHaveBeenCalled();
    memory.go(-1); // Back again, to /a: the app goes there with the address
    expect(listener).toHaveBeenCalledWith(
      expect.objectContaining({ action: 'POP', location: expect.objectContaining({ pathname: '/a' }) }),
    );
  });

  it('lets every navigation through without guards and keeps the href and URL helpers', () => {
    const history = historyAt(['/']);
    history.push('/pricing');
    history.replace('/pricing/all');
    expect(history.location.pathname).toBe('/pricing/all');
    expect(history.action).toBe('REPLACE');
    expect(history.createHref('/app')).toBe('/app');
  });
});
