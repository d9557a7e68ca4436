import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import CreateScreenRemote from '../../../expose/create-screen';
import { fakeGeneration, fakePreset, installFakeApi, json } from '../../../testing/fake-api';
import { renderWithHost } from '../../../testing/render-with-host';
import { GENERATIONS_KEY } from '../api/get-generations';

/** The engine badge (its text is "Local engine", or "Local" in a narrow card). */
const LOCAL_ENGINE_BADGE = /^Made offline by the local engine/;

const page = (...items: ReturnType<typeof fakeGeneration>[]) => ({ items, nextCursor: null });

describe('gallery', () => {
  it('shows a loading state, then an empty state', async () => {
    let answer: (value: unknown) => void = () => {};
    installFakeApi({ 'GET /api/generations': () => new Promise((resolve) => (answer = resolve)) });
    renderWithHost(<CreateScreenRemote tab="image" />);
    expect(screen.getByRole('status', { name: 'Loading your creations' })).toBeInTheDocument();
    await act(async () => answer(page()));
    expect(await screen.findByText('Nothing here yet')).toBeInTheDocument();
  });

  it('shows an error state with a retry', async () => {
    const api = installFakeApi({ 'GET /api/generations': () => json({ error: 'Service unavailable: create' }, 502) });
    const { user } = renderWithHost(<CreateScreenRemote tab="image" />);
    expect(await screen.findByText('Your creations could not be loaded.')).toBeInTheDocument();
    api.on('GET /api/generations', () => page(fakeGeneration({ prompt: 'back again' })));
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Open image: back again' })).toBeInTheDocument();
  });

  it('lists the generations in the order the server gives (newest first), with the engine, and asks for a page', async () => {
    const api = installFakeApi({
      'GET /api/generations': () =>
        page(
          fakeGeneration({ id: 'new', prompt: 'newest look', type: 'video', videoUrl: '/media/new.mp4', imageUrl: null, engine: 'local' }),
          fakeGeneration({ id: 'old', prompt: 'older look', engine: 'fal' }),
          fakeGeneration({ id: 'bad', prompt: 'broken', status: 'failed', imageUrl: null, errorMessage: 'Engine crashed' }),
          fakeGeneration({ id: 'run', prompt: 'running', status: 'processing', imageUrl: null }),
        ),
    });
    renderWithHost(<CreateScreenRemote tab="image" />);
    const list = await screen.findByRole('list');
    const tiles = within(list).getAllByRole('listitem');
    expect(tiles).toHaveLength(4);
    expect(within(tiles[0]!).getByRole('button', { name: 'Open video: newest look' })).toBeInTheDocument();
    expect(within(tiles[0]!).getByTitle(LOCAL_ENGINE_BADGE)).toBeInTheDocument();
    expect(within(tiles[1]!).getByRole('button', { name: 'Open image: older look' })).toBeInTheDocument();
    expect(within(tiles[1]!).queryByTitle(LOCAL_ENGINE_BADGE)).not.toBeInTheDocument();
    expect(within(tiles[2]!).getByText('Engine crashed')).toBeInTheDocument();
    // Net of the charge and its refund, and true of a start refused before any charge.
    expect(within(tiles[2]!).getByText('No credits spent')).toBeInTheDocument();
    expect(within(tiles[3]!).getByText('Generating…')).toBeInTheDocument();
    expect(api.calls('GET /api/generations')[0]!.url.searchParams.get('limit')).toBe('24');
  });

  it('puts nothing on a tile\'s picture: the kind and the engine go in a line below it', async () => {
    installFakeApi({
      'GET /api/generations': () =>
        page(
          fakeGeneration({ id: 'v', prompt: 'a turn', type: 'video', videoUrl: '/media/v.mp4', imageUrl: '/media/p.png', engine: 'local' }),
          fakeGeneration({ id: 'i', prompt: 'a still', engine: 'local' }),
        ),
    });
    renderWithHost(<CreateScreenRemote tab="image" />);
    for (const name of ['Open video: a turn', 'Open image: a still']) {
      const tile = await screen.findByRole('button', { name });
      const media = tile.querySelector('img, video')!;
      // The picture's box holds the picture alone.
      expect(media.parentElement!.children).toHaveLength(1);
      expect(media.parentElement).not.toContainElement(within(tile).getByTitle(LOCAL_ENGINE_BADGE));
      expect(media.parentElement).not.toContainElement(within(tile).getByText(name.includes('video') ? 'Video' : 'Image'));
    }
  });

  it('shows the engine by the viewer\'s title, not on the picture', async () => {
    installFakeApi({ 'GET /api/generations': () => page(fakeGeneration({ prompt: 'ivory gown', imageUrl: '/media/a.png', engine: 'local' })) });
    const { user } = renderWithHost(<CreateScreenRemote tab="image" />);
    await user.click(await screen.findByRole('button', { name: 'Open image: ivory gown' }));
    const dialog = await screen.findByRole('dialog');
    const picture = within(dialog).getByRole('img', { name: 'ivory gown' });
    expect(picture.parentElement!.children).toHaveLength(1);
    const badge = within(dialog).getByTitle(LOCAL_ENGINE_BADGE);
    expect(badge.parentElement).toContainElement(within(dialog).getByRole('heading', { name: 'Image' }));
  });

  it('shows a prompt in its own direction (an Arabic prompt is cut at its end, not its beginning)', async () => {
    const prompt = 'فستان أحمر من الحرير على منصة عرض الأزياء';
    installFakeApi({ 'GET /api/generations': () => page(fakeGeneration({ id: 'rtl', prompt })) });
    const { user } = renderWithHost(<CreateScreenRemote tab="image" />);
    const tile = await screen.findByRole('button', { name: `Open image: ${prompt}` });
    expect(within(tile.closest('li')!).getByText(prompt)).toHaveAttribute('dir', 'auto');
    await user.click(tile);
    expect(within(await screen.findByRole('dialog')).getByText(prompt)).toHaveAttribute('dir', 'auto');
  });

  it('loads the next page with the cursor', async () => {
    const api = installFakeApi({
      'GET /api/generations': ({ url }) =>
        url.searchParams.get('cursor') === 'c2'
          ? page(fakeGeneration({ prompt: 'second page' }))
          : { items: [fakeGeneration({ prompt: 'first page' })], nextCursor: 'c2' },
    });
    const { user } = renderWithHost(<CreateScreenRemote tab="image" />);
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('button', { name: 'Open image: second page' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open image: first page' })).toBeInTheDocument();
    expect(api.calls('GET /api/generations').some((r) => r.url.searchParams.get('cursor') === 'c2')).toBe(true);
  });

  it('opens an image in the viewer with a download link through /api/download', async () => {
    installFakeApi({
      'GET /api/generations': () => page(fakeGeneration({ id: 'a', prompt: 'ivory gown', imageUrl: '/media/a b.png', presetId: 'film' })),
      'GET /api/presets': () => [fakePreset('film', 'Vintage', 'Film Noir')],
    });
    const { user } = renderWithHost(<CreateScreenRemote tab="image" />);
    await user.click(await screen.findByRole('button', { name: 'Open image: ivory gown' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveAttribute('data-remote', 'mf_create');
    expect(within(dialog).getByRole('img', { name: 'ivory gown' })).toHaveAttribute('src', '/media/a b.png');
    const download = within(dialog).getByRole('link', { name: 'Download' });
    expect(download).toHaveAttribute('href', '/api/download?url=%2Fmedia%2Fa%20b.png');
    expect(download).toHaveAttribute('download');
    expect(within(dialog).getByText('Local engine (offline, on this server)')).toBeInTheDocument();
    expect(await within(dialog).findByText('Film Noir')).toBeInTheDocument();
  });

  it('deletes a creation from the viewer once confirmed: it leaves the list, and a toast says so', async () => {
    let items = [fakeGeneration({ id: 'a', prompt: 'ivory gown' }), fakeGeneration({ id: 'b', prompt: 'camel coat' })];
    const api = installFakeApi({
      'GET /api/generations': () => page(...items),
      'DELETE /api/generations/:id': ({ params }) => {
        items = items.filter((item) => item.id !== params.id);
        return new Response(null, { status: 204 });
      },
    });
    const { user, host } = renderWithHost(<CreateScreenRemote tab="image" />);
    await user.click(await screen.findByRole('button', { name: 'Open image: ivory gown' }));
    const viewer = await screen.findByRole('dialog', { name: 'Image' });
    await user.click(within(viewer).getByRole('button', { name: 'Delete from my creations' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this image?' });
    expect(confirm).toHaveTextContent('It leaves your creations for good.');
    // Cancel keeps it.
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(api.calls('DELETE /api/generations/:id')).toHaveLength(0);
    await user.click(within(viewer).getByRole('button', { name: 'Delete from my creations' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete this image?' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls('DELETE /api/generations/:id').map((call) => call.params.id)).toEqual(['a']);
    expect(host.toast).toHaveBeenCalledWith({ title: 'Deleted from your creations' });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Open image: ivory gown' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Open image: camel coat' })).toBeInTheDocument();
    // The card that had the focus is gone: focus is on the gallery's heading, not the top of the page.
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Your creations' })).toHaveFocus());
  });

  it('tells why a delete was refused, and keeps the creation', async () => {
    installFakeApi({
      'GET /api/generations': () => page(fakeGeneration({ id: 'a', prompt: 'ivory gown' })),
      'DELETE /api/generations/:id': () => json({ error: 'This generation is still running. Delete it once it has finished.' }, 409),
    });
    const { user, host } = renderWithHost(<CreateScreenRemote tab="image" />);
    await user.click(await screen.findByRole('button', { name: 'Open image: ivory gown' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Image' })).getByRole('button', { name: 'Delete from my creations' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete this image?' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(host.toast).toHaveBeenCalledWith({ title: 'Could not delete', description: 'This generation is still running. Delete it once it has finished.', variant: 'destructive' }),
    );
    expect(screen.getByRole('dialog', { name: 'Image' })).toBeInTheDocument();
  });

  it("removes a failed generation's card at once", async () => {
    let items = [fakeGeneration({ id: 'bad', prompt: 'broken', status: 'failed', imageUrl: null, errorMessage: 'Engine crashed' })];
    const api = installFakeApi({
      'GET /api/generations': () => page(...items),
      'DELETE /api/generations/:id': () => {
        items = [];
        return new Response(null, { status: 204 });
      },
    });
    const { user, host } = renderWithHost(<CreateScreenRemote tab="image" />);
    await user.click(await screen.findByRole('button', { name: 'Remove failed image: broken' }));
    await waitFor(() => expect(screen.queryByText('Engine crashed')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Your creations' })).toHaveFocus());
    expect(api.calls('DELETE /api/generations/:id')).toHaveLength(1);
    expect(host.toast).not.toHaveBeenCalled();
  });

  it("shows a photoshoot's photos as one tile, and pages through them in the viewer", async () => {
    const photo = (pose: number) =>
      fakeGeneration({
        id: `p${pose}`,
        type: 'photoshoot',
        prompt: `Photoshoot · Mira · pose ${pose}`,
        imageUrl: `/media/p${pose}.jpg`,
        inputs: { photoshoot: 'shoot-1' },
        createdAt: new Date(Date.UTC(2026, 10, 27, 10, 0, 0, pose)).toISOString(),
      });
    installFakeApi({ 'GET /api/generations': () => page(fakeGeneration({ id: 'img', prompt: 'camel coat' }), photo(3), photo(2), photo(1)) });
    const { user } = renderWithHost(<CreateScreenRemote tab="image" />);
    const tile = await screen.findByRole('button', { name: 'Open photoshoot · Mira: 3 photos' });
    expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(2);
    expect(within(tile).getByText('Mira · 3 photos')).toBeInTheDocument();
    await user.click(tile);
    const viewer = await screen.findByRole('dialog', { name: 'Photoshoot' });
    expect(within(viewer).getByText('Photo 1 of 3')).toBeInTheDocument();
    expect(within(viewer).getByRole('img')).toHaveAttribute('src', '/media/p1.jpg');
    await user.click(within(viewer).getByRole('button', { name: 'Next photo' }));
    expect(within(viewer).getByText('Photo 2 of 3')).toBeInTheDocument();
    expect(within(viewer).getByRole('img')).toHaveAttribute('src', '/media/p2.jpg');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(within(viewer).getByText('Photo 3 of 3')).toBeInTheDocument();
    // A plain image's viewer has no paging.
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Open image: camel coat' }));
    expect(within(await screen.findByRole('dialog', { name: 'Image' })).queryByRole('button', { name: 'Next photo' })).not.toBeInTheDocument();
  });

  it('shows a video tile with its source image as the poster (its thumbnail when there is one)', async () => {
    installFakeApi({
      'GET /api/generations': () =>
        page(
          fakeGeneration({ type: 'video', prompt: 'with source', imageUrl: '/media/source.png', thumbnailUrl: '/media/source-thumb.webp', videoUrl: '/media/s.mp4' }),
          fakeGeneration({ type: 'video', prompt: 'older', imageUrl: '/media/older.png', thumbnailUrl: null, videoUrl: '/media/o.mp4' }),
          fakeGeneration({ type: 'video', prompt: 'no source', imageUrl: null, thumbnailUrl: null, videoUrl: '/media/n.mp4' }),
        ),
    });
    renderWithHost(<CreateScreenRemote tab="video" />);
    const withSource = (await screen.findByRole('button', { name: 'Open video: with source' })).querySelector('video')!;
    expect(withSource).toHaveAttribute('src', '/media/s.mp4');
    expect(withSource).toHaveAttribute('poster', '/media/source-thumb.webp');
    const older = screen.getByRole('button', { name: 'Open video: older' }).querySelector('video')!;
    expect(older).toHaveAttribute('poster', '/media/older.png');
    const noSource = screen.getByRole('button', { name: 'Open video: no source' }).querySelector('video')!;
    expect(noSource).not.toHaveAttribute('poster');
  });

  it('shows an image tile by its thumbnail and the viewer by the picture itself', async () => {
    installFakeApi({
      'GET /api/generations': () =>
        page(
          fakeGeneration({ prompt: 'with thumbnail', imageUrl: '/media/full.png', thumbnailUrl: '/media/thumb.webp' }),
          fakeGeneration({ prompt: 'older', imageUrl: '/media/older.png', thumbnailUrl: null }),
        ),
    });
    const { user } = renderWithHost(<CreateScreenRemote tab="image" />);
    const tile = await screen.findByRole('button', { name: 'Open image: with thumbnail' });
    expect(tile.querySelector('img')).toHaveAttribute('src', '/media/thumb.webp');
    expect(screen.getByRole('button', { name: 'Open image: older' }).querySelector('img')).toHaveAttribute('src', '/media/older.png');
    await user.click(tile);
    expect(within(await screen.findByRole('dialog')).getByRole('img', { name: 'with thumbnail' })).toHaveAttribute('src', '/media/full.png');
  });

  it('opens a video in the viewer with controls and no "Create video"', async () => {
    installFakeApi({
      'GET /api/generations': () =>
        page(fakeGeneration({ type: 'video', prompt: 'slow turn', imageUrl: null, videoUrl: '/media/v.mp4', model: 'wan-2.5' })),
    });
    const { user } = renderWithHost(<CreateScreenRemote tab="video" />);
    await user.click(await screen.findByRole('button', { name: 'Open video: slow turn' }));
    const dialog = await screen.findByRole('dialog');
    const video = dialog.querySelector('video')!;
    expect(video).toHaveAttribute('src', '/media/v.mp4');
    expect(video).toHaveAttribute('controls');
    expect(within(dialog).getByRole('link', { name: 'Download' })).toHaveAttribute('href', '/api/download?url=%2Fmedia%2Fv.mp4');
    expect(within(dialog).queryByRole('button', { name: 'Create video' })).not.toBeInTheDocument();
  });

  it.each([
    ['wan-2.5', 'Wan 2.5'],
    ['veo-3.1', 'VEO 3.1'],
    ['sora-2', 'SORA 2'],
  ])('names the video model %s as the picker does, %s', async (model, label) => {
    installFakeApi({
      'GET /api/generations': () => page(fakeGeneration({ type: 'video', prompt: 'turn', imageUrl: null, videoUrl: '/media/v.mp4', model })),
    });
    const { user } = renderWithHost(<CreateScreenRemote tab="video" />);
    await user.click(await screen.findByRole('button', { name: 'Open video: turn' }));
    const dialog = await screen.findByRole('dialog');
    const details = dialog.querySelector('dl')!;
    expect(within(details).getByText(label)).toBeInTheDocument();
    expect(within(details).queryByText(model)).not.toBeInTheDocument();
  });

  it('names the local engine models in words and shows a hosted model id as it is', async () => {
    installFakeApi({
      'GET /api/generations': () =>
        page(
          fakeGeneration({ id: 'a', prompt: 'local look', model: 'local/editorial-scene' }),
          fakeGeneration({ id: 'b', prompt: 'hosted look', model: 'fal-ai/flux/dev', engine: 'fal' }),
        ),
    });
    const { user } = renderWithHost(<CreateScreenRemote tab="image" />);
    await user.click(await screen.findByRole('button', { name: 'Open image: local look' }));
    let details = (await screen.findByRole('dialog')).querySelector('dl')!;
    expect(within(details).getByText('Local editorial scene')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(await screen.findByRole('button', { name: 'Open image: hosted look' }));
    details = (await screen.findByRole('dialog')).querySelector('dl')!;
    expect(within(details).getByText('fal-ai/flux/dev')).toBeInTheDocument();
  });

  it('"Create video" keeps the image as pendingVideoImage and navigates to /app/video', async () => {
    installFakeApi({ 'GET /api/generations': () => page(fakeGeneration({ prompt: 'red coat', imageUrl: '/media/red.png' })) });
    const { user, host } = renderWithHost(<CreateScreenRemote tab="image" />);
    await user.click(await screen.findByRole('button', { name: 'Open image: red coat' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Create video' }));
    expect(localStorage.getItem('pendingVideoImage')).toBe('/media/red.png');
    expect(host.navigate).toHaveBeenCalledWith('/app/video');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('a generation in flight', () => {
  it('runs the progress bar until the generation completes, then tracks generation_completed', async () => {
    let status: 'queued' | 'processing' | 'completed' = 'queued';
    const generation = () =>
      fakeGeneration({
        id: 'g-run',
        prompt: 'velvet blazer',
        status,
        imageUrl: status === 'completed' ? '/media/g-run.png' : null,
      });
    const api = installFakeApi({
      'GET /api/generations': () => page(...(api.calls('POST /api/generations/image').length ? [generation()] : [])),
      'POST /api/generations/image': () => json({ id: 'g-run', status: 'queued' }, 202),
    });
    const { user, host, queryClient } = renderWithHost(<CreateScreenRemote tab="image" />);
    await screen.findByText('Nothing here yet');
    await user.type(screen.getByRole('textbox', { name: 'Prompt' }), 'velvet blazer');
    await user.click(screen.getByRole('button', { name: 'Generate · 1 credit' }));
    const bar = await screen.findByRole('progressbar');
    expect(Number(bar.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(1);
    expect(await screen.findByText('Queued')).toBeInTheDocument();

    status = 'processing';
    await act(() => queryClient.invalidateQueries({ queryKey: [GENERATIONS_KEY] }));
    expect(await screen.findByText('Generating…')).toBeInTheDocument();
    expect(host.track).not.toHaveBeenCalledWith('generation_completed', expect.anything());

    status = 'completed';
    await act(() => queryClient.invalidateQueries({ queryKey: [GENERATIONS_KEY] }));
    expect(await screen.findByRole('button', { name: 'Open image: velvet blazer' })).toBeInTheDocument();
    await waitFor(() =>
      expect(host.track).toHaveBeenCalledWith('generation_completed', {
        user_plan: 'free',
        generation_type: 'image',
        model: 'text-to-image',
        credits_cost: 1,
      }),
    );
    // 100 on completion, then the bar goes away after 1 s (a generous wait: jsdom timers lag on a loaded CI host)
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument(), { timeout: 10_000 });
    expect(screen.getByRole('button', { name: 'Generate · 1 credit' })).toBeEnabled();
    expect(host.track.mock.calls.filter(([event]) => event === 'generation_completed')).toHaveLength(1);
  });

  it('scrolls a result finished off-screen into view (on a phone the gallery is far below the form)', async () => {
    let status: 'processing' | 'completed' = 'processing';
    const generation = () => fakeGeneration({ id: 'g-far', prompt: 'linen set', status, imageUrl: status === 'completed' ? '/media/g-far.png' : null });
    const api = installFakeApi({
      'GET /api/generations': () => page(...(api.calls('POST /api/generations/image').length ? [generation()] : [])),
      'POST /api/generations/image': () => json({ id: 'g-far', status: 'queued' }, 202),
    });
    const scrolled: Element[] = [];
    // jsdom has no scrolling: a stand-in records which element was brought into view.
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    // Below the fold: the tile's box is under the window's height.
    const rect = vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      const below = this.getAttribute('data-generation-id') === 'g-far';
      return DOMRect.fromRect({ x: 0, y: below ? 1600 : 0, width: 100, height: below ? 300 : 0 });
    });
    try {
      const { user, queryClient } = renderWithHost(<CreateScreenRemote tab="image" />);
      await screen.findByText('Nothing here yet');
      await user.type(screen.getByRole('textbox', { name: 'Prompt' }), 'linen set');
      await user.click(screen.getByRole('button', { name: 'Generate · 1 credit' }));
      await screen.findByText('Generating…');
      expect(scrolled).toEqual([]);
      status = 'completed';
      await act(() => queryClient.invalidateQueries({ queryKey: [GENERATIONS_KEY] }));
      await waitFor(() => expect(scrolled.map((element) => element.getAttribute('data-generation-id'))).toEqual(['g-far']));
    } finally {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
      rect.mockRestore();
    }
  });

  it('shows a destructive toast with the error message and tracks generation_failed when it fails', async () => {
    let status: 'processing' | 'failed' = 'processing';
    installFakeApi({
      'GET /api/generations': () =>
        page(
          fakeGeneration({
            id: 'g-bad',
            type: 'video',
            model: 'veo-3.1',
            cost: 20,
            status,
            imageUrl: null,
            errorMessage: status === 'failed' ? 'The engine could not read the image' : null,
          }),
        ),
    });
    const { host, queryClient } = renderWithHost(<CreateScreenRemote tab="video" />);
    // a video already processing when the screen opens shows its progress
    expect(await screen.findByText('Generating video')).toBeInTheDocument();
    status = 'failed';
    await act(() => queryClient.invalidateQueries({ queryKey: [GENERATIONS_KEY] }));
    await waitFor(() =>
      expect(host.toast).toHaveBeenCalledWith({
        title: 'Generation Failed',
        description: 'The engine could not read the image',
        variant: 'destructive',
      }),
    );
    expect(host.track).toHaveBeenCalledWith('generation_failed', {
      user_plan: 'free',
      generation_type: 'video',
      model: 'veo-3.1',
      credits_cost: 20,
    });
    // The bar resets at once: in the render that follows the failed list (the toast is raised from its effect).
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
  });
});

describe('gallery filter', () => {
  it('shows all kinds by default and one kind when chosen', async () => {
    installFakeApi({
      'GET /api/generations': () =>
        page(
          fakeGeneration({ prompt: 'a still' }),
          fakeGeneration({ type: 'video', prompt: 'a motion', imageUrl: null, videoUrl: '/media/m.mp4' }),
          fakeGeneration({ type: 'dressup', prompt: 'a try-on' }),
          fakeGeneration({ type: 'photoshoot', prompt: 'Photoshoot · Amara · pose 1', cost: 0 }),
        ),
    });
    const { user } = renderWithHost(<CreateScreenRemote tab="image" />);
    expect(await screen.findAllByRole('listitem')).toHaveLength(4);
    await user.click(screen.getByRole('button', { name: 'Videos' }));
    expect(screen.getByRole('button', { name: 'Videos' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Open video: a motion' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Dress Up' }));
    expect(screen.getByRole('button', { name: 'Open dress up: a try-on' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Photoshoot' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Open photoshoot: Photoshoot · Amara · pose 1' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'All' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
  });

  it('tags canvas edits and upscales and filters by them', async () => {
    installFakeApi({
      'GET /api/generations': () => ({
        items: [
          fakeGeneration({ prompt: 'a still' }),
          fakeGeneration({ type: 'canvas', prompt: 'Make the coat emerald', model: 'nano-banana', cost: 0 }),
          fakeGeneration({ type: 'upscale', prompt: 'Upscale 2× · 2048×3072' }),
        ],
        nextCursor: null,
      }),
    });
    const { user } = renderWithHost(<CreateScreenRemote tab="image" />);
    expect(await screen.findAllByRole('listitem')).toHaveLength(3);
    const canvasTile = screen.getByRole('button', { name: 'Open canvas: Make the coat emerald' });
    expect(within(canvasTile).getByText('Canvas')).toBeInTheDocument();
    expect(within(screen.getByRole('button', { name: 'Open upscale: Upscale 2× · 2048×3072' })).getByText('Upscale')).toBeInTheDocument();

    const filters = screen.getByRole('group', { name: 'Show' });
    await user.click(within(filters).getByRole('button', { name: 'Canvas' }));
    expect(within(filters).getByRole('button', { name: 'Canvas' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Open canvas: Make the coat emerald' })).toBeInTheDocument();
    await user.click(within(filters).getByRole('button', { name: 'Upscale' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Open upscale: Upscale 2× · 2048×3072' })).toBeInTheDocument();
    await user.click(within(filters).getByRole('button', { name: 'All' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(3);

    await user.click(screen.getByRole('button', { name: 'Open canvas: Make the coat emerald' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Canvas' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Upscale' })).toBeEnabled();
  });
});
