import { dismissToast, getToasts, toast } from '@atelier/ui';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LazyToaster } from '../lazy-toaster';

afterEach(() => {
  act(() => getToasts().forEach((item) => dismissToast(item.id)));
});

describe('LazyToaster', () => {
  it('draws nothing until the first toast, then loads the Toaster and shows it', async () => {
    const { container } = render(<LazyToaster />);
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
        <LazyToaster load={load} />
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
