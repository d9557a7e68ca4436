import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import CanvasEditorRemote from '../../../expose/canvas-editor';
import { choosePhoto, photo, PHOTO_DATA_URL } from '../../../testing/canvas-steps';
import { renderWithHost } from '../../../testing/render-with-host';

const pdf = () => new File(['%PDF'], 'doc.pdf', { type: 'application/pdf' });
const canvasArea = () => screen.getByRole('region', { name: 'Canvas' });

describe('the upload area', () => {
  it('takes a dropped image and shows it, highlighting the area while dragging', async () => {
    renderWithHost(<CanvasEditorRemote />);
    fireEvent.dragEnter(canvasArea());
    expect(canvasArea()).toHaveClass('border-accent');
    fireEvent.drop(canvasArea(), { dataTransfer: { files: [photo('dropped.png')] } });
    expect(canvasArea()).not.toHaveClass('border-accent');
    expect(await screen.findByRole('img', { name: 'Main image' })).toHaveAttribute('src', PHOTO_DATA_URL);
  });

  it('refuses a dropped file that is not an image, with a toast', async () => {
    const { host } = renderWithHost(<CanvasEditorRemote />);
    fireEvent.drop(canvasArea(), { dataTransfer: { files: [pdf()] } });
    expect(host.toast).toHaveBeenCalledWith({ title: 'Not an image', description: 'Please choose a photo: PNG, JPG or WebP.', variant: 'destructive' });
    expect(screen.getByText('Upload a photo')).toBeInTheDocument();
  });

  it('takes an image pasted anywhere on the page, and replaces the shown one', async () => {
    const { user } = renderWithHost(<CanvasEditorRemote />);
    await choosePhoto(user);
    fireEvent.paste(document.body, { clipboardData: { files: [new File([new Uint8Array([9, 9])], 'pasted.png', { type: 'image/png' })] } });
    await waitFor(() => expect(screen.getByRole('img', { name: 'Main image' })).toHaveAttribute('src', 'data:image/png;base64,CQk='));
  });

  it('ignores a pasted file that is not an image', async () => {
    const { host } = renderWithHost(<CanvasEditorRemote />);
    fireEvent.paste(document.body, { clipboardData: { files: [pdf()] } });
    expect(host.toast).not.toHaveBeenCalled();
    expect(screen.getByText('Upload a photo')).toBeInTheDocument();
  });

  it('replaces the photo through Replace', async () => {
    const { user } = renderWithHost(<CanvasEditorRemote />);
    await choosePhoto(user);
    expect(screen.getByLabelText('Main image')).toHaveAttribute('tabindex', '-1');
    await user.click(screen.getByRole('button', { name: 'Replace' }));
    await user.upload(screen.getByLabelText('Main image'), new File([new Uint8Array([7])], 'other.png', { type: 'image/png' }));
    await waitFor(() => expect(screen.getByRole('img', { name: 'Main image' })).toHaveAttribute('src', 'data:image/png;base64,Bw=='));
  });
});

describe('reference images', () => {
  it('takes up to 4; past that it alerts how many more fit and adds none', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const { user } = renderWithHost(<CanvasEditorRemote />);
    await user.upload(screen.getByLabelText('Add reference images'), [photo('a.png'), photo('b.png'), photo('c.png')]);
    expect(await screen.findByRole('img', { name: 'c.png' })).toBeInTheDocument();
    expect(screen.getByText('3/4 · optional')).toBeInTheDocument();

    await user.upload(screen.getByLabelText('Add reference images'), [photo('d.png'), photo('e.png')]);
    expect(alert).toHaveBeenCalledWith('You can only upload 1 more image(s). Maximum 4 images total.');
    expect(screen.queryByRole('img', { name: 'd.png' })).not.toBeInTheDocument();

    await user.upload(screen.getByLabelText('Add reference images'), [photo('d.png')]);
    expect(await screen.findByRole('img', { name: 'd.png' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Add reference images')).not.toBeInTheDocument(); // full

    await user.click(screen.getByRole('button', { name: 'Remove b.png' }));
    expect(screen.queryByRole('img', { name: 'b.png' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Add reference images')).toBeInTheDocument();
  });

  it('refuses files that are not images with a toast', async () => {
    const { host } = renderWithHost(<CanvasEditorRemote />);
    fireEvent.change(screen.getByLabelText('Add reference images'), { target: { files: [pdf()] } });
    expect(host.toast).toHaveBeenCalledWith({ title: 'Not an image', description: 'Please choose a photo: PNG, JPG or WebP.', variant: 'destructive' });
  });
});
