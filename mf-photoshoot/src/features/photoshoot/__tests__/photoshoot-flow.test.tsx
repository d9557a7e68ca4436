import { act, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import PhotoshootFlowRemote from '../../../expose/photoshoot-flow';
import { fakeCharacter, installFakeApi, json } from '../../../testing/fake-api';
import { renderWithHost } from '../../../testing/render-with-host';

const steps = () => within(screen.getByRole('list', { name: 'Steps' })).getAllByRole('listitem');

describe('PhotoshootFlow', () => {
  beforeEach(() => localStorage.clear());

  it('opens at Step 1 of 5 with the five steps, the first current', () => {
    const { container } = renderWithHost(<PhotoshootFlowRemote />);
    expect(container.querySelector('[data-remote="mf_photoshoot"]')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Step 1 of 5' })).toBeInTheDocument();
    expect(steps().map((li) => li.textContent)).toEqual([
      '1Select presets(current)',
      '2Select or create character(pending)',
      '3Generate photos(pending)',
      '4Upload clothing(pending)',
      '5Get your photoset(pending)',
    ]);
    expect(screen.getByText('PLAIN')).toBeInTheDocument();
    expect(screen.getAllByText('SOON')).toHaveLength(4);
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
  });

  it('starts the PLAIN carousel at the 9th pose and wraps around', async () => {
    const { user } = renderWithHost(<PhotoshootFlowRemote />);
    expect(screen.getByText('Pose 9 of 10')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next pose' }));
    await user.click(screen.getByRole('button', { name: 'Next pose' }));
    expect(screen.getByText('Pose 1 of 10')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous pose' }));
    expect(screen.getByText('Pose 10 of 10')).toBeInTheDocument();
  });

  it('moves to the character step, which needs a character to continue', async () => {
    const api = installFakeApi();
    api.characters = [fakeCharacter('Mira', { previewImageUrl: null })];
    const { user, host } = renderWithHost(<PhotoshootFlowRemote />);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Step 2 of 5')).toBeInTheDocument();
    expect(steps()[0]).toHaveTextContent('(completed)');
    expect(steps()[1]).toHaveAttribute('aria-current', 'step');

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(host.toast).toHaveBeenCalledWith({ title: 'Character Required', description: 'Please select a character', variant: 'destructive' });

    const mira = await screen.findByRole('button', { name: /Mira/ });
    expect(within(mira).getByText('No preview')).toBeInTheDocument();
    await user.click(mira);
    expect(mira).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Step 3 of 5')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled(); // until a preview result exists

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByText('Step 2 of 5')).toBeInTheDocument();
  });

  it('closes to the stored return path and clears it', async () => {
    localStorage.setItem('photoshootsReturnPath', '/app/image');
    const { user, host } = renderWithHost(<PhotoshootFlowRemote />);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(host.navigate).toHaveBeenCalledWith('/app/image');
    expect(localStorage.getItem('photoshootsReturnPath')).toBeNull();
  });
});

describe('the character step', () => {
  it('shows a spinner while the characters load, then each with its preview and name', async () => {
    let answer: (characters: unknown) => void = () => {};
    const api = installFakeApi({ 'GET /api/avatar/characters': () => new Promise((resolve) => (answer = resolve)) });
    const mira = fakeCharacter('Mira');
    const noor = fakeCharacter('Noor', { previewImageUrl: null });
    const { user } = renderWithHost(<PhotoshootFlowRemote />);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('status', { name: 'Loading characters' })).toBeInTheDocument();
    expect(api.calls('GET /api/avatar/characters')).toHaveLength(1);

    await act(async () => answer([mira, noor]));
    const miraCard = await screen.findByRole('button', { name: 'Mira' });
    expect(within(miraCard).getByRole('presentation')).toHaveAttribute('src', mira.previewImageUrl);
    expect(within(screen.getByRole('button', { name: /Noor/ })).getByText('No preview')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading characters' })).not.toBeInTheDocument();

    await user.click(miraCard);
    expect(miraCard).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: /Noor/ })).toHaveAttribute('aria-pressed', 'false');
  });

  it('says so when the user has no characters yet', async () => {
    installFakeApi();
    const { user, host } = renderWithHost(<PhotoshootFlowRemote />);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('You have no characters yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(host.toast).toHaveBeenCalledWith({ title: 'Character Required', description: 'Please select a character', variant: 'destructive' });
    expect(screen.getByText('Step 2 of 5')).toBeInTheDocument();
  });

  it('offers to try again when the characters cannot be loaded', async () => {
    const api = installFakeApi({ 'GET /api/avatar/characters': () => json({ error: 'Service unavailable: photoshoot' }, 502) });
    const { user } = renderWithHost(<PhotoshootFlowRemote />);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Your characters could not be loaded.')).toBeInTheDocument();

    api.characters = [fakeCharacter('Mira')];
    api.on('GET /api/avatar/characters', () => api.characters);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Mira' })).toBeInTheDocument();
    expect(screen.queryByText('Your characters could not be loaded.')).not.toBeInTheDocument();
    expect(api.calls('GET /api/avatar/characters')).toHaveLength(2);
  });
});
