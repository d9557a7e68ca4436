import { dismissToast, getToasts, toast } from '@atelier/ui';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LazyToaster } from '../lazy-toaster';

afterEach(() => {
  act(() => getToasts().forEach((item) => dismissToast(item.id)));
});

describe('LazyToaster', () => {
  // First: no toast has been made yet in this file (the store keeps dismissed ones), as on a page just opened.
  it('fetches the Toaster ahead once the page is idle, so a toast shown with the network gone still appears', async () => {
    const { Toaster } = await import('@atelier/ui/toaster');
    let online = true;
    const load = vi.fn(async () => {
      if (!online) throw new TypeError('Failed to fetch dynamically imported module');
      return { default: Toaster };
    });
    // The chunk, once fetched, is kept by the bundler: the same answer later without the network.
    let kept: Promise<{ default: typeof Toaster }> | null = null;
    const cachedLoad = () => (kept ??= load());
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => setTimeout(callback, 0));
    vi.stubGlobal('cancelIdleCallback', (handle: number) => clearTimeout(handle));
    try {
      const { container, unmount } = render(<LazyToaster load={cachedLoad} />);
      await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
      expect(container).toBeEmptyDOMElement(); // fetched, not drawn: nothing to show yet
      online = false;
      act(() => void toast({ title: 'Network error' }));
      expect(await screen.findByText('Network error')).toBeInTheDocument();
      unmount();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('draws nothing until the first toast, then loads the Toaster and shows it', async () => {
    const { container } = render(<LazyToaster preloadWhenIdle={false} />);
    expect(container).toBeEmptyDOMElement();
    expect(document.querySelector('[role="region"]')).toBeNull();
    act(() => void toast({ title: 'Saved', description: 'Your look is in the gallery.' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(screen.getByText('Your look is in the gallery.')).toBeInTheDocument();
  });

  it('survives a Toaster that fails to load: that toast is lost, the next one loads it again', async () => {
    const { Toaster } = await import('@atelier/ui/toaster');
    const load = vi
      .fn<() => Promise<{ default: typeof Toaster }>>()
      .mockRejectedValueOnce(new Error('chunk failed'))
      .mockResolvedValue({ default: Toaster });
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <div>
        <p>The page</p>
        <LazyToaster load={load} preloadWhenIdle={false} />
      </div>,
    );
    act(() => void toast({ title: 'First' }));
    await vi.waitFor(() => expect(consoleError).toHaveBeenCalled());
    expect(screen.getByText('The page')).toBeInTheDocument(); // the page stays
    expect(screen.queryByText('First')).toBeNull();
    act(() => void toast({ title: 'Second' }));
    expect(await screen.findByText('Second')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    consoleError.mockRestore();
  });

});

