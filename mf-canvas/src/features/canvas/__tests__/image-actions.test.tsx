import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import CanvasEditorRemote from '../../../expose/canvas-editor';
import { choosePhoto, editButton, PHOTO_DATA_URL } from '../../../testing/canvas-steps';
import { EDITED_IMAGE_URL, installFakeApi, json, UPLOADED_IMAGE_URL, UPSCALED_IMAGE_URL } from '../../../testing/fake-api';
import { renderWithHost } from '../../../testing/render-with-host';

afterEach(() => vi.useRealTimers());

const actions = () => screen.getByRole('group', { name: 'Image actions' });
const action = (name: string) => within(actions()).getByRole('button', { name });
const MEDIA = '/media/uploads/2026/11/1234567890abcdef1234567890abcdef.jpg';

describe('the actions on the image', () => {
  it('are real buttons reached with the keyboard, in order, after the image is shown', async () => {
    const { user } = renderWithHost(<CanvasEditorRemote />);
    expect(screen.queryByRole('group', { name: 'Image actions' })).not.toBeInTheDocument();
    await choosePhoto(user);
    const names = [...actions().querySelectorAll('button, a')].map((element) => element.textContent);
    expect(names).toEqual(['Preview', 'Upscale', 'Create video', 'Download', 'Delete']);

    // Tab from the top of the page into the actions: focus lands on each of them in turn
    (document.activeElement as HTMLElement).blur();
    await user.tab();
    expect(action('Preview')).toHaveFocus();
    await user.tab();
    expect(action('Upscale')).toHaveFocus();
    await user.tab();
    expect(action('Create video')).toHaveFocus();
    await user.tab();
    expect(within(actions()).getByRole('link', { name: 'Download' })).toHaveFocus();
    await user.tab();
    expect(action('Delete')).toHaveFocus();
  });

  it('preview opens the image full screen, keeps focus inside, and Escape closes it', async () => {
    const { user } = renderWithHost(<CanvasEditorRemote />);
    await choosePhoto(user);
    action('Preview').focus();
    await user.keyboard('{Enter}');
    const viewer = await screen.findByRole('dialog', { name: 'Main image' });
    expect(viewer).toHaveAttribute('data-remote', 'mf_canvas');
    expect(within(viewer).getByRole('img', { name: 'Main image' })).toHaveAttribute('src', PHOTO_DATA_URL);
    const close = within(viewer).getByRole('button', { name: 'Close' });
    expect(close).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus(); // the only control: Tab stays in the viewer
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(action('Preview')).toHaveFocus();
  });

  it('download saves a local photo from its own bytes, and our media through /api/download', async () => {
    const { user } = renderWithHost(<CanvasEditorRemote />, { route: `/app/canvas?imageUrl=${encodeURIComponent(MEDIA)}` });
    const download = () => within(actions()).getByRole('link', { name: 'Download' });
    await screen.findByRole('img', { name: 'Main image' });
    expect(download()).toHaveAttribute('href', `/api/download?url=${encodeURIComponent(MEDIA)}`);

    await user.upload(screen.getByLabelText('Main image'), new File([new Uint8Array([1])], 'x.png', { type: 'image/png' }));
    await waitFor(() => expect(download()).toHaveAttribute('href', 'data:image/png;base64,AQ=='));
    expect(download()).toHaveAttribute('download', 'atelier-canvas.png');
  });

  it('delete removes a photo from the canvas at once, without asking or calling the server', async () => {
    const { user, api } = renderWithHost(<CanvasEditorRemote />);
    await choosePhoto(user);
    await user.click(action('Delete'));
    expect(screen.queryByRole('img', { name: 'Main image' })).not.toBeInTheDocument();
    expect(screen.getByText('Upload a photo')).toBeInTheDocument();
    expect(screen.getByLabelText('Main image')).toHaveFocus();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.requests.filter((request) => request.method === 'DELETE')).toHaveLength(0);
    expect(editButton()).toBeDisabled();
  });

  it("delete of an edit's result asks first, then deletes the edit", async () => {
    const api = installFakeApi();
    const [older, latest] = api.seedEdits({ prompt: 'older look' }, { prompt: 'latest look', outputImageUrl: EDITED_IMAGE_URL });
    const { user, host } = renderWithHost(<CanvasEditorRemote />);
    await user.click(await screen.findByRole('button', { name: 'Show edit: latest look' }));
    expect(screen.getByRole('img', { name: 'Edited image' })).toHaveAttribute('src', EDITED_IMAGE_URL);

    // Cancel keeps everything
    await user.click(action('Delete'));
    let dialog = await screen.findByRole('dialog', { name: 'Delete this edit?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('img', { name: 'Edited image' })).toBeInTheDocument();
    expect(api.calls('DELETE /api/canvas/edit/:id')).toHaveLength(0);
    expect(action('Delete')).toHaveFocus();

    await user.click(action('Delete'));
    dialog = await screen.findByRole('dialog', { name: 'Delete this edit?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete edit' }));
    await waitFor(() => expect(screen.queryByRole('img', { name: 'Edited image' })).not.toBeInTheDocument());
    expect(api.calls('DELETE /api/canvas/edit/:id').map((call) => call.params.id)).toEqual([latest!.id]);
    expect(host.toast).toHaveBeenCalledWith({ title: 'Edit deleted' });
    await waitFor(() => expect(screen.getByLabelText('Main image')).toHaveFocus()); // back to the upload area
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Show edit: latest look' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Show edit: older look' })).toBeInTheDocument();
    expect(older).toBeDefined();
  });

  it('create video hands a local photo over as our media (uploaded first) and goes to /app/video', async () => {
    const { user, api, host } = renderWithHost(<CanvasEditorRemote />);
    await choosePhoto(user);
    await user.click(action('Create video'));
    await waitFor(() => expect(host.navigate).toHaveBeenCalledWith('/app/video'));
    expect(api.calls('POST /api/uploads')).toHaveLength(1);
    const sent = api.calls('POST /api/uploads')[0]!.body as FormData;
    expect((sent.get('file') as File).type).toBe('image/png');
    expect(localStorage.getItem('pendingVideoImage')).toBe(UPLOADED_IMAGE_URL);
  });

  it("create video hands an edit's result over as the user's own upload of it (create takes only the user's pictures)", async () => {
    const api = installFakeApi({ 'GET /media/canvas/2026/11/:file': () => new Response(new Uint8Array([137, 80, 78, 71]), { headers: { 'content-type': 'image/png' } }) });
    api.seedEdits({ prompt: 'latest look', outputImageUrl: EDITED_IMAGE_URL });
    const { user, host } = renderWithHost(<CanvasEditorRemote />);
    await user.click(await screen.findByRole('button', { name: 'Show edit: latest look' }));
    await screen.findByRole('img', { name: 'Edited image' });
    await user.click(action('Create video'));
    await waitFor(() => expect(host.navigate).toHaveBeenCalledWith('/app/video'));
    expect(api.calls('POST /api/uploads')).toHaveLength(1);
    const sent = (api.calls('POST /api/uploads')[0]!.body as FormData).get('file') as File;
    expect([sent.name, sent.type]).toEqual(['canvas-edit.png', 'image/png']);
    expect(localStorage.getItem('pendingVideoImage')).toBe(UPLOADED_IMAGE_URL);
  });

  it('create video hands our media over as they are', async () => {
    const { user, api, host } = renderWithHost(<CanvasEditorRemote />, { route: `/app/canvas?imageUrl=${encodeURIComponent(MEDIA)}` });
    await screen.findByRole('img', { name: 'Main image' });
    await user.click(action('Create video'));
    await waitFor(() => expect(host.navigate).toHaveBeenCalledWith('/app/video'));
    expect(api.calls('POST /api/uploads')).toHaveLength(0);
    expect(localStorage.getItem('pendingVideoImage')).toBe(MEDIA);
  });
});

