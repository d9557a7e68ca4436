import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../components/toaster.js';
import { TOAST_REMOVE_DELAY_MS } from '../constants.js';
import { dismissToast, getToasts, toast } from '../hooks/use-toast.js';
import { useToastClearance } from '../hooks/use-toast-clearance.js';
import { useRef } from 'react';

afterEach(() => {
  act(() => dismissToast());
  vi.useRealTimers();
});

describe('toasts', () => {
  it('shows one toast at a time, the newest', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Download Complete', description: 'All photos downloaded successfully' });
      toast({ title: 'Generation Failed', description: 'boom', variant: 'destructive' });
    });
    expect(screen.getByText('Generation Failed')).toBeInTheDocument();
    expect(screen.getByText('boom')).toBeInTheDocument();
    expect(screen.queryByText('Download Complete')).not.toBeInTheDocument();
  });

  it('offers the F8 hotkey on the notifications region', () => {
    render(<Toaster />);
    expect(screen.getByRole('region', { name: /F8/ })).toBeInTheDocument();
  });

  it('keeps a dismissed toast in the store until the removal delay has passed', () => {
    vi.useFakeTimers();
    const { id } = toast({ title: 'Bye' });
    dismissToast(id);
    expect(getToasts().find((t) => t.id === id)?.open).toBe(false);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1);
    expect(getToasts().some((t) => t.id === id)).toBe(true);
    vi.advanceTimersByTime(1);
    expect(getToasts().some((t) => t.id === id)).toBe(false);
  });

  it('sits above a full-screen flow\'s action bar while one is open, and at the bottom again when it closes', () => {
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(72);
    function Flow() {
      const footer = useRef<HTMLElement>(null);
      useToastClearance(footer);
      return <footer ref={footer}>Back Next</footer>;
    }
    render(<Toaster />);
    act(() => void toast({ title: 'Character Required', description: 'Please select a character', variant: 'destructive' }));
    const viewport = screen.getByText('Character Required').closest('ol')!;
    expect(viewport.style.bottom).toBe('var(--toast-bottom, 0px)');
    const flow = render(<Flow />);
    expect(document.documentElement.style.getPropertyValue('--toast-bottom')).toBe('72px');
    flow.unmount();
    expect(document.documentElement.style.getPropertyValue('--toast-bottom')).toBe('');
    vi.restoreAllMocks();
  });
});
