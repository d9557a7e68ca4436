import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import PhotoshootFlowRemote from '../../../expose/photoshoot-flow';
import { renderWithHost } from '../../../testing/render-with-host';

const steps = () => within(screen.getByRole('list', { name: 'Steps' })).getAllByRole('listitem');
const jsonResponse = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

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
    const { user, host } = renderWithHost(<PhotoshootFlowRemote />, {
      apiRequest: async () => jsonResponse([{ id: '1', characterId: 'c1', name: 'Mira', previewImageUrl: null }]),
    });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Step 2 of 5')).toBeInTheDocument();
    expect(steps()[0]).toHaveTextContent('(completed)');
    expect(steps()[1]).toHaveAttribute('aria-current', 'step');
    expect(host.apiRequest).toHaveBeenCalledWith('GET', '/api/avatar/characters');

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
