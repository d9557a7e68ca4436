import { generationTypeSchema, type Generation } from '@atelier/contracts';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import CreateScreenRemote from '../../../expose/create-screen';
import { fakeGeneration, installFakeApi } from '../../../testing/fake-api';
import { renderWithHost } from '../../../testing/render-with-host';
import { placeInColumns } from '../utils/masonry';

/** The engine badge (its text is "Local engine", or "Local" in a narrow card). */
const LOCAL_ENGINE_BADGE = /^Made offline by the local engine/;

const page = (...items: Generation[]) => ({ items, nextCursor: null });

/** A screen `width` px wide (matchMedia answers min-width queries against it), optionally asking for less motion. */
function screenOf(width: number, { reducedMotion = false } = {}) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const minWidth = /min-width:\s*([\d.]+)(rem|px)/.exec(query);
    const matches = minWidth
      ? width >= Number(minWidth[1]) * (minWidth[2] === 'rem' ? 16 : 1)
      : query.includes('prefers-reduced-motion: reduce') && reducedMotion;
    return { matches, media: query, addEventListener() {}, removeEventListener() {} };
  });
}

/** The picture's box of a tile: the element that holds the img or video. */
const pictureBox = (tile: HTMLElement) => tile.querySelector('img, video')!.parentElement!;

afterEach(() => vi.restoreAllMocks());

