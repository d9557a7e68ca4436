import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import PhotoshootFlowRemote from '../../../expose/photoshoot-flow';
import { fakeCharacter, installFakeApi, json, poseUrl, type PhotoshootFakeApi } from '../../../testing/fake-api';
import { renderWithHost } from '../../../testing/render-with-host';
import { button, chooseClothing, toClothingStep } from '../../../testing/wizard';

// jszip is loaded on demand (a dynamic import): the mock records what the flow puts in the archive.
const zip = vi.hoisted(() => ({
  files: [] as Array<{ name: string; data: unknown }>,
  options: null as unknown,
  imported: 0,
}));
vi.mock('jszip', () => {
  zip.imported += 1;
  class FakeZip {
    file(name: string, data: unknown) {
      zip.files.push({ name, data });
      return this;
    }
    async generateAsync(options: unknown) {
      zip.options = options;
      return new Blob(['zip'], { type: 'application/zip' });
    }
  }
  return { default: FakeZip };
});

/** Renders the flow and walks it to a completed set of photos. */
async function completedSet(setup?: (api: PhotoshootFakeApi) => void) {
  const api = installFakeApi();
  api.characters = [fakeCharacter('Mira')];
  setup?.(api);
  const view = renderWithHost(<PhotoshootFlowRemote />);
  await toClothingStep(view.user);
  await chooseClothing(view.user);
  api.on('POST /api/avatar/generate', () => {
    api.jobs.set('job_1', { status: 'processing', completedPoses: 0, totalPoses: 10, generations: [], errorMessage: null });
    api.finishJob('job_1');
    return json({ jobId: 'job_1' }, 202);
  });
  await view.user.click(button('Next'));
  await screen.findByText('Generation complete!');
  return { ...view, api };
}

const photoButton = (n: number) => button(`Open pose ${n}`);

/** A one-finger swipe on the viewer, with the touch lists a browser sends. */
function swipe(from: { x: number; y: number }, to: { x: number; y: number }) {
  const viewer = screen.getByRole('dialog', { name: /^Pose/ });
  const start = { clientX: from.x, clientY: from.y };
  const end = { clientX: to.x, clientY: to.y };
  fireEvent.touchStart(viewer, { touches: [start], changedTouches: [start] });
  fireEvent.touchEnd(viewer, { touches: [], changedTouches: [end] });
}

