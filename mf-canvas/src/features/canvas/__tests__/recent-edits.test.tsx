import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import CanvasEditorRemote from '../../../expose/canvas-editor';
import { fakeEdit, installFakeApi, json } from '../../../testing/fake-api';
import { renderWithHost } from '../../../testing/render-with-host';

describe('recent edits', () => {
  it('shows a loading state, then the results newest first; choosing one puts it on the canvas', async () => {
    const api = installFakeApi();
    api.seedEdits(
      { prompt: 'first look', outputImageUrl: '/media/canvas/2026/11/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.png' },
      { prompt: 'failed look', status: 'failed', outputImageUrl: null, errorMessage: 'nope' },
      { prompt: 'second look', outputImageUrl: '/media/canvas/2026/11/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.png' },
    );
    const { user } = renderWithHost(<CanvasEditorRemote />);
    expect(screen.getByRole('status', { name: 'Loading your recent edits' })).toBeInTheDocument();
    const list = await screen.findAllByRole('button', { name: /^Show edit:/ });
    expect(list.map((button) => button.getAttribute('aria-label'))).toEqual(['Show edit: second look', 'Show edit: first look']);
    expect(api.calls('GET /api/canvas/edits')[0]!.url.searchParams.get('limit')).toBe('12');

    await user.click(screen.getByRole('button', { name: 'Show edit: first look' }));
    expect(screen.getByRole('img', { name: 'Edited image' })).toHaveAttribute('src', '/media/canvas/2026/11/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.png');
    expect(screen.getByRole('button', { name: 'Show edit: first look' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Show edit: second look' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('says so when there are none yet', async () => {
    installFakeApi({ 'GET /api/canvas/edits': () => ({ items: [fakeEdit({ status: 'processing' })] }) });
    renderWithHost(<CanvasEditorRemote />);
    expect(await screen.findByText('Your edited photos will appear here.')).toBeInTheDocument();
  });

  it('offers a retry when they cannot be loaded', async () => {
    let fail = true;
    const api = installFakeApi({
      'GET /api/canvas/edits': () => (fail ? json({ error: 'Service unavailable: canvas' }, 503) : { items: [fakeEdit({ status: 'completed', prompt: 'back again', outputImageUrl: '/media/canvas/2026/11/cccccccccccccccccccccccccccccccc.png' })] }),
    });
    const { user } = renderWithHost(<CanvasEditorRemote />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your edits could not be loaded.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Show edit: back again' })).toBeInTheDocument();
    await waitFor(() => expect(api.calls('GET /api/canvas/edits')).toHaveLength(2));
  });
});