describe('gallery masonry', () => {
  it('gives each tile its own ratio: the recorded size, else the requested ratio, else the loaded picture', async () => {
    installFakeApi({
      'GET /api/generations': () =>
        page(
          fakeGeneration({ prompt: 'square', width: 1024, height: 1024, aspectRatio: '1:1' }),
          fakeGeneration({ prompt: 'portrait', width: 1024, height: 1280, aspectRatio: '4:5' }),
          fakeGeneration({ prompt: 'landscape', type: 'video', videoUrl: '/media/w.mp4', imageUrl: '/media/w.png', width: 1920, height: 1080, aspectRatio: null }),
          fakeGeneration({ prompt: 'asked three four', width: null, height: null, aspectRatio: '3:4' }),
          fakeGeneration({ prompt: 'older canvas', type: 'canvas', width: null, height: null, aspectRatio: null }),
        ),
    });
    renderWithHost(<CreateScreenRemote tab="image" />);
    const box = async (name: string) => pictureBox(await screen.findByRole('button', { name }));
    expect((await box('Open image: square')).style.aspectRatio).toBe('1024 / 1024');
    expect((await box('Open image: portrait')).style.aspectRatio).toBe('1024 / 1280');
    expect((await box('Open video: landscape')).style.aspectRatio).toBe('1920 / 1080');
    expect((await box('Open image: asked three four')).style.aspectRatio).toBe('3 / 4');

    // No size known: a 2:3 placeholder until the picture has loaded, then the picture's own.
    const older = await box('Open canvas: older canvas');
    expect(older.style.aspectRatio).toBe('2 / 3');
    const img = older.querySelector('img')!;
    Object.defineProperty(img, 'naturalWidth', { value: 1600 });
    Object.defineProperty(img, 'naturalHeight', { value: 900 });
    fireEvent.load(img);
    expect(older.style.aspectRatio).toBe('1600 / 900');
  });

  it('places tiles in columns, the first row left to right, the next tile under the shortest column, in list order', async () => {
    screenOf(1440);
    installFakeApi({
      'GET /api/generations': () =>
        page(
          fakeGeneration({ id: 'a', prompt: 'a', width: 1024, height: 1536 }),
          fakeGeneration({ id: 'b', prompt: 'b', width: 1920, height: 1080 }),
          fakeGeneration({ id: 'c', prompt: 'c', width: 1024, height: 1536 }),
          fakeGeneration({ id: 'd', prompt: 'd', width: 1024, height: 1536 }),
          fakeGeneration({ id: 'e', prompt: 'e', width: 1024, height: 1024 }),
        ),
    });
    renderWithHost(<CreateScreenRemote tab="image" />);
    const list = await screen.findByRole('list');
    const tiles = within(list).getAllByRole('listitem');
    // Reading and Tab order stay newest first.
    expect(tiles.map((tile) => within(tile).getByRole('button').getAttribute('aria-label'))).toEqual(
      ['a', 'b', 'c', 'd', 'e'].map((prompt) => `Open image: ${prompt}`),
    );
    expect(list).toHaveAttribute('data-columns', '4');
    expect(tiles.map((tile) => tile.dataset.column)).toEqual(['0', '1', '2', '3', '1']);
    // The landscape tile is the short one: the fifth sits under it, one caption and gap plus 1080/1920 of a column down.
    expect(tiles[4]!.style.marginTop).toBe('calc(0.5625 * (0.25 * (100cqw - 2.25rem)) + 1 * (2.875rem + 0.75rem))');
    expect(tiles[4]!.style.marginLeft).toBe('calc(1 * ((0.25 * (100cqw - 2.25rem)) + 0.75rem))');
    // Every tile shares the list's one grid cell, which grows to the tallest column.
    expect(tiles.every((tile) => tile.style.gridArea === '1 / 1')).toBe(true);
  });

  it('uses two columns on a phone', async () => {
    screenOf(390);
    installFakeApi({
      'GET /api/generations': () => page(fakeGeneration({ prompt: 'one' }), fakeGeneration({ prompt: 'two' }), fakeGeneration({ prompt: 'three' })),
    });
    renderWithHost(<CreateScreenRemote tab="image" />);
    const list = await screen.findByRole('list');
    expect(list).toHaveAttribute('data-columns', '2');
    expect(within(list).getAllByRole('listitem').map((tile) => tile.dataset.column)).toEqual(['0', '1', '0']);
  });

  it('never moves the tiles already placed when a page is added at the end', () => {
    const ratios = [
      { width: 2, height: 3 },
      { width: 16, height: 9 },
      { width: 1, height: 1 },
      { width: 4, height: 5 },
      { width: 9, height: 16 },
    ];
    const first = placeInColumns(ratios, 3).placements;
    const more = placeInColumns([...ratios, { width: 1, height: 1 }, { width: 2, height: 3 }, { width: 16, height: 9 }], 3).placements;
    expect(more.slice(0, ratios.length)).toEqual(first);
  });

  it('keeps the tags on one line and captions a dress-up with the garment tried on', async () => {
    installFakeApi({
      'GET /api/generations': () =>
        page(
          fakeGeneration({ prompt: 'a still', engine: 'local' }),
          fakeGeneration({
            type: 'dressup',
            prompt: null,
            aspectRatio: null,
            inputs: { person: '/media/person.png', garment: '/media/garment.png' },
          }),
          fakeGeneration({
            id: 'failed-dressup',
            type: 'dressup',
            prompt: null,
            status: 'failed',
            imageUrl: null,
            errorMessage: 'No person found in the photo',
            inputs: { person: '/media/person.png', garment: '/media/garment.png' },
          }),
        ),
    });
    renderWithHost(<CreateScreenRemote tab="dress-up" />);
    const still = await screen.findByRole('button', { name: 'Open image: a still' });
    const tags = within(still).getByText('Image').parentElement!.parentElement!;
    expect(tags).toContainElement(within(still).getByTitle(LOCAL_ENGINE_BADGE));
    expect(tags).toHaveClass('flex-nowrap', 'whitespace-nowrap', 'overflow-hidden');
    // In a narrow card the kind gives way (cut with an ellipsis), never the engine.
    expect(within(still).getByText('Image')).toHaveClass('truncate');
    const badge = within(still).getByTitle(LOCAL_ENGINE_BADGE);
    expect(badge).toHaveClass('shrink-0');
    expect(badge).toHaveTextContent(/^Local engine$/);
    // A card narrower than 12.5rem (a phone's two columns) says "Local", so "DRESS UP" beside it is read whole.
    expect(tags.parentElement).toHaveClass('@container');
    expect(within(badge).getByText('engine')).toHaveClass('@max-[12.5rem]:hidden');

    const dressUp = screen.getByRole('button', { name: 'Open dress up: garment tried on' });
    expect(within(dressUp).getByText('Garment tried on')).toBeInTheDocument();
    const pictures = [...dressUp.querySelectorAll('img')].map((img) => img.getAttribute('src'));
    expect(pictures).toContain('/media/garment.png');
    // A try-on that failed did not try the garment on.
    const remove = screen.getByRole('button', { name: 'Remove failed dress up: garment to try on' });
    const failed = remove.closest('li')!;
    expect(within(failed).getByText('Garment to try on')).toBeInTheDocument();
    expect(within(failed).queryByText('Garment tried on')).not.toBeInTheDocument();
  });
});