describe('the photo viewer', () => {
  it('opens a photo full screen, pages with the arrows and ← →, wrapping around, and closes with Escape back to the tile', async () => {
    const { user } = await completedSet();
    await user.click(photoButton(3));
    const viewer = await screen.findByRole('dialog', { name: 'Pose 3' });
    expect(viewer).toHaveAttribute('data-remote', 'mf_photoshoot');
    expect(viewer).toHaveTextContent('Photo 3 of 10');
    expect(within(viewer).getByRole('img', { name: 'Pose 3' })).toHaveAttribute('src', poseUrl('poses', 2, 1));

    await user.click(within(viewer).getByRole('button', { name: 'Next photo' }));
    expect(screen.getByRole('dialog', { name: 'Pose 4' })).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('dialog', { name: 'Pose 5' })).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('dialog', { name: 'Pose 10' })).toBeInTheDocument(); // wrapped
    await user.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(screen.getByRole('dialog', { name: 'Pose 1' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /^Pose/ })).not.toBeInTheDocument());
    expect(photoButton(3)).toHaveFocus();
  });

  it('keeps Tab inside the viewer and closes with its button', async () => {
    const { user } = await completedSet();
    await user.click(photoButton(1));
    const viewer = await screen.findByRole('dialog', { name: 'Pose 1' });
    for (let i = 0; i < 6; i += 1) {
      await user.tab();
      expect(viewer).toContainElement(document.activeElement as HTMLElement);
    }
    await user.click(within(viewer).getByRole('button', { name: 'Close viewer' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Pose 1' })).not.toBeInTheDocument());
    expect(photoButton(1)).toHaveFocus();
    expect(screen.getByText('Step 5 of 5')).toBeInTheDocument(); // the flow itself stays open
  });

  it('pages with a swipe on a phone', async () => {
    const { user } = await completedSet();
    await user.click(photoButton(5));
    await screen.findByRole('dialog', { name: 'Pose 5' });
    swipe({ x: 300, y: 400 }, { x: 180, y: 410 }); // to the left: the next photo
    expect(screen.getByRole('dialog', { name: 'Pose 6' })).toBeInTheDocument();
    swipe({ x: 100, y: 400 }, { x: 200, y: 400 });
    expect(screen.getByRole('dialog', { name: 'Pose 5' })).toBeInTheDocument();
    // Too short, or mostly vertical: no page turn.
    swipe({ x: 100, y: 400 }, { x: 140, y: 400 });
    swipe({ x: 100, y: 100 }, { x: 170, y: 400 });
    expect(screen.getByRole('dialog', { name: 'Pose 5' })).toBeInTheDocument();
  });
});

describe('Download All', () => {
  let saved: Array<{ name: string; href: string }>;
  beforeEach(() => {
    zip.files = [];
    zip.options = null;
    saved = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, href: this.href });
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('loads jszip only when asked, zips the 10 photos as pose_N.jpg without compression, saves photoshoot_{timestamp}.zip', async () => {
    const { user, host, api } = await completedSet();
    expect(zip.imported).toBe(0); // not in the first load
    vi.spyOn(Date, 'now').mockReturnValue(1_790_000_000_000);

    await user.click(button('Download All'));
    await waitFor(() => expect(host.toast).toHaveBeenCalledWith({ title: 'Download Complete', description: 'All photos downloaded successfully' }));
    expect(zip.imported).toBe(1);
    expect(zip.files.map((f) => f.name)).toEqual(Array.from({ length: 10 }, (_, i) => `pose_${i + 1}.jpg`));
    expect(zip.files.every((f) => f.data instanceof Uint8Array && f.data.byteLength > 0)).toBe(true);
    expect(zip.options).toMatchObject({ type: 'blob', compression: 'STORE', streamFiles: true });
    expect(saved).toEqual([{ name: 'photoshoot_1790000000000.zip', href: expect.stringMatching(/^blob:/) }]);
    // Each photo was fetched by its imageUrl.
    expect(api.requests.filter((r) => r.url.pathname.startsWith('/media/avatar/poses/')).map((r) => r.url.pathname)).toEqual(
      Array.from({ length: 10 }, (_, i) => poseUrl('poses', i, 1)),
    );
    expect(button('Download All')).toBeEnabled();
  });

  it('logs and skips a photo that cannot be downloaded', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, host } = await completedSet((api) =>
      api.on('GET /media/avatar/poses/:yyyy/:mm/:file', ({ url }) =>
        url.pathname === poseUrl('poses', 3, 1) ? new Response('gone', { status: 404 }) : new Response(new Uint8Array([1]), { headers: { 'Content-Type': 'image/jpeg' } }),
      ),
    );
    await user.click(button('Download All'));
    await waitFor(() => expect(host.toast).toHaveBeenCalledWith({ title: 'Download Complete', description: 'All photos downloaded successfully' }));
    expect(zip.files.map((f) => f.name)).not.toContain('pose_4.jpg');
    expect(zip.files).toHaveLength(9);
    expect(error).toHaveBeenCalledWith(expect.stringContaining('pose 4 could not be downloaded'), expect.any(Error));
    expect(saved).toHaveLength(1);
  });

  it('says so when no photo at all could be downloaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, host } = await completedSet((api) =>
      api.on('GET /media/avatar/poses/:yyyy/:mm/:file', () => new Response('gone', { status: 404 })),
    );
    await user.click(button('Download All'));
    await waitFor(() =>
      expect(host.toast).toHaveBeenCalledWith({
        title: 'Download Failed',
        description: 'None of the photos could be downloaded. Please try again.',
        variant: 'destructive',
      }),
    );
    expect(saved).toHaveLength(0);
  });

  it('shows Downloading… and takes no second click meanwhile, keeping focus (a disabled button let it fall to the body)', async () => {
    const releases: Array<() => void> = [];
    const { user, api } = await completedSet();
    api.on('GET /media/avatar/poses/:yyyy/:mm/:file', async () => {
      await new Promise<void>((resolve) => releases.push(resolve));
      return new Response(new Uint8Array([1]));
    });
    await user.click(button('Download All'));
    const busy = await screen.findByRole('button', { name: 'Downloading…' });
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    expect(busy).toHaveFocus();
    await user.click(busy);
    await waitFor(() => expect(releases).toHaveLength(10));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(releases).toHaveLength(10); // the second click fetched nothing more
    await act(async () => releases.forEach((release) => release()));
    await waitFor(() => expect(button('Download All')).toBeEnabled());
  });
});
