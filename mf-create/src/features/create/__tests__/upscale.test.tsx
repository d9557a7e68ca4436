import { CREDIT_COSTS, UPSCALE_MAX_SIDE } from '@atelier/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UPSCALE } from '../../../constants';
import CreateScreenRemote from '../../../expose/create-screen';
import { fakeGeneration, installFakeApi, json } from '../../../testing/fake-api';
import { renderWithHost } from '../../../testing/render-with-host';
import { GENERATIONS_KEY } from '../api/get-generations';

const outOfCredits = { credits: { used: 25, limit: 25 }, avatar: { used: 0, limit: 0 } };

/** jsdom loads no pictures: give the viewer's image a natural size and fire its load. */
function loadPicture(img: HTMLElement, width: number, height: number) {
  Object.defineProperty(img, 'naturalWidth', { configurable: true, value: width });
  Object.defineProperty(img, 'naturalHeight', { configurable: true, value: height });
  fireEvent.load(img);
}

async function openViewer(user: ReturnType<typeof renderWithHost>['user'], name: string) {
  await user.click(await screen.findByRole('button', { name }));
  return screen.findByRole('dialog');
}

describe('Upscale in the viewer', () => {
  it('uses the contracts\' cost and cap', () => {
    expect(UPSCALE.creditCost).toBe(CREDIT_COSTS.upscale);
    expect(UPSCALE.maxSide).toBe(UPSCALE_MAX_SIDE);
  });

  it('is reached by keyboard, shows its cost, starts an upscale and lists it until it completes', async () => {
    const api = installFakeApi();
    api.generations.push(fakeGeneration({ id: 'src', prompt: 'ivory gown', imageUrl: '/media/src.png' }));
    const { user, host, queryClient } = renderWithHost(<CreateScreenRemote tab="image" />);
    const dialog = await openViewer(user, 'Open image: ivory gown');
    const button = within(dialog).getByRole('button', { name: 'Upscale' });
    expect(button).toHaveAccessibleDescription('Twice the size, up to 4096 px · 1 credit');
    expect(button).toBeEnabled();

    for (let i = 0; i < 10 && document.activeElement !== button; i += 1) await user.tab();
    expect(button).toHaveFocus();
    await user.keyboard('{Enter}');

    // The fake answers every start on one route.
    await waitFor(() => expect(api.calls('POST /api/generations/:type')).toHaveLength(1));
    expect(api.calls('POST /api/generations/:type')[0]).toMatchObject({ method: 'POST', body: { imageUrl: '/media/src.png' } });
    expect(api.calls('POST /api/generations/:type')[0]!.url.pathname).toBe('/api/generations/upscale');
    await waitFor(() =>
      expect(host.toast).toHaveBeenCalledWith({ title: 'Upscaling', description: 'The larger image will appear in your creations in a moment.' }),
    );
    expect(host.track).toHaveBeenCalledWith('generation_started', {
      user_plan: 'free',
      generation_type: 'upscale',
      model: 'upscale',
      credits_cost: 1,
    });
    // The viewer closes on the gallery, where the new generation waits in line.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('status', { name: 'Upscale in progress' })).toBeInTheDocument();
    expect(screen.getByText('Queued')).toBeInTheDocument();

    const started = api.generations[0]!;
    expect(started).toMatchObject({ type: 'upscale', status: 'queued', inputs: { image: '/media/src.png' }, cost: 1 });
    api.generations[0] = { ...started, status: 'processing' };
    await act(() => queryClient.invalidateQueries({ queryKey: [GENERATIONS_KEY] }));
    expect(await screen.findByText('Generating…')).toBeInTheDocument();
    api.generations[0] = { ...started, status: 'completed', imageUrl: '/media/big.png', engine: 'local', model: 'local/lanczos3-sharpen' };
    await act(() => queryClient.invalidateQueries({ queryKey: [GENERATIONS_KEY] }));
    await user.click(await screen.findByRole('button', { name: 'Open upscale: Upscale 2×' }));
    const result = await screen.findByRole('dialog');
    expect(within(result).getByRole('heading', { name: 'Upscale' })).toBeInTheDocument();
    expect(within(result).getByText('Local upscaler')).toBeInTheDocument();
    await waitFor(() =>
      expect(host.track).toHaveBeenCalledWith('generation_completed', expect.objectContaining({ generation_type: 'upscale' })),
    );
  });

  it('is disabled while the start is being answered', async () => {
    let answer: (value: Response) => void = () => {};
    const api = installFakeApi({
      'GET /api/generations': () => ({ items: [fakeGeneration({ prompt: 'red coat', imageUrl: '/media/red.png' })], nextCursor: null }),
      'POST /api/generations/upscale': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const { user } = renderWithHost(<CreateScreenRemote tab="image" />);
    const dialog = await openViewer(user, 'Open image: red coat');
    const button = within(dialog).getByRole('button', { name: 'Upscale' });
    await user.click(button);
    await waitFor(() => expect(button).toBeDisabled());
    expect(button).toHaveAccessibleDescription('Starting the upscale…');
    await user.click(button);
    expect(api.calls('POST /api/generations/upscale')).toHaveLength(1);
    await act(async () => answer(json({ id: 'up-1', status: 'queued' }, 202)));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('opens the host\'s limit dialog instead of starting when credits are short', async () => {
    const api = installFakeApi();
    api.generations.push(fakeGeneration({ prompt: 'red coat' }));
    const { user, host } = renderWithHost(<CreateScreenRemote tab="image" />, { limits: outOfCredits });
    const dialog = await openViewer(user, 'Open image: red coat');
    await user.click(within(dialog).getByRole('button', { name: 'Upscale' }));
    expect(host.openLimitDialog).toHaveBeenCalledWith({ type: 'credits', used: 25, limit: 25 });
    expect(api.calls('POST /api/generations/:type')).toHaveLength(0);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('opens the limit dialog with the service\'s numbers on a 402', async () => {
    installFakeApi({
      'GET /api/generations': () => ({ items: [fakeGeneration({ prompt: 'red coat' })], nextCursor: null }),
      'POST /api/generations/upscale': () => json({ error: 'Not enough credits', limitReached: true, used: 25, limit: 25 }, 402),
    });
    const { user, host } = renderWithHost(<CreateScreenRemote tab="image" />, {
      limits: { credits: { used: 24, limit: 25 }, avatar: { used: 0, limit: 0 } },
    });
    const dialog = await openViewer(user, 'Open image: red coat');
    await user.click(within(dialog).getByRole('button', { name: 'Upscale' }));
    await waitFor(() => expect(host.openLimitDialog).toHaveBeenCalledWith({ type: 'credits', used: 25, limit: 25 }));
    expect(host.toast).not.toHaveBeenCalled();
  });

  it('toasts the service\'s message when it refuses (size unknown here), and stays open to try again', async () => {
    const message = 'This image is already 4096×1024: upscaling makes images up to 4096 px on the long side.';
    installFakeApi({
      'GET /api/generations': () => ({ items: [fakeGeneration({ prompt: 'wide shot' })], nextCursor: null }),
      'POST /api/generations/upscale': () => json({ error: message }, 400),
    });
    const { user, host } = renderWithHost(<CreateScreenRemote tab="image" />);
    const dialog = await openViewer(user, 'Open image: wide shot');
    const button = within(dialog).getByRole('button', { name: 'Upscale' });
    await user.click(button);
    await waitFor(() => expect(host.toast).toHaveBeenCalledWith({ title: 'Upscale Failed', description: message, variant: 'destructive' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await waitFor(() => expect(button).toBeEnabled());
  });

  it('is disabled for a picture already at the cap, and shows every picture\'s size', async () => {
    installFakeApi({
      'GET /api/generations': () => ({
        items: [
          fakeGeneration({ id: 'big', prompt: 'big one', type: 'upscale', imageUrl: '/media/big.png' }),
          fakeGeneration({ id: 'small', prompt: 'small one', imageUrl: '/media/small.png' }),
        ],
        nextCursor: null,
      }),
    });
    const { user } = renderWithHost(<CreateScreenRemote tab="image" />);
    let dialog = await openViewer(user, 'Open upscale: big one');
    loadPicture(within(dialog).getByRole('img', { name: 'big one' }), 2731, 4096);
    const button = within(dialog).getByRole('button', { name: 'Upscale' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('Already at the largest size (4096 px)');
    expect(within(dialog.querySelector('dl')!).getByText('2731 × 4096 px')).toBeInTheDocument();

    await user.keyboard('{Escape}');
    dialog = await openViewer(user, 'Open image: small one');
    expect(within(dialog).getByRole('button', { name: 'Upscale' })).toBeEnabled();
    loadPicture(within(dialog).getByRole('img', { name: 'small one' }), 1024, 1536);
    expect(within(dialog).getByRole('button', { name: 'Upscale' })).toBeEnabled();
    expect(within(dialog.querySelector('dl')!).getByText('1024 × 1536 px')).toBeInTheDocument();
  });

  it('is not offered for a video', async () => {
    installFakeApi({
      'GET /api/generations': () => ({
        items: [fakeGeneration({ type: 'video', prompt: 'slow turn', imageUrl: '/media/p.png', videoUrl: '/media/v.mp4' })],
        nextCursor: null,
      }),
    });
    const { user } = renderWithHost(<CreateScreenRemote tab="video" />);
    const dialog = await openViewer(user, 'Open video: slow turn');
    expect(within(dialog).queryByRole('button', { name: 'Upscale' })).not.toBeInTheDocument();
  });

  it('says so in a toast when the upscale fails in the end', async () => {
    const api = installFakeApi();
    api.generations.push(fakeGeneration({ prompt: 'red coat' }));
    const { user, host, queryClient } = renderWithHost(<CreateScreenRemote tab="image" />);
    const dialog = await openViewer(user, 'Open image: red coat');
    await user.click(within(dialog).getByRole('button', { name: 'Upscale' }));
    await waitFor(() => expect(api.generations[0]!.type).toBe('upscale'));
    api.generations[0] = { ...api.generations[0]!, status: 'failed', errorMessage: 'The image to upscale could not be read. Please upload it again.' };
    await act(() => queryClient.invalidateQueries({ queryKey: [GENERATIONS_KEY] }));
    await waitFor(() =>
      expect(host.toast).toHaveBeenCalledWith({
        title: 'Generation Failed',
        description: 'The image to upscale could not be read. Please upload it again.',
        variant: 'destructive',
      }),
    );
    expect(await screen.findByText('Upscale failed')).toBeInTheDocument();
  });
});