describe('video tiles', () => {
  const videoPage = () =>
    page(
      fakeGeneration({ type: 'video', prompt: 'slow turn', videoUrl: '/media/turn.mp4', imageUrl: '/media/turn.png', width: 1024, height: 1536 }),
    );

  function stubMedia() {
    const played: HTMLMediaElement[] = [];
    const paused: HTMLMediaElement[] = [];
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
      played.push(this);
      return Promise.resolve();
    });
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
      paused.push(this);
    });
    return { played, paused };
  }

  it('plays a muted, looping preview while hovered or focused and pauses it again', async () => {
    const media = stubMedia();
    installFakeApi({ 'GET /api/generations': videoPage });
    const { user } = renderWithHost(<CreateScreenRemote tab="video" />);
    const tile = await screen.findByRole('button', { name: 'Open video: slow turn' });
    const video = tile.querySelector('video')!;
    expect(video.muted).toBe(true);
    expect(video).toHaveAttribute('loop');
    expect(video).toHaveAttribute('playsinline');
    expect(video).not.toHaveAttribute('autoplay');

    await user.hover(tile);
    expect(media.played).toEqual([video]);
    await user.unhover(tile);
    expect(media.paused).toEqual([video]);

    act(() => tile.focus());
    expect(media.played).toEqual([video, video]);
    act(() => tile.blur());
    expect(media.paused).toEqual([video, video]);
  });

  it('plays nothing by itself when the user asks for reduced motion', async () => {
    screenOf(1440, { reducedMotion: true });
    const media = stubMedia();
    installFakeApi({ 'GET /api/generations': videoPage });
    const { user } = renderWithHost(<CreateScreenRemote tab="video" />);
    const tile = await screen.findByRole('button', { name: 'Open video: slow turn' });
    await user.hover(tile);
    act(() => tile.focus());
    expect(media.played).toEqual([]);
    // The viewer shows its controls but does not start the video either.
    await user.click(tile);
    const video = (await screen.findByRole('dialog')).querySelector('video')!;
    expect(video).toHaveAttribute('controls');
    expect(video).not.toHaveAttribute('autoplay');
  });
});

