import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import CanvasEditorRemote from '../../../expose/canvas-editor';
import { renderWithHost } from '../../../testing/render-with-host';
import { composePrompt } from '../components/canvas-editor';

const photo = () => new File([new Uint8Array([137, 80, 78, 71])], 'look.png', { type: 'image/png' });

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
    const { user, host } = renderWithHost(<CanvasEditorRemote />, {
      limits: { credits: { used: 25, limit: 25 }, avatar: { used: 0, limit: 0 } },
    });
    await user.upload(screen.getByLabelText('Main image'), photo());
    await user.type(screen.getByRole('textbox', { name: 'Prompt' }), 'make it dusk');
    await user.click(screen.getByRole('button', { name: /Edit Photo/ }));
    expect(host.openLimitDialog).toHaveBeenCalledWith({ type: 'canvas', used: 25, limit: 25 });
    expect(host.apiRequest).not.toHaveBeenCalled();
  });

  it('tells the user when the edit cannot start', async () => {
    const { user, host } = renderWithHost(<CanvasEditorRemote />, {
      apiRequest: async () => {
        throw new Error('502: Service unavailable: canvas');
      },
    });
    await user.upload(screen.getByLabelText('Main image'), photo());
    await user.type(screen.getByRole('textbox', { name: 'Prompt' }), 'make it dusk');
    await user.click(screen.getByRole('button', { name: /Edit Photo/ }));
    await waitFor(() =>
      expect(host.toast).toHaveBeenCalledWith({
        title: 'Error starting edit',
        description: 'Failed to start canvas editing',
        variant: 'destructive',
      }),
    );
    expect(host.apiRequest).toHaveBeenCalledWith('POST', '/api/canvas/edit', expect.objectContaining({ prompt: 'make it dusk', model: 'flux-kontext-max' }));
  });

  it('composes the prompt with the camera and shot type', () => {
    expect(composePrompt('dusk', 'Default', 'Default')).toBe('dusk');
    expect(composePrompt('dusk', 'Leica M11 35mm f/1.4', 'High Angle')).toBe('dusk. Shot with Leica M11 35mm f/1.4. High Angle perspective');
  });
});
