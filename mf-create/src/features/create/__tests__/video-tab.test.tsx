import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import CreateScreenRemote from '../../../expose/create-screen';
import { installFakeApi, json, photo } from '../../../testing/fake-api';
import { renderWithHost, testUser } from '../../../testing/render-with-host';

const uploaded = (url: string) => () => json({ url, width: 1024, height: 1536, contentType: 'image/png' }, 201);

describe('video tab', () => {
  it('uploads the start image from the file input as multipart through POST /api/uploads', async () => {
    const api = installFakeApi({ 'POST /api/uploads': uploaded('/media/up/start.png') });
    const { user, host } = renderWithHost(<CreateScreenRemote tab="video" />);
    expect(screen.getByRole('button', { name: 'Upload start image' })).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Start image'), photo('look.png'));

    await waitFor(() => expect(api.calls('POST /api/uploads')).toHaveLength(1));
    const form = api.calls('POST /api/uploads')[0]!.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect((form.get('file') as File).name).toBe('look.png');
    expect(host.apiRequest).toHaveBeenCalledWith('POST', '/api/uploads', form);
    expect(screen.getByRole('img', { name: 'Start image' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Generate · 20 credits' })).toBeEnabled());
  });

  it('moves focus from Upload to Replace when the image is in, and back to Upload on Remove (it fell to the page\'s body)', async () => {
    installFakeApi({ 'POST /api/uploads': uploaded('/media/up/start.png') });
    const { user } = renderWithHost(<CreateScreenRemote tab="video" />);
    // As in a browser: Upload opens the file picker and keeps focus; the file comes in as a change.
    screen.getByRole('button', { name: 'Upload start image' }).focus();
    fireEvent.change(screen.getByLabelText('Start image'), { target: { files: [photo('look.png')] } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Replace start image' })).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Remove start image' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Upload start image' })).toHaveFocus());
  });

  it('takes a pasted image and starts a Wan 2.5 video from its media URL', async () => {
    const api = installFakeApi({
      'POST /api/uploads': uploaded('/media/up/pasted.png'),
      'POST /api/generations/video': () => json({ id: 'v1', status: 'queued' }, 202),
    });
    const { user, host } = renderWithHost(<CreateScreenRemote tab="video" />);
    fireEvent.paste(screen.getByRole('textbox', { name: 'Prompt' }), { clipboardData: { files: [photo('clip.png')] } });
    await waitFor(() => expect(api.calls('POST /api/uploads')).toHaveLength(1));
    expect(screen.getByRole('radio', { name: /Wan 2.5/ })).toBeChecked();
    await user.type(screen.getByRole('textbox', { name: 'Prompt' }), 'slow turn');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Generate · 20 credits' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Generate · 20 credits' }));
    await waitFor(() => expect(api.calls('POST /api/generations/video')).toHaveLength(1));
    expect(api.calls('POST /api/generations/video')[0]!.body).toEqual({
      imageUrl: '/media/up/pasted.png',
      model: 'wan-2.5',
      prompt: 'slow turn',
    });
    expect(host.track).toHaveBeenCalledWith('generation_started', {
      user_plan: 'free',
      generation_type: 'video',
      model: 'wan-2.5',
      credits_cost: 20,
    });
    expect(await screen.findByText('Generating video')).toBeInTheDocument();
  });

  it('takes a dropped image', async () => {
    const api = installFakeApi({ 'POST /api/uploads': uploaded('/media/up/dropped.png') });
    renderWithHost(<CreateScreenRemote tab="video" />);
    const zone = screen.getByRole('button', { name: 'Upload start image' }).closest('[data-image-slot]')!;
    fireEvent.drop(zone, { dataTransfer: { files: [photo('drop.png')] } });
    await waitFor(() => expect(api.calls('POST /api/uploads')).toHaveLength(1));
    expect((api.calls('POST /api/uploads')[0]!.body as FormData).get('file')).toHaveProperty('name', 'drop.png');
  });

  it('refuses a file that is not an image, and reports a failed upload', async () => {
    const api = installFakeApi({ 'POST /api/uploads': () => json({ error: 'File too large' }, 413) });
    const { host } = renderWithHost(<CreateScreenRemote tab="video" />);
    const zone = screen.getByRole('button', { name: 'Upload start image' }).closest('[data-image-slot]')!;
    fireEvent.drop(zone, { dataTransfer: { files: [new File(['%PDF'], 'a.pdf', { type: 'application/pdf' })] } });
    expect(host.toast).toHaveBeenCalledWith({
      title: 'Upload Failed',
      description: 'Please choose a PNG, JPG or WebP image.',
      variant: 'destructive',
    });
    expect(api.calls('POST /api/uploads')).toHaveLength(0);

    fireEvent.drop(zone, { dataTransfer: { files: [photo('huge.png')] } });
    await waitFor(() =>
      expect(host.toast).toHaveBeenCalledWith({
        title: 'Upload Failed',
        description: 'That image is larger than 10 MB. Please choose a smaller one.',
        variant: 'destructive',
      }),
    );
    expect(screen.queryByRole('img', { name: 'Start image' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate · 20 credits' })).toBeDisabled();

    // A file over 10 MB is refused at once, never sent.
    host.toast.mockClear();
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' });
    fireEvent.drop(zone, { dataTransfer: { files: [big] } });
    expect(host.toast).toHaveBeenCalledWith({
      title: 'Upload Failed',
      description: 'That image is larger than 10 MB. Please choose a smaller one.',
      variant: 'destructive',
    });
    expect(api.calls('POST /api/uploads')).toHaveLength(1); // the earlier one only
    expect(screen.queryByRole('img', { name: 'Start image' })).not.toBeInTheDocument();
  });

  it('keeps the uploaded image when a replacement fails to upload, and says why when no answer came (offline)', async () => {
    const api = installFakeApi({ 'POST /api/uploads': uploaded('/media/up/first.png') });
    const { host } = renderWithHost(<CreateScreenRemote tab="video" />);
    const zone = screen.getByRole('button', { name: 'Upload start image' }).closest('[data-image-slot]')!;
    fireEvent.drop(zone, { dataTransfer: { files: [photo('first.png')] } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Generate · 20 credits' })).toBeEnabled());
    api.on('POST /api/uploads', () => {
      throw new TypeError('Failed to fetch');
    });
    fireEvent.drop(zone, { dataTransfer: { files: [photo('second.png')] } });
    await waitFor(() =>
      expect(host.toast).toHaveBeenCalledWith({
        title: 'Upload Failed',
        description: 'The upload did not reach the studio. Please check your connection and try again.',
        variant: 'destructive',
      }),
    );
    // The first image is still the start image: Generate uses it.
    expect(screen.getByRole('img', { name: 'Start image' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate · 20 credits' })).toBeEnabled();

    // Two replacements picked while the first of them uploads, the later one failing: the first image still comes back.
    api.on('POST /api/uploads', () => new Promise<Response>(() => {}));
    fireEvent.drop(zone, { dataTransfer: { files: [photo('third.png')] } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Generate · 20 credits' })).toBeDisabled());
    api.on('POST /api/uploads', () => json({ error: 'Please try again' }, 500));
    fireEvent.drop(zone, { dataTransfer: { files: [photo('fourth.png')] } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Generate · 20 credits' })).toBeEnabled());
    expect(screen.getByRole('img', { name: 'Start image' })).toBeInTheDocument();
  });

  it('marks VEO 3.1 and SORA 2 for Advanced & Pro and shows a free user an upgrade hint to /pricing', async () => {
    installFakeApi();
    const { user } = renderWithHost(<CreateScreenRemote tab="video" />, {
      route: '/app/video?imageUrl=/media/look.png',
    });
    expect(screen.getAllByText('Advanced & Pro')).toHaveLength(2);
    expect(screen.queryByRole('link', { name: 'Upgrade to unlock' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /VEO 3.1/ }));
    expect(screen.getByText('VEO 3.1 and SORA 2 are part of the Advanced and Pro plans.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade to unlock' })).toHaveAttribute('href', '/pricing');
    expect(screen.getByRole('button', { name: 'Generate · 20 credits' })).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: /Wan 2.5/ }));
    expect(screen.queryByRole('link', { name: 'Upgrade to unlock' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate · 20 credits' })).toBeEnabled();
  });

  it('shows a basic user the hint too', async () => {
    installFakeApi();
    const { user } = renderWithHost(<CreateScreenRemote tab="video" />, { user: { ...testUser, plan: 'basic' } });
    await user.click(screen.getByRole('radio', { name: /SORA 2/ }));
    expect(screen.getByRole('link', { name: 'Upgrade to unlock' })).toBeInTheDocument();
  });

  it('lets an Advanced user start SORA 2, and shows the server message of a 403 as a destructive toast', async () => {
    const api = installFakeApi({
      'POST /api/generations/video': () => json({ error: 'SORA 2 is available on the Advanced and Pro plans', requiresPlan: 'advanced' }, 403),
    });
    const { user, host } = renderWithHost(<CreateScreenRemote tab="video" />, {
      user: { ...testUser, plan: 'advanced' },
      route: '/app/video?imageUrl=/media/look.png',
    });
    await user.click(screen.getByRole('radio', { name: /SORA 2/ }));
    expect(screen.queryByRole('link', { name: 'Upgrade to unlock' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Generate · 20 credits' }));
    await waitFor(() =>
      expect(host.toast).toHaveBeenCalledWith({
        title: 'Upgrade to use this model',
        description: 'SORA 2 is available on the Advanced and Pro plans',
        variant: 'destructive',
      }),
    );
    expect(api.calls('POST /api/generations/video')[0]!.body).toEqual({ imageUrl: '/media/look.png', model: 'sora-2' });
  });

  it('shows any other 403 (a refused cross-site request) as a failure, not as a plan to upgrade', async () => {
    installFakeApi({ 'POST /api/generations/video': () => json({ error: 'Forbidden: cross-site request' }, 403) });
    const { user, host } = renderWithHost(<CreateScreenRemote tab="video" />, { route: '/app/video?imageUrl=/media/look.png' });
    await user.click(screen.getByRole('button', { name: 'Generate · 20 credits' }));
    await waitFor(() => expect(host.toast).toHaveBeenCalledWith(expect.objectContaining({ description: 'Forbidden: cross-site request', variant: 'destructive' })));
    expect(host.toast).not.toHaveBeenCalledWith(expect.objectContaining({ title: 'Upgrade to use this model' }));
  });

  it('opens the limit dialog (type video) when 20 credits are not left', async () => {
    const api = installFakeApi();
    const { user, host } = renderWithHost(<CreateScreenRemote tab="video" />, {
      route: '/app/video?imageUrl=/media/look.png',
      limits: { credits: { used: 6, limit: 25 }, avatar: { used: 0, limit: 0 } },
    });
    await user.click(screen.getByRole('button', { name: 'Generate · 20 credits' }));
    expect(host.openLimitDialog).toHaveBeenCalledWith({ type: 'video', used: 6, limit: 25 });
    expect(api.calls('POST /api/generations/video')).toHaveLength(0);
  });

  it('consumes pendingVideoImage from local storage as the start image', () => {
    installFakeApi();
    localStorage.setItem('pendingVideoImage', '/media/from-gallery.png');
    renderWithHost(<CreateScreenRemote tab="video" />);
    expect(screen.getByRole('img', { name: 'Start image' })).toHaveAttribute('src', '/media/from-gallery.png');
    expect(localStorage.getItem('pendingVideoImage')).toBeNull();
  });

  it('prefers ?imageUrl over pendingVideoImage, and still consumes the pending one', () => {
    installFakeApi();
    localStorage.setItem('pendingVideoImage', '/media/from-gallery.png');
    renderWithHost(<CreateScreenRemote tab="video" />, { route: '/app/video?imageUrl=/media/param.png' });
    expect(screen.getByRole('img', { name: 'Start image' })).toHaveAttribute('src', '/media/param.png');
    expect(localStorage.getItem('pendingVideoImage')).toBeNull();
  });

  it('keeps the start image clear: its label and buttons sit in a bar below it, not on it', () => {
    installFakeApi();
    renderWithHost(<CreateScreenRemote tab="video" />, { route: '/app/video?imageUrl=/media/look.png' });
    const picture = screen.getByRole('img', { name: 'Start image' });
    // The picture's own box holds only the picture; the controls are outside it.
    expect(picture.parentElement!.children).toHaveLength(1);
    for (const name of ['Replace start image', 'Remove start image']) {
      expect(picture.parentElement).not.toContainElement(screen.getByRole('button', { name }));
    }
    expect(picture.parentElement).not.toContainElement(screen.getByText('Start image', { selector: 'figcaption' }));
  });

  it('removes the start image', async () => {
    installFakeApi();
    const { user } = renderWithHost(<CreateScreenRemote tab="video" />, { route: '/app/video?imageUrl=/media/look.png' });
    await user.click(screen.getByRole('button', { name: 'Remove start image' }));
    expect(screen.queryByRole('img', { name: 'Start image' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate · 20 credits' })).toBeDisabled();
  });
});

describe('dress-up tab', () => {
  it('uploads a person and a garment, pastes into the first empty one, and starts a try-on', async () => {
    let n = 0;
    const api = installFakeApi({
      'POST /api/uploads': () => uploaded(`/media/up/${++n}.png`)(),
      'POST /api/generations/dressup': () => json({ id: 'd1', status: 'queued' }, 202),
    });
    const { user, host } = renderWithHost(<CreateScreenRemote tab="dress-up" />);
    const generate = screen.getByRole('button', { name: 'Generate · 1 credit' });
    await user.upload(screen.getByLabelText('Person image'), photo('person.png'));
    await waitFor(() => expect(screen.getByRole('img', { name: 'Person image' })).toBeInTheDocument());
    expect(generate).toBeDisabled();
    // the person is there and nothing has focus, so a paste fills the garment
    (document.activeElement as HTMLElement | null)?.blur();
    fireEvent.paste(document.body, { clipboardData: { files: [photo('garment.png')] } });
    await waitFor(() => expect(screen.getByRole('img', { name: 'Garment image' })).toBeInTheDocument());
    await waitFor(() => expect(generate).toBeEnabled());
    await user.click(generate);
    await waitFor(() => expect(api.calls('POST /api/generations/dressup')).toHaveLength(1));
    expect(api.calls('POST /api/generations/dressup')[0]!.body).toEqual({
      personImageUrl: '/media/up/1.png',
      garmentImageUrl: '/media/up/2.png',
    });
    expect(host.track).toHaveBeenCalledWith('generation_started', {
      user_plan: 'free',
      generation_type: 'dressup',
      model: 'try-on',
      credits_cost: 1,
    });
  });

  it('pastes into the image input that has focus', async () => {
    const api = installFakeApi({ 'POST /api/uploads': uploaded('/media/up/g.png') });
    renderWithHost(<CreateScreenRemote tab="dress-up" />);
    const garmentButton = screen.getByRole('button', { name: 'Upload garment image' });
    garmentButton.focus();
    fireEvent.paste(garmentButton, { clipboardData: { files: [photo('garment.png')] } });
    await waitFor(() => expect(api.calls('POST /api/uploads')).toHaveLength(1));
    expect(screen.getByRole('img', { name: 'Garment image' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Person image' })).not.toBeInTheDocument();
  });

  it('opens the limit dialog with type dressup when credits are short', async () => {
    const api = installFakeApi({ 'POST /api/uploads': uploaded('/media/up/g.png') });
    const { user, host } = renderWithHost(<CreateScreenRemote tab="dress-up" />, {
      route: '/app/dress-up?imageUrl=/media/person.png',
      limits: { credits: { used: 25, limit: 25 }, avatar: { used: 0, limit: 0 } },
    });
    await user.upload(screen.getByLabelText('Garment image'), photo('g.png'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Generate · 1 credit' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Generate · 1 credit' }));
    expect(host.openLimitDialog).toHaveBeenCalledWith({ type: 'dressup', used: 25, limit: 25 });
    expect(api.calls('POST /api/generations/dressup')).toHaveLength(0);
  });
});