describe('gallery filters', () => {
  const LABELS: Record<Generation['type'], string> = {
    image: 'Images',
    video: 'Videos',
    dressup: 'Dress Up',
    photoshoot: 'Photoshoot',
    canvas: 'Canvas',
    upscale: 'Upscale',
  };
  const oneOfEach = () =>
    generationTypeSchema.options.map((type) =>
      fakeGeneration({ type, prompt: `a ${type}`, ...(type === 'video' ? { videoUrl: `/media/${type}.mp4` } : {}) }),
    );

  it('offers All and one filter for every kind of output', async () => {
    installFakeApi({ 'GET /api/generations': () => page(...oneOfEach()) });
    renderWithHost(<CreateScreenRemote tab="image" />);
    const filters = await screen.findByRole('group', { name: 'Show' });
    expect(within(filters).getAllByRole('button').map((button) => button.textContent)).toEqual([
      'All',
      ...generationTypeSchema.options.map((type) => LABELS[type]),
    ]);
  });

  it.each(generationTypeSchema.options)('shows only the %s outputs when that filter is chosen', async (type) => {
    installFakeApi({ 'GET /api/generations': () => page(...oneOfEach()) });
    const { user } = renderWithHost(<CreateScreenRemote tab="image" />);
    const filters = await screen.findByRole('group', { name: 'Show' });
    expect(screen.getAllByRole('listitem')).toHaveLength(generationTypeSchema.options.length);
    await user.click(within(filters).getByRole('button', { name: LABELS[type] }));
    const shown = screen.getAllByRole('listitem');
    expect(shown).toHaveLength(1);
    expect(within(shown[0]!).getByRole('button').getAttribute('aria-label')).toMatch(new RegExp(`: a ${type}$`));
  });

  it('still offers Load more when the loaded pages hold none of the chosen kind', async () => {
    installFakeApi({ 'GET /api/generations': () => ({ items: [fakeGeneration({ prompt: 'a still' })], nextCursor: 'c2' }) });
    const { user } = renderWithHost(<CreateScreenRemote tab="image" />);
    await user.click(within(await screen.findByRole('group', { name: 'Show' })).getByRole('button', { name: 'Upscale' }));
    expect(screen.getByText('None of this kind yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Load more' })).toBeInTheDocument();
  });
});

describe('viewer', () => {
  it('lists what the local engine understood of the prompt in its details', async () => {
    installFakeApi({
      'GET /api/generations': () =>
        page(
          fakeGeneration({
            prompt: 'red silk slip dress on a beach at sunset',
            understood: [
              { label: 'Garment', value: 'slip dress' },
              { label: 'Colour', value: 'red' },
              { label: 'Material', value: 'silk' },
              { label: 'Setting', value: 'beach' },
            ],
          }),
          fakeGeneration({ prompt: 'hosted look', engine: 'fal', understood: null }),
        ),
    });
    const { user } = renderWithHost(<CreateScreenRemote tab="image" />);
    await user.click(await screen.findByRole('button', { name: 'Open image: red silk slip dress on a beach at sunset' }));
    let dialog = await screen.findByRole('dialog');
    const understood = within(dialog).getByRole('region', { name: 'What the local engine understood' });
    expect(within(understood).getAllByRole('term').map((term) => term.textContent)).toEqual(['Garment', 'Colour', 'Material', 'Setting']);
    expect(within(understood).getAllByRole('definition').map((value) => value.textContent)).toEqual(['slip dress', 'red', 'silk', 'beach']);

    await user.keyboard('{Escape}');
    await user.click(await screen.findByRole('button', { name: 'Open image: hosted look' }));
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('region', { name: 'What the local engine understood' })).not.toBeInTheDocument();
  });

  it('keeps Download in a bar pinned to the bottom of the viewer on phones', async () => {
    installFakeApi({ 'GET /api/generations': () => page(fakeGeneration({ prompt: 'ivory gown' })) });
    const { user } = renderWithHost(<CreateScreenRemote tab="image" />);
    await user.click(await screen.findByRole('button', { name: 'Open image: ivory gown' }));
    const dialog = await screen.findByRole('dialog');
    const actions = within(dialog).getByRole('group', { name: 'Actions' });
    expect(within(actions).getByRole('link', { name: 'Download' })).toBeInTheDocument();
    // Pinned (sticky at the bottom of the scrolling viewer) below md, in the side column from md up.
    expect(actions).toHaveClass('sticky', 'bottom-0', 'md:static');
    // A grid item could not stick outside its own row: below md the viewer is a flex column.
    expect(dialog).toHaveClass('flex', 'flex-col', 'md:grid');
    expect(dialog).not.toHaveClass('grid');
  });
});