describe('upscale', () => {
  it('uploads a local photo, starts the upscale, polls it and shows the 2× image', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = installFakeApi();
    const { user, host } = renderWithHost(<CanvasEditorRemote />);
    await choosePhoto(user);
    await user.click(action('Upscale'));

    await waitFor(() => expect(api.calls('GET /api/generations/:id')).toHaveLength(1));
    expect(api.calls('POST /api/uploads')).toHaveLength(1);
    expect(api.calls('POST /api/generations/upscale')[0]!.body).toEqual({ imageUrl: UPLOADED_IMAGE_URL });
    expect(screen.getByRole('status', { name: 'Upscaling' })).toBeInTheDocument();
    expect(editButton()).toBeDisabled();

    api.completeUpscale();
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(await screen.findByRole('img', { name: 'Upscaled image' })).toHaveAttribute('src', UPSCALED_IMAGE_URL);
    expect(host.toast).toHaveBeenCalledWith({ title: 'Image upscaled', description: 'The 2× image is now on the canvas.' });
    expect(within(actions()).getByRole('link', { name: 'Download' })).toHaveAttribute(
      'href',
      `/api/download?url=${encodeURIComponent(UPSCALED_IMAGE_URL)}`,
    );

    // upscaling again uses the media URL: no second upload
    await user.click(action('Upscale'));
    await waitFor(() => expect(api.calls('POST /api/generations/upscale')).toHaveLength(2));
    expect(api.calls('POST /api/generations/upscale')[1]!.body).toEqual({ imageUrl: UPSCALED_IMAGE_URL });
    expect(api.calls('POST /api/uploads')).toHaveLength(1);
  });

  it('checks the credits first: out of credits opens the limit dialog and nothing is sent', async () => {
    const { user, api, host } = renderWithHost(<CanvasEditorRemote />, { limits: { credits: { used: 25, limit: 25 }, avatar: { used: 0, limit: 0 } } });
    await choosePhoto(user);
    await user.click(action('Upscale'));
    expect(host.openLimitDialog).toHaveBeenCalledWith({ type: 'credits', used: 25, limit: 25 });
    expect(api.calls('POST /api/uploads')).toHaveLength(0);
    expect(api.calls('POST /api/generations/upscale')).toHaveLength(0);
  });

  it('opens the limit dialog when the service refuses for credits (402)', async () => {
    installFakeApi({ 'POST /api/generations/upscale': () => json({ error: 'Not enough credits', limitReached: true, used: 25, limit: 25 }, 402) });
    const { user, host } = renderWithHost(<CanvasEditorRemote />, { route: `/app/canvas?imageUrl=${encodeURIComponent(MEDIA)}` });
    await screen.findByRole('img', { name: 'Main image' });
    await user.click(action('Upscale'));
    await waitFor(() => expect(host.openLimitDialog).toHaveBeenCalledWith({ type: 'credits', used: 25, limit: 25 }));
    expect(host.toast).not.toHaveBeenCalled();
    expect(screen.getByRole('img', { name: 'Main image' })).toHaveAttribute('src', MEDIA);
  });

  it("tells the user when the upscale fails, with the job's message, and keeps the image", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = installFakeApi();
    const { user, host } = renderWithHost(<CanvasEditorRemote />, { route: `/app/canvas?imageUrl=${encodeURIComponent(MEDIA)}` });
    await screen.findByRole('img', { name: 'Main image' });
    await user.click(action('Upscale'));
    await waitFor(() => expect(api.calls('GET /api/generations/:id')).toHaveLength(1));
    api.failUpscale('The image is too large to upscale');
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    await waitFor(() =>
      expect(host.toast).toHaveBeenCalledWith({ title: 'Upscale failed', description: 'The image is too large to upscale', variant: 'destructive' }),
    );
    expect(screen.getByRole('img', { name: 'Main image' })).toHaveAttribute('src', MEDIA);
  });
});
