import { act, screen, waitFor, within } from '@testing-library/react';
import { CAMERAS, CANVAS_COMPOSED_PROMPT_MAX, CANVAS_PROMPT_MAX, canvasPromptSchema, SHOT_TYPES } from '@atelier/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import CanvasEditorRemote from '../../../expose/canvas-editor';
import { choosePhoto, editButton, editPhoto, photo, PHOTO_DATA_URL, promptBox } from '../../../testing/canvas-steps';
import { EDITED_IMAGE_URL, fakeEdit, installFakeApi, json } from '../../../testing/fake-api';
import { renderWithHost } from '../../../testing/render-with-host';
import { composePrompt } from '../utils/compose-prompt';

afterEach(() => vi.useRealTimers());

const limits = (used: number, limit: number) => ({ credits: { used, limit }, avatar: { used: 0, limit: 0 } });

describe('CanvasEditor', () => {
  it('is marked as the mf_canvas remote and shows the header, upload area, prompt and selectors', async () => {
    const { container } = renderWithHost(<CanvasEditorRemote />);
    expect(container.querySelector('[data-remote="mf_canvas"]')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Canvas Editing' })).toBeInTheDocument();
    expect(screen.getByText('Upload a photo')).toBeInTheDocument();
    expect(promptBox()).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Camera' })).toHaveValue('Default');
    expect(screen.getByRole('combobox', { name: 'Shot Type' })).toHaveValue('Default');
    expect(screen.getByRole('combobox', { name: 'Model' })).toHaveDisplayValue('Flux Kontext Max (Prompt Perfect)');
    expect(await screen.findByText('Your edited photos will appear here.')).toBeInTheDocument();
  });

  it('shows the chosen camera and model with their full names', async () => {
    const { user } = renderWithHost(<CanvasEditorRemote />);
    const form = screen.getByRole('form', { name: 'Edit' });
    expect(within(form).getByText('Flux Kontext Max')).toBeVisible();
    expect(within(form).getByText('Prompt Perfect')).toBeVisible();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Camera' }), 'simulated analog 120 Kodak Portra film');
    expect(within(form).getByText('simulated analog 120 Kodak Portra film', { selector: 'span' })).toBeVisible();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Model' }), 'seedream-4-edit');
    expect(within(form).getByText('Seedream 4.0 Edit')).toBeVisible();
    expect(within(form).getByText('Advanced Edit')).toBeVisible();
  });

  it('lists every camera, shot type and model of SPEC §9', () => {
    renderWithHost(<CanvasEditorRemote />);
    const options = (name: string) => within(screen.getByRole('combobox', { name })).getAllByRole('option').map((o) => o.textContent);
    expect(options('Camera')).toEqual([
      'Default',
      'Ricoh GR1 28mm',
      'Hasselblad H6D-100c 100mm f/2.2',
      'Canon EOS R5 50mm f/1.2',
      'Leica M11 35mm f/1.4',
      'Sony A7R V 24mm f/1.4',
      'Fujifilm GFX 100 110mm f/2',
      'simulated analog 120 Kodak Portra film',
      'DSLR 85mm f/1.4',
    ]);
    expect(options('Shot Type')).toEqual(['Default', 'High Angle', 'Macro Shot', 'Medium Close Up Shot', 'Profile Shot']);
    expect(options('Model')).toEqual(['Nano Banana (State-of-the-Art)', 'Flux Kontext Max (Prompt Perfect)', 'Seedream 4.0 Edit (Advanced Edit)']);
  });

  it('shows the quick prompt chips only while the prompt is empty', async () => {
    const { user } = renderWithHost(<CanvasEditorRemote />);
    const chips = screen.getByRole('group', { name: 'Quick prompts' });
    expect(within(chips).getAllByRole('button').map((b) => b.textContent)).toEqual(['Enhance Skin', 'Change Time of Day', 'iPhone Flash']);
    await user.type(promptBox(), 'warmer light');
    expect(screen.queryByRole('group', { name: 'Quick prompts' })).not.toBeInTheDocument();

    await user.clear(promptBox());
    await user.click(screen.getByRole('button', { name: 'iPhone Flash' }));
    expect(promptBox()).toHaveValue('iPhone Flash');
    expect(promptBox()).toHaveFocus(); // the chip is gone: focus goes on to the prompt, not to the page's body
  });

  it('keeps Edit Photo disabled until there is an image and a prompt, and shows the credits left', async () => {
    const { user } = renderWithHost(<CanvasEditorRemote />, { limits: limits(3, 25) });
    expect(editButton()).toHaveTextContent('22 credits left');
    expect(editButton()).toBeDisabled();
    await choosePhoto(user);
    expect(editButton()).toBeDisabled();
    await user.type(promptBox(), '   ');
    expect(editButton()).toBeDisabled();
    await user.type(promptBox(), 'make it dusk');
    expect(editButton()).toBeEnabled();
  });

  it('says the credits are unlimited from a limit of 999', () => {
    renderWithHost(<CanvasEditorRemote />, { limits: limits(5000, 999) });
    expect(editButton()).toHaveTextContent('Unlimited credits');
  });

  it('alerts when Ctrl+Enter is pressed without a main image', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const { user, api } = renderWithHost(<CanvasEditorRemote />);
    await user.type(promptBox(), 'make it dusk{Control>}{Enter}{/Control}');
    expect(alert).toHaveBeenCalledWith('Please upload a main image first');
    expect(api.calls('POST /api/canvas/edit')).toHaveLength(0);
  });

  it('opens the limit dialog instead of editing when the credits are spent', async () => {
    const { user, host, api } = renderWithHost(<CanvasEditorRemote />, { limits: limits(25, 25) });
    await editPhoto(user);
    expect(host.openLimitDialog).toHaveBeenCalledWith({ type: 'canvas', used: 25, limit: 25 });
    expect(api.calls('POST /api/canvas/edit')).toHaveLength(0);
  });

  it('opens the limit dialog with the server\'s numbers when it refuses for credits (402)', async () => {
    const api = installFakeApi({
      'POST /api/canvas/edit': () => json({ error: 'Not enough credits', limitReached: true, used: 25, limit: 25 }, 402),
    });
    const { user, host } = renderWithHost(<CanvasEditorRemote />, { limits: limits(24, 25) });
    await editPhoto(user);
    await waitFor(() => expect(host.openLimitDialog).toHaveBeenCalledWith({ type: 'canvas', used: 25, limit: 25 }));
    expect(host.toast).not.toHaveBeenCalled();
    expect(api.calls('GET /api/canvas/edit/:id')).toHaveLength(0);
    expect(editButton()).toBeEnabled();
  });

  it('composes the prompt with the camera and shot type (SPEC §5)', () => {
    expect(composePrompt('dusk', 'Default', 'Default')).toBe('dusk');
    expect(composePrompt('  dusk ', 'Default', 'Macro Shot')).toBe('dusk. Macro Shot perspective');
    expect(composePrompt('dusk', 'Ricoh GR1 28mm', 'Default')).toBe('dusk. Shot with Ricoh GR1 28mm');
    expect(composePrompt('dusk', 'Leica M11 35mm f/1.4', 'High Angle')).toBe('dusk. Shot with Leica M11 35mm f/1.4. High Angle perspective');
  });

  it('a full prompt box with any camera and shot type is still a prompt the service takes (it was refused as too long)', () => {
    const full = 'x'.repeat(CANVAS_PROMPT_MAX);
    for (const camera of CAMERAS) for (const shot of SHOT_TYPES) expect(canvasPromptSchema.safeParse(composePrompt(full, camera, shot)).success).toBe(true);
    expect(canvasPromptSchema.safeParse('x'.repeat(CANVAS_COMPOSED_PROMPT_MAX + 1)).error?.issues[0]?.message).toBe('The prompt is too long (at most 2000 characters)');
  });

  it('does not show a made-up count of credits when they could not be read', async () => {
    installFakeApi();
    renderWithHost(<CanvasEditorRemote />, { limits: 'unreadable' });
    expect(await screen.findByText(/Credits could not be checked/, {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.queryByText(/25 credits left/)).not.toBeInTheDocument();
  });

  it('counts the prompt\'s characters near its limit', async () => {
    installFakeApi();
    const { user } = renderWithHost(<CanvasEditorRemote />);
    await choosePhoto(user);
    expect(promptBox()).toHaveAttribute('maxLength', '2000');
    await user.click(promptBox());
    await user.paste('a'.repeat(1801));
    expect(screen.getByText('1801 / 2000 characters')).toBeInTheDocument();
  });
});

describe('an edit', () => {
  it('sends the photo and the composed prompt, shows the progress, then shows the edited photo when the job completes', async () => {
    const api = installFakeApi();
    const { user, host } = renderWithHost(<CanvasEditorRemote />);
    await choosePhoto(user);
    await user.type(promptBox(), 'make it dusk');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Camera' }), 'Leica M11 35mm f/1.4');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Shot Type' }), 'High Angle');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Model' }), 'nano-banana');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(editButton());

    // the job is created and polled at once: still running, so the edit is in progress
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
    expect(screen.getByRole('status', { name: 'Editing photo' })).toBeInTheDocument();
    expect(screen.getByText('0:00')).toBeInTheDocument();
    expect(editButton()).toBeDisabled();
    expect(promptBox()).toBeDisabled();
    // Focus waits on the Edit Photo bar (it fell to the page's body with the disabled button).
    expect(editButton().closest('[tabindex="-1"]')).toHaveFocus();
    expect(screen.getByRole('combobox', { name: 'Model' })).toBeDisabled();
    expect(screen.queryByRole('group', { name: 'Image actions' })).not.toBeInTheDocument();
    expect(host.toast).not.toHaveBeenCalled();
    expect(host.track).toHaveBeenCalledWith('generation_started', { generation_type: 'canvas', model: 'nano-banana', credits_cost: 1 });

    // 5 s later the next poll finds it completed
    api.completeEdit();
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(await screen.findByRole('img', { name: 'Edited image' })).toHaveAttribute('src', EDITED_IMAGE_URL);
    expect(api.calls('GET /api/canvas/edit/:id')).toHaveLength(2);
    expect(host.toast).toHaveBeenCalledWith({ title: 'Photo edited successfully!' });
    expect(screen.queryByRole('img', { name: 'Main image' })).not.toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Editing photo' })).not.toBeInTheDocument();
    expect(editButton()).toBeEnabled();
    // the recent edits list is read again and holds the new result, marked as the one shown
    expect(await screen.findByRole('button', { name: /Show edit: make it dusk/, pressed: true })).toBeInTheDocument();
  });

  /** An edit made and completed (its first poll, then the next 5 s later), under fake timers. */
  async function completedEdit() {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = installFakeApi();
    const { user } = renderWithHost(<CanvasEditorRemote />);
    await editPhoto(user);
    await waitFor(() => expect(api.calls('GET /api/canvas/edit/:id')).toHaveLength(1));
    api.completeEdit();
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    await screen.findByRole('img', { name: 'Edited image' });
    return { api, user };
  }

  it('edits the result again: the shown media URL is the main image', async () => {
    const { api, user } = await completedEdit();
    await user.clear(promptBox());
    await user.type(promptBox(), 'add rain');
    await user.click(editButton());
    await waitFor(() => expect(api.calls('POST /api/canvas/edit')).toHaveLength(2));
    expect((api.calls('POST /api/canvas/edit')[1]!.body as { inputImages: string[] }).inputImages).toEqual([EDITED_IMAGE_URL]);
  });

  it('brings the canvas into view when a recent edit is chosen (the list is below it on a phone)', async () => {
    const { user } = await completedEdit();
    const scroll = vi.fn();
    Element.prototype.scrollIntoView = scroll; // jsdom has none
    try {
      await user.click(await screen.findByRole('button', { name: /Show edit: / }));
      expect(scroll).toHaveBeenCalledWith({ block: 'nearest', behavior: 'smooth' });
      expect(scroll.mock.contexts[0]).toBe(screen.getByRole('region', { name: 'Canvas' }));
    } finally {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    }
  });

  it('sends the reference images after the main one', async () => {
    const api = installFakeApi();
    const { user } = renderWithHost(<CanvasEditorRemote />);
    await choosePhoto(user);
    await user.upload(screen.getByLabelText('Add reference images'), [photo('coat.png'), photo('street.png')]);
    expect(await screen.findByRole('img', { name: 'street.png' })).toBeInTheDocument();
    await user.type(promptBox(), 'same coat, new street');
    await user.click(editButton());
    await waitFor(() => expect(api.calls('POST /api/canvas/edit')).toHaveLength(1));
    expect((api.calls('POST /api/canvas/edit')[0]!.body as { inputImages: string[] }).inputImages).toEqual([
      PHOTO_DATA_URL,
      PHOTO_DATA_URL,
      PHOTO_DATA_URL,
    ]);
  });

  it.each([
    ["the job's message", 'The model could not read the image', 'The model could not read the image'],
    ['a fallback when the job has none', null, 'Photo editing failed. Please try again.'],
  ])('tells the user when the edit fails, with %s, and keeps the photo', async (_, errorMessage, description) => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = installFakeApi();
    const { user, host } = renderWithHost(<CanvasEditorRemote />);
    await editPhoto(user);
    await waitFor(() => expect(api.calls('GET /api/canvas/edit/:id')).toHaveLength(1));
    api.failEdit(errorMessage);
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    await waitFor(() => expect(host.toast).toHaveBeenCalledWith({ title: 'Editing failed', description, variant: 'destructive' }));
    expect(screen.getByRole('img', { name: 'Main image' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Edited image' })).not.toBeInTheDocument();
    expect(editButton()).toBeEnabled();
  });

  it('tells the user when the edit cannot start', async () => {
    const api = installFakeApi({ 'POST /api/canvas/edit': () => json({ error: 'Please enter a prompt' }, 400) });
    const { user, host } = renderWithHost(<CanvasEditorRemote />);
    await editPhoto(user);
    await waitFor(() =>
      expect(host.toast).toHaveBeenCalledWith({ title: 'Error starting edit', description: 'Failed to start canvas editing', variant: 'destructive' }),
    );
    expect(api.calls('POST /api/canvas/edit')).toHaveLength(1);
    expect(api.calls('GET /api/canvas/edit/:id')).toHaveLength(0);
    expect(editButton()).toBeEnabled();
  });

  it('does not call a start failed when its answer was lost (the service restarting): it may have started, and shows up once done', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    // The edit started, but its answer was lost: the gateway answered 503 as the service restarted.
    const api = installFakeApi({
      'POST /api/canvas/edit': () => {
        const started = fakeEdit({ status: 'queued', prompt: 'make it dusk' });
        api.edits.set(started.id, started);
        return json({ error: 'Service unavailable: canvas' }, 503);
      },
    });
    const { user, host } = renderWithHost(<CanvasEditorRemote />);
    await waitFor(() => expect(api.calls('GET /api/canvas/edits').length).toBeGreaterThan(0));
    const reads = api.calls('GET /api/canvas/edits').length;
    await editPhoto(user);
    await waitFor(() =>
      expect(host.toast).toHaveBeenCalledWith({
        title: 'Start not confirmed',
        description: 'The studio did not answer in time. Your edit may have started: it will be in Recent edits if it did.',
        variant: 'destructive',
      }),
    );
    await waitFor(() => expect(api.calls('GET /api/canvas/edits').length).toBeGreaterThan(reads));
    expect(editButton()).toBeEnabled();
    // It finishes a few seconds later: Recent edits (finished edits only, not polled) is read again and shows it.
    api.completeEdit();
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(await screen.findByRole('button', { name: /Show edit: make it dusk/ })).toBeInTheDocument();
  });

  it('keeps waiting through a status read that fails once, and shows the paid result', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let reads = 0;
    const api: ReturnType<typeof installFakeApi> = installFakeApi({
      'GET /api/canvas/edit/:id': ({ params }) => (++reads === 1 ? json({ error: 'Bad Gateway' }, 502) : api.edits.get(params.id!)!),
    });
    const { user, host } = renderWithHost(<CanvasEditorRemote />);
    await editPhoto(user);
    await waitFor(() => expect(api.calls('GET /api/canvas/edit/:id')).toHaveLength(1));
    api.completeEdit();
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(await screen.findByRole('img', { name: 'Edited image' })).toHaveAttribute('src', EDITED_IMAGE_URL);
    expect(host.toast).toHaveBeenCalledWith({ title: 'Photo edited successfully!' });
    expect(host.toast).not.toHaveBeenCalledWith(expect.objectContaining({ title: 'Error checking status' }));
  });

  it('tells the user when the status cannot be checked three times in a row, and stops polling', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = installFakeApi({ 'GET /api/canvas/edit/:id': () => json({ error: 'Service unavailable: canvas' }, 502) });
    const { user, host } = renderWithHost(<CanvasEditorRemote />);
    await editPhoto(user);
    await waitFor(() => expect(api.calls('GET /api/canvas/edit/:id')).toHaveLength(1));
    expect(host.toast).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    await waitFor(() =>
      expect(host.toast).toHaveBeenCalledWith({
        title: 'Error checking status',
        description: 'Failed to check editing status. Please try again.',
        variant: 'destructive',
      }),
    );
    expect(editButton()).toBeEnabled();
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(api.calls('GET /api/canvas/edit/:id')).toHaveLength(3);
  });

  it('polls the job every 5 s, and after 5 minutes shows "Editing timeout" inline without a toast', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = installFakeApi();
    const { user, host } = renderWithHost(<CanvasEditorRemote />);
    await editPhoto(user);
    await waitFor(() => expect(api.calls('GET /api/canvas/edit/:id')).toHaveLength(1));
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(api.calls('GET /api/canvas/edit/:id')).toHaveLength(2);
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(api.calls('GET /api/canvas/edit/:id')).toHaveLength(14);
    expect(screen.getByText('1:05')).toBeInTheDocument(); // elapsed time on the image
    expect(editButton()).toBeDisabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(4 * 60_000));
    expect(await screen.findByRole('alert')).toHaveTextContent('Editing timeout');
    expect(editButton()).toBeEnabled();
    expect(screen.getByRole('img', { name: 'Main image' })).toBeInTheDocument();
    const polls = api.calls('GET /api/canvas/edit/:id').length;
    expect(polls).toBeLessThanOrEqual(61);
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(api.calls('GET /api/canvas/edit/:id')).toHaveLength(polls);
    expect(host.toast).not.toHaveBeenCalled();

    // the next edit clears the notice
    await user.click(editButton());
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('stops polling quietly when the screen is left', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = installFakeApi();
    const { user, host, unmount } = renderWithHost(<CanvasEditorRemote />);
    await editPhoto(user);
    await waitFor(() => expect(api.calls('GET /api/canvas/edit/:id')).toHaveLength(1));
    unmount();
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(api.calls('GET /api/canvas/edit/:id')).toHaveLength(1);
    expect(host.toast).not.toHaveBeenCalled();
  });
});
