import { act, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import CreateScreenRemote from '../../../expose/create-screen';
import { fakeGeneration, installFakeApi } from '../../../testing/fake-api';
import { renderWithHost } from '../../../testing/render-with-host';

describe('CreateScreen', () => {
  it.each([
    ['image', 'Generate Images', 'Generate · 1 credit'],
    ['video', 'Generate Videos', 'Generate · 20 credits'],
    ['dress-up', 'Virtual Try-On', 'Generate · 1 credit'],
  ] as const)('the %s tab shows its heading and Generate with its cost, disabled until its inputs are there', async (tab, heading, button) => {
    installFakeApi();
    const { container } = renderWithHost(<CreateScreenRemote tab={tab} />);
    expect(container.querySelector('[data-remote="mf_create"]')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: new RegExp(heading) })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: button })).toBeDisabled();
    expect(screen.getByText('25 credits left')).toBeInTheDocument();
  });

  it('enables Generate on the image tab once the prompt has text, and disables it again when it is blank', async () => {
    installFakeApi();
    const { user } = renderWithHost(<CreateScreenRemote tab="image" />);
    const generate = screen.getByRole('button', { name: 'Generate · 1 credit' });
    await user.type(screen.getByRole('textbox', { name: 'Prompt' }), 'linen suit at golden hour');
    expect(screen.getByRole('textbox', { name: 'Prompt' })).toHaveValue('linen suit at golden hour');
    expect(generate).toBeEnabled();
    await user.clear(screen.getByRole('textbox', { name: 'Prompt' }));
    await user.type(screen.getByRole('textbox', { name: 'Prompt' }), '   ');
    expect(generate).toBeDisabled();
  });

  it('has a prompt on the image and video tabs, and a person and a garment on Dress Up', () => {
    installFakeApi();
    const { unmount } = renderWithHost(<CreateScreenRemote tab="video" />);
    expect(screen.getByRole('textbox', { name: 'Prompt' })).toBeInTheDocument();
    expect(screen.getByLabelText('Start image')).toBeInTheDocument();
    unmount();
    renderWithHost(<CreateScreenRemote tab="dress-up" />);
    expect(screen.queryByRole('textbox', { name: 'Prompt' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Person image')).toBeInTheDocument();
    expect(screen.getByLabelText('Garment image')).toBeInTheDocument();
  });

  it('marks Dress Up as Beta', () => {
    installFakeApi();
    renderWithHost(<CreateScreenRemote tab="dress-up" />);
    expect(within(screen.getByRole('heading', { level: 1 })).getByText('Beta')).toBeInTheDocument();
  });

  it('shows "Unlimited credits" for a limit of 999 or more', () => {
    installFakeApi();
    renderWithHost(<CreateScreenRemote tab="image" />, { limits: { credits: { used: 500, limit: 999 }, avatar: { used: 0, limit: 0 } } });
    expect(screen.getByText('Unlimited credits')).toBeInTheDocument();
  });

  it('shows the start image passed as ?imageUrl on the video tab', () => {
    installFakeApi();
    renderWithHost(<CreateScreenRemote tab="video" />, { route: '/app/video?imageUrl=/media/look.png' });
    expect(screen.getByRole('img', { name: 'Start image' })).toHaveAttribute('src', '/media/look.png');
    expect(screen.getByRole('button', { name: 'Generate · 20 credits' })).toBeEnabled();
  });

  it('takes ?imageUrl as the person image on Dress Up', () => {
    installFakeApi();
    renderWithHost(<CreateScreenRemote tab="dress-up" />, { route: '/app/dress-up?imageUrl=/media/person.png' });
    expect(screen.getByRole('img', { name: 'Person image' })).toHaveAttribute('src', '/media/person.png');
    expect(screen.queryByRole('img', { name: 'Garment image' })).not.toBeInTheDocument();
  });

  it('ignores ?imageUrl on the image tab', () => {
    installFakeApi();
    renderWithHost(<CreateScreenRemote tab="image" />, { route: '/app/image?imageUrl=/media/look.png' });
    expect(screen.queryByRole('img', { name: 'Start image' })).not.toBeInTheDocument();
    expect(document.querySelector('img[src="/media/look.png"]')).toBeNull();
  });

  it('closes the viewer when the tab changes under it (the browser\'s Back from /app/video to /app/image)', async () => {
    const api = installFakeApi();
    api.generations.push(fakeGeneration({ id: 'g1', prompt: 'ivory gown', imageUrl: '/media/g1.png' }));
    let showTab: (tab: 'image' | 'video') => void = () => {};
    function Routed() {
      const [tab, setTab] = useState<'image' | 'video'>('video');
      showTab = setTab;
      return <CreateScreenRemote tab={tab} />;
    }
    const { user } = renderWithHost(<Routed />);
    await user.click(await screen.findByRole('button', { name: 'Open image: ivory gown' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    act(() => showTab('image'));
    expect(screen.getByRole('heading', { level: 1, name: /Generate Images/ })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
