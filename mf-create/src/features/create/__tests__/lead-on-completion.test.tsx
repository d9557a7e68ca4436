import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import CreateScreenRemote from '../../../expose/create-screen';
import { fakeGeneration, installFakeApi, json } from '../../../testing/fake-api';
import { renderWithHost } from '../../../testing/render-with-host';
import { GENERATIONS_KEY } from '../api/get-generations';

// This test's build "is" production on jsdom's host name.
vi.mock('../utils/lead-event', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../utils/lead-event')>()),
  productionHosts: () => ['localhost'],
}));

describe('the lead event on the first completed generation', () => {
  it('fires once, with the content category, when the first generation completes', async () => {
    const leads = vi.fn();
    window.addEventListener('atelier:lead', leads);
    let status: 'processing' | 'completed' = 'processing';
    let started = false;
    installFakeApi({
      'GET /api/generations': () => ({
        items: started ? [fakeGeneration({ id: 'first', prompt: 'first look', status, imageUrl: status === 'completed' ? '/media/f.png' : null })] : [],
        nextCursor: null,
      }),
      'POST /api/generations/image': () => {
        started = true;
        return json({ id: 'first', status: 'queued' }, 202);
      },
    });
    const { user, queryClient, unmount } = renderWithHost(<CreateScreenRemote tab="image" />);
    await screen.findByText('Nothing here yet');
    await user.type(screen.getByRole('textbox', { name: 'Prompt' }), 'first look');
    await user.click(screen.getByRole('button', { name: 'Generate · 1 credit' }));
    await screen.findByText('Generating…');
    expect(leads).not.toHaveBeenCalled();

    status = 'completed';
    await act(() => queryClient.invalidateQueries({ queryKey: [GENERATIONS_KEY] }));
    await waitFor(() => expect(leads).toHaveBeenCalledTimes(1));
    expect((leads.mock.calls[0]![0] as CustomEvent).detail).toEqual({ content_category: 'image' });
    expect(localStorage.getItem('atelier:lead-tracked')).toBe('1');
    unmount();
    window.removeEventListener('atelier:lead', leads);
  });
});
