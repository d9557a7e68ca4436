import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import PhotoshootFlowRemote from '../../../expose/photoshoot-flow';
import { installFakeApi, json, poseUrl } from '../../../testing/fake-api';
import { renderWithHost } from '../../../testing/render-with-host';
import { button } from '../../../testing/wizard';

describe('the template step', () => {
  it('shows PLAIN selected and four SOON tiles that cannot be used', async () => {
    installFakeApi();
    renderWithHost(<PhotoshootFlowRemote />);
    const plain = screen.getByRole('region', { name: 'PLAIN template' });
    expect(plain).toHaveTextContent('PLAIN');
    expect(plain).toHaveTextContent('Selected');
    const soon = screen.getAllByText('SOON');
    expect(soon).toHaveLength(4);
    for (const tile of soon) {
      expect(tile.parentElement).toHaveAttribute('aria-disabled', 'true');
      expect(tile.closest('button')).toBeNull();
    }
    await screen.findByRole('img', { name: 'PLAIN example, pose 9' });
  });

  it('starts the carousel at the 9th example pose and wraps around both ways', async () => {
    const api = installFakeApi();
    const { user } = renderWithHost(<PhotoshootFlowRemote />);
    expect(screen.getByText('Pose 9 of 10')).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'PLAIN example, pose 9' })).toHaveAttribute('src', poseUrl('template', 8));

    await user.click(button('Next pose'));
    expect(screen.getByRole('img', { name: 'PLAIN example, pose 10' })).toHaveAttribute('src', poseUrl('template', 9));
    await user.click(button('Next pose'));
    expect(screen.getByText('Pose 1 of 10')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'PLAIN example, pose 1' })).toHaveAttribute('src', poseUrl('template', 0));
    await user.click(button('Previous pose'));
    expect(screen.getByText('Pose 10 of 10')).toBeInTheDocument();
    expect(api.calls('GET /api/avatar/template')).toHaveLength(1);
  });

  it('shows a placeholder while the examples load and when they cannot be loaded', async () => {
    installFakeApi({ 'GET /api/avatar/template': () => json({ error: 'Service unavailable: photoshoot' }, 503) });
    const { user } = renderWithHost(<PhotoshootFlowRemote />);
    expect(screen.getByRole('img', { name: 'PLAIN example, pose 9 (loading)' })).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'PLAIN example, pose 9' })).not.toHaveAttribute('src');
    // The carousel still works, and the flow goes on.
    await user.click(button('Next pose'));
    expect(screen.getByText('Pose 10 of 10')).toBeInTheDocument();
    await user.click(button('Next'));
    expect(screen.getByText('Step 2 of 5')).toBeInTheDocument();
  });

  it('shows the placeholder when an example picture fails to load', async () => {
    installFakeApi();
    renderWithHost(<PhotoshootFlowRemote />);
    const picture = await screen.findByRole('img', { name: 'PLAIN example, pose 9' });
    fireEvent.error(picture);
    expect(screen.getByRole('img', { name: 'PLAIN example, pose 9' })).not.toHaveAttribute('src');
  });
});
