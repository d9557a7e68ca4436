import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import PhotoshootFlowRemote from '../../../expose/photoshoot-flow';
import { fakeCharacter, installFakeApi, json, poseUrl } from '../../../testing/fake-api';
import { renderWithHost } from '../../../testing/render-with-host';
import { button, stepTitle, toPreviewStep } from '../../../testing/wizard';

const progressText = () => screen.getByRole('progressbar', { name: 'Preview' }).closest('div')!.parentElement!.textContent;

describe('the preview step', () => {
  it('starts the preview with the chosen character, shows 4 spinners and progress 0 / 4, then the four poses', async () => {
    let answer: (value: unknown) => void = () => {};
    const api = installFakeApi({ 'POST /api/avatar/preview': () => new Promise((resolve) => (answer = resolve)) });
    const mira = fakeCharacter('Mira');
    api.characters = [fakeCharacter('Ava', { house: true }), mira];
    const { user } = renderWithHost(<PhotoshootFlowRemote />);
    await toPreviewStep(user, 'Mira');

    expect(api.calls('POST /api/avatar/preview').map((r) => r.body)).toEqual([{ characterId: mira.characterId }]);
    expect(screen.getByText('Starting preview generation...')).toBeInTheDocument();
    expect(progressText()).toContain('0 / 4');
    expect(screen.getAllByRole('status', { name: /^Generating preview \d$/ })).toHaveLength(4);
    expect(screen.getByRole('list', { name: 'Preview poses' })).toHaveAttribute('aria-busy', 'true');
    expect(button('Next')).toBeDisabled();

    const previewImages = [0, 3, 6, 8].map((poseIndex) => ({ poseIndex, imageUrl: poseUrl('previews', poseIndex) }));
    await act(async () => answer({ previewImages }));
    expect(await screen.findByText('Preview complete!')).toBeInTheDocument();
    expect(progressText()).toContain('4 / 4');
    expect(screen.queryByRole('status', { name: /^Generating preview/ })).not.toBeInTheDocument();
    const tiles = within(screen.getByRole('list', { name: 'Preview poses' })).getAllByRole('button');
    expect(tiles.map((tile) => tile.textContent)).toEqual(['Pose 1', 'Pose 4', 'Pose 7', 'Pose 9']);
    expect(tiles[1]!.querySelector('img')).toHaveAttribute('src', poseUrl('previews', 3));
    expect(button('Next')).toBeEnabled();
  });

  it('only stores the choice when a preview is clicked', async () => {
    const api = installFakeApi();
    api.characters = [fakeCharacter('Mira')];
    const { user } = renderWithHost(<PhotoshootFlowRemote />);
    await toPreviewStep(user);
    await screen.findByText('Preview complete!');
    const requests = api.requests.length;
    const pose4 = button('Pose 4');
    await user.click(pose4);
    expect(pose4).toHaveAttribute('aria-pressed', 'true');
    await user.click(button('Pose 7'));
    expect(pose4).toHaveAttribute('aria-pressed', 'false');
    expect(button('Pose 7')).toHaveAttribute('aria-pressed', 'true');
    expect(stepTitle()).toBe('Step 3 of 5');
    expect(api.requests).toHaveLength(requests); // no call
  });

  it('toasts Preview Generation Failed with the server’s message, shows Error occurred and can try again', async () => {
    const api = installFakeApi({ 'POST /api/avatar/preview': () => json({ error: 'The engine is busy' }, 500) });
    api.characters = [fakeCharacter('Mira')];
    const { user, host } = renderWithHost(<PhotoshootFlowRemote />);
    await toPreviewStep(user);
    await waitFor(() =>
      expect(host.toast).toHaveBeenCalledWith({ title: 'Preview Generation Failed', description: 'The engine is busy', variant: 'destructive' }),
    );
    expect(screen.getByText('Error occurred')).toBeInTheDocument();
    expect(progressText()).toContain('0 / 4');
    expect(screen.getByRole('alert')).toHaveTextContent('The engine is busy');
    expect(button('Next')).toBeDisabled();
    expect(button('Back')).toBeEnabled();

    api.on('POST /api/avatar/preview', () => ({ previewImages: [{ poseIndex: 0, imageUrl: poseUrl('previews', 0) }] }));
    await user.click(button('Try again'));
    expect(await screen.findByText('Preview complete!')).toBeInTheDocument();
    expect(api.calls('POST /api/avatar/preview')).toHaveLength(2);
    expect(button('Next')).toBeEnabled();
  });

  it('gives a 429’s message', async () => {
    const api = installFakeApi({
      'POST /api/avatar/preview': () => json({ error: 'Too many previews today. Please try again tomorrow.' }, 429),
    });
    api.characters = [fakeCharacter('Mira')];
    const { user, host } = renderWithHost(<PhotoshootFlowRemote />);
    await toPreviewStep(user);
    await waitFor(() =>
      expect(host.toast).toHaveBeenCalledWith({
        title: 'Preview Generation Failed',
        description: 'Too many previews today. Please try again tomorrow.',
        variant: 'destructive',
      }),
    );
  });

  it.each([
    ['the answer says nothing', () => new Response('', { status: 502 })],
    ['the gateway names the restarting service', () => json({ error: 'Service unavailable: photoshoot' }, 503)],
  ])('falls back to Failed to generate preview when %s', async (_case, answer) => {
    const api = installFakeApi({ 'POST /api/avatar/preview': answer });
    api.characters = [fakeCharacter('Mira')];
    const { user, host } = renderWithHost(<PhotoshootFlowRemote />);
    await toPreviewStep(user);
    await waitFor(() =>
      expect(host.toast).toHaveBeenCalledWith({ title: 'Preview Generation Failed', description: 'Failed to generate preview', variant: 'destructive' }),
    );
  });
});
