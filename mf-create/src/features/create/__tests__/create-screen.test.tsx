import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import CreateScreenRemote from '../../../expose/create-screen';
import { renderWithHost } from '../../../testing/render-with-host';

describe('CreateScreen', () => {
  it.each([
    ['image', 'Generate Images', 'Generate · 1 credit'],
    ['video', 'Generate Videos', 'Generate · 20 credits'],
    ['dress-up', 'Virtual Try-On', 'Generate · 1 credit'],
  ] as const)('the %s tab shows its heading, a prompt and Generate with its cost', async (tab, heading, button) => {
    const { container, user } = renderWithHost(<CreateScreenRemote tab={tab} />);
    expect(container.querySelector('[data-remote="mf_create"]')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: new RegExp(heading) })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Prompt' }), 'linen suit at golden hour');
    expect(screen.getByRole('textbox', { name: 'Prompt' })).toHaveValue('linen suit at golden hour');
    expect(screen.getByRole('button', { name: button })).toBeDisabled();
  });

  it('marks Dress Up as Beta', () => {
    renderWithHost(<CreateScreenRemote tab="dress-up" />);
    expect(screen.getByText('Beta')).toBeInTheDocument();
  });

  it('shows the start image passed as ?imageUrl on the video tab only', () => {
    renderWithHost(<CreateScreenRemote tab="video" />, { route: '/app/video?imageUrl=/media/look.png' });
    expect(screen.getByRole('img', { name: 'Start image' })).toHaveAttribute('src', '/media/look.png');
  });

  it('ignores ?imageUrl on the image tab', () => {
    renderWithHost(<CreateScreenRemote tab="image" />, { route: '/app/image?imageUrl=/media/look.png' });
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });
});
