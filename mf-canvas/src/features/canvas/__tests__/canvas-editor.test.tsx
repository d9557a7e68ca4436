import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import CanvasEditorRemote from '../../../expose/canvas-editor';
import { EDITED_IMAGE_URL, installFakeApi, json } from '../../../testing/fake-api';
import { renderWithHost } from '../../../testing/render-with-host';
import { composePrompt } from '../components/canvas-editor';

const photo = () => new File([new Uint8Array([137, 80, 78, 71])], 'look.png', { type: 'image/png' });
const PHOTO_DATA_URL = 'data:image/png;base64,iVBORw==';
const editButton = () => screen.getByRole('button', { name: /Edit Photo/ });

afterEach(() => vi.useRealTimers());

/** Chooses a photo, types the prompt and presses Edit Photo. */
async function editPhoto(user: ReturnType<typeof renderWithHost>['user'], prompt = 'make it dusk') {
  await user.upload(screen.getByLabelText('Main image'), photo());
  await user.type(screen.getByRole('textbox', { name: 'Prompt' }), prompt);
  await user.click(editButton());
}

describe('CanvasEditor', () => {
  it('is marked as the mf_canvas remote and shows the upload area, prompt and selectors', () => {
    const { container } = renderWithHost(<CanvasEditorRemote />);
    expect(container.querySelector('[data-remote="mf_canvas"]')).toBeInTheDocument();
    expect(screen.getByText('Upload a photo')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Prompt' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Camera' })).toHaveValue('Default');
    expect(screen.getByRole('combobox', { name: 'Shot Type' })).toHaveValue('Default');
    expect(screen.getByRole('combobox', { name: 'Model' })).toHaveDisplayValue('Flux Kontext Max (Prompt Perfect)');
  });

  it('shows the quick prompt chips only while the prompt is empty', async () => {
    const { user } = renderWithHost(<CanvasEditorRemote />);
    for (const chip of ['Enhance Skin', 'Change Time of Day', 'iPhone Flash']) {
      expect(screen.getByRole('button', { name: chip })).toBeInTheDocument();
    }
    await user.type(screen.getByRole('textbox', { name: 'Prompt' }), 'warmer light');
    expect(screen.queryByRole('button', { name: 'Enhance Skin' })).not.toBeInTheDocument();

    await user.clear(screen.getByRole('textbox', { name: 'Prompt' }));
    await user.click(screen.getByRole('button', { name: 'iPhone Flash' }));
    expect(screen.getByRole('textbox', { name: 'Prompt' })).toHaveValue('iPhone Flash');
  });

  it('keeps Edit Photo disabled until there is an image and a prompt, and shows the credits left', async () => {
    const { user } = renderWithHost(<CanvasEditorRemote />, { limits: { credits: { used: 3, limit: 25 }, avatar: { used: 0, limit: 0 } } });
    const edit = screen.getByRole('button', { name: /Edit Photo/ });
    expect(edit).toHaveTextContent('22 credits left');
    expect(edit).toBeDisabled();
    await user.upload(screen.getByLabelText('Main image'), photo());
    expect(edit).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Prompt' }), 'make it dusk');
    expect(edit).toBeEnabled();
  });

  it('opens the limit dialog instead of editing when the credits are spent', async () => {
    const { user, host, api } = renderWithHost(<CanvasEditorRemote />, {
      limits: { credits: { used: 25, limit: 25 }, avatar: { used: 0, limit: 0 } },
    });
    await editPhoto(user);
    expect(host.openLimitDialog).toHaveBeenCalledWith({ type: 'canvas', used: 25, limit: 25 });
    expect(api.calls('POST /api/canvas/edit')).toHaveLength(0);
  });

  it('composes the prompt with the camera and shot type', () => {
    expect(composePrompt('dusk', 'Default', 'Default')).toBe('dusk');
    expect(composePrompt('dusk', 'Leica M11 35mm f/1.4', 'High Angle')).toBe('dusk. Shot with Leica M11 35mm f/1.4. High Angle perspective');
  });
});

