import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import PhotoshootFlowRemote from '../../../expose/photoshoot-flow';
import { fakeCharacter, imageFile, installFakeApi } from '../../../testing/fake-api';
import { renderWithHost } from '../../../testing/render-with-host';
import { button, chooseClothing, stepTitle, toClothingStep } from '../../../testing/wizard';

const clothingRequired = { title: 'Clothing Required', description: 'Please upload clothing image', variant: 'destructive' };

describe('the clothing step', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers an image picker with the 10MB hint, then shows the chosen picture with Tap to change image', async () => {
    const api = installFakeApi();
    api.characters = [fakeCharacter('Mira')];
    const { user } = renderWithHost(<PhotoshootFlowRemote />);
    await toClothingStep(user);
    const input = screen.getByLabelText('Clothing image');
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('accept', 'image/*');
    expect(input).toHaveAccessibleDescription('PNG, JPG up to 10MB');
    expect(screen.getByText('Dressing')).toHaveTextContent('Dressing Mira');
    expect(screen.queryByText('Tap to change image')).not.toBeInTheDocument();

    await chooseClothing(user, imageFile('dress.png'));
    expect(screen.getByRole('img', { name: 'Chosen clothing' })).toHaveAttribute('src', expect.stringMatching(/^blob:/));
    expect(screen.getByText('dress.png chosen')).toBeInTheDocument();
  });

  it('needs the clothing before Next, and refuses a file that is not an image', async () => {
    const api = installFakeApi();
    api.characters = [fakeCharacter('Mira')];
    const { user, host } = renderWithHost(<PhotoshootFlowRemote />);
    await toClothingStep(user);
    await user.click(button('Next'));
    expect(host.toast).toHaveBeenLastCalledWith(clothingRequired);
    expect(stepTitle()).toBe('Step 4 of 5');

    fireEvent.change(screen.getByLabelText('Clothing image'), { target: { files: [new File(['hi'], 'notes.txt', { type: 'text/plain' })] } });
    await waitFor(() => expect(host.toast).toHaveBeenCalledTimes(2));
    expect(host.toast).toHaveBeenLastCalledWith(clothingRequired);
    expect(screen.queryByRole('img', { name: 'Chosen clothing' })).not.toBeInTheDocument();
    await user.click(button('Next'));
    expect(stepTitle()).toBe('Step 4 of 5');
    expect(api.calls('POST /api/avatar/generate')).toHaveLength(0);
  });

  it('refuses at once a file the browser cannot open as an image, or one too small to dress anyone', async () => {
    const api = installFakeApi();
    api.characters = [fakeCharacter('Mira')];
    const { user, host } = renderWithHost(<PhotoshootFlowRemote />);
    await toClothingStep(user);
    // A text file named .jpg: the browser cannot decode it (it was refused only after Next, as "Generation Failed").
    vi.stubGlobal('createImageBitmap', vi.fn(async () => Promise.reject(new DOMException('The source image could not be decoded.', 'InvalidStateError'))));
    await user.upload(screen.getByLabelText('Clothing image'), imageFile('fake.jpg', 'image/jpeg'));
    await waitFor(() =>
      expect(host.toast).toHaveBeenLastCalledWith({ title: 'Image Could Not Be Read', description: 'This file could not be opened as an image. Please choose another photo.', variant: 'destructive' }),
    );
    // A 40×50 garment photo (it spent a photoshoot on ten blurs).
    vi.stubGlobal('createImageBitmap', vi.fn(async () => ({ width: 40, height: 50, close: () => {} })));
    await user.upload(screen.getByLabelText('Clothing image'), imageFile('tiny.png'));
    await waitFor(() =>
      expect(host.toast).toHaveBeenLastCalledWith({
        title: 'Image Too Small',
        description: 'Image is too small: each side must be at least 128 pixels. Please choose a larger photo.',
        variant: 'destructive',
      }),
    );
    expect(screen.queryByRole('img', { name: 'Chosen clothing' })).not.toBeInTheDocument();
    // A photo the browser opens at a usable size is taken.
    vi.stubGlobal('createImageBitmap', vi.fn(async () => ({ width: 600, height: 800, close: () => {} })));
    await chooseClothing(user, imageFile('dress.png'));
    expect(await screen.findByRole('img', { name: 'Chosen clothing' })).toBeInTheDocument();
  });

  it('does not check the 10MB size (a hint only)', async () => {
    const api = installFakeApi();
    api.characters = [fakeCharacter('Mira')];
    const { user } = renderWithHost(<PhotoshootFlowRemote />);
    await toClothingStep(user);
    const big = new File([new Uint8Array(11 * 1024 * 1024)], 'big.jpg', { type: 'image/jpeg' });
    await chooseClothing(user, big);
    await user.click(button('Next'));
    await waitFor(() => expect(api.calls('POST /api/avatar/generate')).toHaveLength(1));
    expect((api.calls('POST /api/avatar/generate')[0]!.body as FormData).get('clothingImage')).toBe(big);
  });

  it('takes a dropped image', async () => {
    const api = installFakeApi();
    api.characters = [fakeCharacter('Mira')];
    const { user } = renderWithHost(<PhotoshootFlowRemote />);
    await toClothingStep(user);
    const zone = screen.getByLabelText('Clothing image').closest('label')!;
    fireEvent.drop(zone, { dataTransfer: { files: [imageFile('coat.jpg', 'image/jpeg')] } });
    expect(await screen.findByText('Tap to change image')).toBeInTheDocument();
    expect(screen.getByText('coat.jpg chosen')).toBeInTheDocument();
  });
});
