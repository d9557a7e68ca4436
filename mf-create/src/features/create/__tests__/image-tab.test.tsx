import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import CreateScreenRemote from '../../../expose/create-screen';
import { fakePreset, installFakeApi, json } from '../../../testing/fake-api';
import { renderWithHost, testUser } from '../../../testing/render-with-host';
import { GENERATIONS_KEY } from '../api/get-generations';

const presets = [
  fakePreset('y2k-chrome', 'Y2K Photos', 'Chrome Baby'),
  fakePreset('vintage-film', 'Vintage', 'Film Noir'),
  fakePreset('y2k-flip', 'Y2K Photos', 'Flip Phone'),
];

describe('image tab', () => {
  it('shows the presets grouped by style, with thumbnails, and filters them by style', async () => {
    installFakeApi({ 'GET /api/presets': () => presets });
    const { user } = renderWithHost(<CreateScreenRemote tab="image" />);
    expect(screen.getByRole('status', { name: 'Loading presets' })).toBeInTheDocument();
    const y2k = await screen.findByRole('group', { name: 'Y2K Photos' });
    expect(within(y2k).getAllByRole('button').map((b) => b.textContent)).toEqual(['Chrome Baby', 'Flip Phone']);
    expect(within(y2k).getByRole('button', { name: 'Chrome Baby' }).querySelector('img')).toHaveAttribute(
      'src',
      '/media/presets/y2k-chrome.jpg',
    );
    expect(screen.getByRole('group', { name: 'Vintage' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Vintage' }));
    expect(screen.queryByRole('group', { name: 'Y2K Photos' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Film Noir' })).toBeInTheDocument();
  });

  it('makes the presets one tab stop, moved through with the arrow keys', async () => {
    installFakeApi({ 'GET /api/presets': () => presets });
    const { user } = renderWithHost(<CreateScreenRemote tab="image" />);
    const chrome = await screen.findByRole('button', { name: 'Chrome Baby' });
    const flip = screen.getByRole('button', { name: 'Flip Phone' });
    const noir = screen.getByRole('button', { name: 'Film Noir' });
    expect([chrome, flip, noir].map((b) => b.tabIndex)).toEqual([0, -1, -1]);
    chrome.focus();
    await user.keyboard('{ArrowRight}');
    expect(flip).toHaveFocus();
    await user.keyboard('{End}');
    expect(noir).toHaveFocus(); // the last of the groups as shown (Y2K Photos, then Vintage)
    await user.keyboard('{Home}');
    expect(chrome).toHaveFocus();
    // Tab leaves the tiles at once (to the Generate button), and Shift+Tab comes back to the one last moved to.
    await user.keyboard('{ArrowRight}');
    await user.tab();
    expect(document.activeElement).not.toHaveAttribute('data-preset-id');
    await user.tab({ shift: true });
    expect(flip).toHaveFocus();
    // A chosen preset is the tab stop.
    await user.click(noir);
    expect([chrome, flip, noir].map((b) => b.tabIndex)).toEqual([-1, -1, 0]);
  });

  it('says when there are no presets, and offers a retry when they fail to load', async () => {
    const api = installFakeApi({ 'GET /api/presets': () => [] });
    const { unmount } = renderWithHost(<CreateScreenRemote tab="image" />);
    expect(await screen.findByText(/No presets yet/)).toBeInTheDocument();
    unmount();

    api.on('GET /api/presets', () => json({ error: 'Service unavailable: create' }, 502));
    const { user } = renderWithHost(<CreateScreenRemote tab="image" />);
    expect(await screen.findByText('Presets could not be loaded.')).toBeInTheDocument();
    api.on('GET /api/presets', () => presets);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Film Noir' })).toBeInTheDocument();
  });

  it('starts an image with the prompt, preset and aspect ratio, and tracks generation_started', async () => {
    const api = installFakeApi({
      'GET /api/presets': () => presets,
      'POST /api/generations/image': () => json({ id: 'gen-1', status: 'queued' }, 202),
    });
    const { user, host } = renderWithHost(<CreateScreenRemote tab="image" />);
    await user.type(screen.getByRole('textbox', { name: 'Prompt' }), '  linen suit at golden hour ');
    await user.click(await screen.findByRole('button', { name: 'Film Noir' }));
    expect(screen.getByRole('button', { name: 'Film Noir' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('radio', { name: 'Portrait 2:3' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Square 1:1' }));
    await user.click(screen.getByRole('button', { name: 'Generate · 1 credit' }));

    await waitFor(() => expect(api.calls('POST /api/generations/image')).toHaveLength(1));
    expect(api.calls('POST /api/generations/image')[0]!.body).toEqual({
      prompt: 'linen suit at golden hour',
      presetId: 'vintage-film',
      aspectRatio: '1:1',
    });
    await waitFor(() =>
      expect(host.track).toHaveBeenCalledWith('generation_started', {
        user_plan: 'free',
        generation_type: 'image',
        model: 'vintage-film',
        credits_cost: 1,
      }),
    );
    // the tab's generation is now in flight: the progress bar runs and Generate waits
    expect(await screen.findByRole('progressbar')).toBeInTheDocument();
    expect(screen.getByText('Generating image')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate · 1 credit' })).toBeDisabled();
  });

  it('counts the prompt\'s characters near the 2000 limit, so text is not cut off unseen', async () => {
    installFakeApi({ 'GET /api/presets': () => presets });
    const { user } = renderWithHost(<CreateScreenRemote tab="image" />);
    const box = screen.getByRole('textbox', { name: 'Prompt' });
    expect(box).toHaveAttribute('maxLength', '2000');
    await user.click(box);
    await user.paste('a'.repeat(1800));
    expect(screen.queryByText(/characters$/)).not.toBeInTheDocument();
    await user.paste('b');
    expect(screen.getByText('1801 / 2000 characters')).toBeInTheDocument();
    await user.paste('c'.repeat(500));
    expect(screen.getByText('2000 / 2000 characters')).toBeInTheDocument();
  });

  it('submits with Ctrl+Enter in the prompt (Enter alone makes a new line)', async () => {
    const api = installFakeApi({ 'POST /api/generations/image': () => json({ id: 'gen-2', status: 'queued' }, 202) });
    const { user } = renderWithHost(<CreateScreenRemote tab="image" />);
    const prompt = screen.getByRole('textbox', { name: 'Prompt' });
    await user.type(prompt, 'silk{Enter}dress');
    expect(prompt).toHaveValue('silk\ndress');
    expect(api.calls('POST /api/generations/image')).toHaveLength(0);
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(api.calls('POST /api/generations/image')).toHaveLength(1));
    expect(api.calls('POST /api/generations/image')[0]!.body).toMatchObject({ prompt: 'silk\ndress', aspectRatio: '2:3' });
  });

  it('gives focus to the prompt when Generate disables itself for the start (focus fell to the page\'s body)', async () => {
    const api = installFakeApi({ 'POST /api/generations/image': () => json({ id: 'gen-5', status: 'queued' }, 202) });
    const { user } = renderWithHost(<CreateScreenRemote tab="image" />);
    const prompt = screen.getByRole('textbox', { name: 'Prompt' });
    await user.type(prompt, 'a red dress');
    const generate = screen.getByRole('button', { name: /Generate/ });
    await waitFor(() => expect(generate).toBeEnabled());
    generate.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(api.calls('POST /api/generations/image')).toHaveLength(1));
    expect(prompt).toHaveFocus();
  });

  it('starts once for clicks that land in one task (they all passed the disabled state, each charged)', async () => {
    const api = installFakeApi({ 'POST /api/generations/image': () => json({ id: 'gen-4', status: 'queued' }, 202) });
    const { user } = renderWithHost(<CreateScreenRemote tab="image" />);
    await user.type(screen.getByRole('textbox', { name: 'Prompt' }), 'a red dress');
    const generate = screen.getByRole('button', { name: /Generate/ });
    await waitFor(() => expect(generate).toBeEnabled());
    act(() => {
      generate.click();
      generate.click();
      generate.click();
    });
    await waitFor(() => expect(api.calls('POST /api/generations/image')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.calls('POST /api/generations/image')).toHaveLength(1);
  });

  it('does not show a made-up count of credits when they could not be read', async () => {
    installFakeApi();
    renderWithHost(<CreateScreenRemote tab="image" />, { limits: 'unreadable' });
    expect(await screen.findByText('Credits could not be checked just now', {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.queryByText('25 credits left')).not.toBeInTheDocument();
  });

  it('opens the limit dialog instead of calling the server when credits are short', async () => {
    const api = installFakeApi();
    const { user, host } = renderWithHost(<CreateScreenRemote tab="image" />, {
      limits: { credits: { used: 25, limit: 25 }, avatar: { used: 0, limit: 0 } },
    });
    await user.type(screen.getByRole('textbox', { name: 'Prompt' }), 'red coat');
    await user.click(screen.getByRole('button', { name: 'Generate · 1 credit' }));
    expect(host.openLimitDialog).toHaveBeenCalledWith({ type: 'image', used: 25, limit: 25 });
    expect(api.calls('POST /api/generations/image')).toHaveLength(0);
  });

  it('does not count credits for an unlimited limit (999 or more)', async () => {
    const api = installFakeApi({ 'POST /api/generations/image': () => json({ id: 'gen-3', status: 'queued' }, 202) });
    const { user, host } = renderWithHost(<CreateScreenRemote tab="image" />, {
      limits: { credits: { used: 5000, limit: 999 }, avatar: { used: 0, limit: 0 } },
    });
    await user.type(screen.getByRole('textbox', { name: 'Prompt' }), 'red coat');
    await user.click(screen.getByRole('button', { name: 'Generate · 1 credit' }));
    await waitFor(() => expect(api.calls('POST /api/generations/image')).toHaveLength(1));
    expect(host.openLimitDialog).not.toHaveBeenCalled();
  });

  it('opens the limit dialog with the used and limit of a 402 answer', async () => {
    installFakeApi({
      'POST /api/generations/image': () => json({ error: 'Not enough credits', limitReached: true, used: 24, limit: 25 }, 402),
    });
    const { user, host } = renderWithHost(<CreateScreenRemote tab="image" />, {
      limits: { credits: { used: 3, limit: 25 }, avatar: { used: 0, limit: 0 } },
    });
    await user.type(screen.getByRole('textbox', { name: 'Prompt' }), 'red coat');
    await user.click(screen.getByRole('button', { name: 'Generate · 1 credit' }));
    await waitFor(() => expect(host.openLimitDialog).toHaveBeenCalledWith({ type: 'image', used: 24, limit: 25 }));
    expect(host.toast).not.toHaveBeenCalled();
    expect(host.track).toHaveBeenCalledWith('generation_failed', expect.objectContaining({ generation_type: 'image' }));
  });

  it('shows a destructive "Generation Failed" toast with the server message for other errors', async () => {
    installFakeApi({ 'POST /api/generations/image': () => json({ error: 'Please enter a prompt' }, 400) });
    const { user, host } = renderWithHost(<CreateScreenRemote tab="image" />);
    await user.type(screen.getByRole('textbox', { name: 'Prompt' }), 'red coat');
    await user.click(screen.getByRole('button', { name: 'Generate · 1 credit' }));
    await waitFor(() =>
      expect(host.toast).toHaveBeenCalledWith({
        title: 'Generation Failed',
        description: 'Please enter a prompt',
        variant: 'destructive',
      }),
    );
    expect(host.openLimitDialog).not.toHaveBeenCalled();
    // nothing in flight: Generate is usable again
    expect(screen.getByRole('button', { name: 'Generate · 1 credit' })).toBeEnabled();
  });

  it.each([
    ['a 503 (the service restarting)', () => json({ error: 'Service unavailable: create' }, 503)],
    ['a 504', () => json({ error: 'Upstream timeout: create' }, 504)],
    [
      'no answer',
      () => {
        throw new TypeError('Failed to fetch');
      },
    ],
  ])('does not call a start failed when its answer was lost (%s): it may have started, and the gallery is read again', async (_case, answer) => {
    const api = installFakeApi({ 'POST /api/generations/image': answer });
    const { user, host } = renderWithHost(<CreateScreenRemote tab="image" />);
    await waitFor(() => expect(api.calls('GET /api/generations').length).toBeGreaterThan(0));
    const reads = api.calls('GET /api/generations').length;
    await user.type(screen.getByRole('textbox', { name: 'Prompt' }), 'red coat');
    await user.click(screen.getByRole('button', { name: 'Generate · 1 credit' }));
    await waitFor(() =>
      expect(host.toast).toHaveBeenCalledWith({
        title: 'Start Not Confirmed',
        description: 'The studio did not answer in time. Your generation may have started: check your creations before trying again.',
        variant: 'destructive',
      }),
    );
    await waitFor(() => expect(api.calls('GET /api/generations').length).toBeGreaterThan(reads));
    expect(host.toast).not.toHaveBeenCalledWith(expect.objectContaining({ title: 'Generation Failed' }));
  });

  it('reads the credits again as soon as a generation fails (its credit was given back)', async () => {
    const api = installFakeApi();
    const { user, host, queryClient } = renderWithHost(<CreateScreenRemote tab="image" />);
    await user.type(screen.getByRole('textbox', { name: 'Prompt' }), 'red coat');
    await user.click(screen.getByRole('button', { name: 'Generate · 1 credit' }));
    await waitFor(() => expect(api.generations).toHaveLength(1));
    await waitFor(() => expect(api.calls('GET /api/user-limits').length).toBeGreaterThan(0)); // after the start
    const before = api.calls('GET /api/user-limits').length;
    api.generations[0] = { ...api.generations[0]!, status: 'failed', errorMessage: 'No person found in the photo' };
    await act(() => queryClient.invalidateQueries({ queryKey: [GENERATIONS_KEY] }));
    await waitFor(() => expect(host.toast).toHaveBeenCalledWith(expect.objectContaining({ description: 'No person found in the photo' })));
    await waitFor(() => expect(api.calls('GET /api/user-limits').length).toBeGreaterThan(before));
  });

  it('reports the user plan in the events', async () => {
    installFakeApi({ 'POST /api/generations/image': () => json({ id: 'gen-4', status: 'queued' }, 202) });
    const { user, host } = renderWithHost(<CreateScreenRemote tab="image" />, { user: { ...testUser, plan: 'pro' } });
    await user.type(screen.getByRole('textbox', { name: 'Prompt' }), 'red coat');
    await user.click(screen.getByRole('button', { name: 'Generate · 1 credit' }));
    await waitFor(() =>
      expect(host.track).toHaveBeenCalledWith('generation_started', {
        user_plan: 'pro',
        generation_type: 'image',
        model: 'text-to-image',
        credits_cost: 1,
      }),
    );
  });
});