describe('an edit', () => {
  it('sends the photo and the composed prompt, then shows the edited photo when the job completes', async () => {
    const api = installFakeApi();
    const { user, host, queryClient } = renderWithHost(<CanvasEditorRemote />);
    await user.upload(screen.getByLabelText('Main image'), photo());
    await user.type(screen.getByRole('textbox', { name: 'Prompt' }), 'make it dusk');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Camera' }), 'Leica M11 35mm f/1.4');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Shot Type' }), 'High Angle');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Model' }), 'nano-banana');
    await user.click(editButton());

    // the job is created and polled: still processing, so the edit is in progress
    await waitFor(() => expect(api.calls('GET /api/canvas/edit/:id')).toHaveLength(1));
    expect(api.calls('POST /api/canvas/edit')[0]!.body).toEqual({
      prompt: 'make it dusk. Shot with Leica M11 35mm f/1.4. High Angle perspective',
      model: 'nano-banana',
      camera: 'Leica M11 35mm f/1.4',
      shotType: 'High Angle',
      inputImages: [PHOTO_DATA_URL],
    });
    const [edit] = api.edits.values();
    expect(api.calls('GET /api/canvas/edit/:id')[0]!.params).toEqual({ id: edit!.id });
    expect(editButton()).toBeDisabled();
    expect(host.toast).not.toHaveBeenCalled();

    // the next poll finds it completed
    api.completeEdit();
    await act(() => queryClient.invalidateQueries({ queryKey: ['/api/canvas/edit'] }));
    expect(await screen.findByRole('img', { name: 'Edited image' })).toHaveAttribute('src', EDITED_IMAGE_URL);
    expect(host.toast).toHaveBeenCalledWith({ title: 'Photo edited successfully!' });
    expect(screen.queryByRole('img', { name: 'Main image' })).not.toBeInTheDocument();
    expect(editButton()).toBeEnabled();
  });

  it('sends the reference images after the main one', async () => {
    const api = installFakeApi();
    const { user } = renderWithHost(<CanvasEditorRemote />);
    await user.upload(screen.getByLabelText('Main image'), photo());
    await user.upload(screen.getByLabelText('Reference images'), [photo(), photo()]);
    await user.type(screen.getByRole('textbox', { name: 'Prompt' }), 'same coat, new street');
    await user.click(editButton());
    await waitFor(() => expect(api.calls('POST /api/canvas/edit')).toHaveLength(1));
    expect((api.calls('POST /api/canvas/edit')[0]!.body as { inputImages: string[] }).inputImages).toEqual([
      PHOTO_DATA_URL,
      PHOTO_DATA_URL,
      PHOTO_DATA_URL,
    ]);
  });

  it.each([
    ['the job\'s message', 'The model could not read the image', 'The model could not read the image'],
    ['a fallback when the job has none', null, 'Photo editing failed. Please try again.'],
  ])('tells the user when the edit fails, with %s, and keeps the photo', async (_, errorMessage, description) => {
    const api = installFakeApi();
    const { user, host, queryClient } = renderWithHost(<CanvasEditorRemote />);
    await editPhoto(user);
    await waitFor(() => expect(api.calls('GET /api/canvas/edit/:id')).toHaveLength(1));
    api.failEdit(errorMessage);
    await act(() => queryClient.invalidateQueries({ queryKey: ['/api/canvas/edit'] }));
    await waitFor(() => expect(host.toast).toHaveBeenCalledWith({ title: 'Editing failed', description, variant: 'destructive' }));
    expect(screen.getByRole('img', { name: 'Main image' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Edited image' })).not.toBeInTheDocument();
    expect(editButton()).toBeEnabled();
  });

  it('tells the user when the edit cannot start', async () => {
    const api = installFakeApi({ 'POST /api/canvas/edit': () => json({ error: 'Service unavailable: canvas' }, 502) });
    const { user, host } = renderWithHost(<CanvasEditorRemote />);
    await editPhoto(user);
    await waitFor(() =>
      expect(host.toast).toHaveBeenCalledWith({
        title: 'Error starting edit',
        description: 'Failed to start canvas editing',
        variant: 'destructive',
      }),
    );
    expect(api.calls('POST /api/canvas/edit')).toHaveLength(1);
    expect(api.calls('GET /api/canvas/edit/:id')).toHaveLength(0);
    expect(editButton()).toBeEnabled();
  });

  it('tells the user when the status cannot be checked', async () => {
    installFakeApi({ 'GET /api/canvas/edit/:id': () => json({ error: 'Service unavailable: canvas' }, 502) });
    const { user, host } = renderWithHost(<CanvasEditorRemote />);
    await editPhoto(user);
    await waitFor(() =>
      expect(host.toast).toHaveBeenCalledWith({
        title: 'Error checking status',
        description: 'Failed to check editing status. Please try again.',
        variant: 'destructive',
      }),
    );
    expect(editButton()).toBeEnabled();
  });

  it('polls the job every 5 s, and after 5 minutes stops quietly', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = installFakeApi();
    const { user, host } = renderWithHost(<CanvasEditorRemote />);
    await editPhoto(user);
    await waitFor(() => expect(api.calls('GET /api/canvas/edit/:id')).toHaveLength(1));
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(api.calls('GET /api/canvas/edit/:id')).toHaveLength(2);
    expect(editButton()).toBeDisabled();

    await act(() => vi.advanceTimersByTimeAsync(5 * 60_000));
    expect(editButton()).toBeEnabled();
    const polls = api.calls('GET /api/canvas/edit/:id').length;
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(api.calls('GET /api/canvas/edit/:id')).toHaveLength(polls);
    expect(host.toast).not.toHaveBeenCalled();
  });
});
