import { getToasts } from '@atelier/ui';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import PhotoshootFlowRemote from '../../../expose/photoshoot-flow';
import { fakeCharacter, imageFile, installFakeApi, json } from '../../../testing/fake-api';
import { renderWithHost } from '../../../testing/render-with-host';
import { button, toCharacterStep } from '../../../testing/wizard';

const cards = () => within(screen.getByRole('list', { name: 'Characters' })).getAllByRole('listitem');

describe('the character step', () => {
  it('shows a spinner while the characters load, then a 2-column grid with each preview and name', async () => {
    let answer: (characters: unknown) => void = () => {};
    const api = installFakeApi({ 'GET /api/avatar/characters': () => new Promise((resolve) => (answer = resolve)) });
    const ava = fakeCharacter('Ava', { house: true });
    const mira = fakeCharacter('Mira');
    const noor = fakeCharacter('Noor', { previewImageUrl: null });
    const { user } = renderWithHost(<PhotoshootFlowRemote />);
    await toCharacterStep(user);
    expect(screen.getByRole('status', { name: 'Loading characters' })).toBeInTheDocument();
    expect(api.calls('GET /api/avatar/characters')).toHaveLength(1); // asked once, when the wizard opened

    await act(async () => answer([ava, mira, noor]));
    const miraCard = await screen.findByRole('button', { name: 'Mira' });
    expect(screen.getByRole('list', { name: 'Characters' })).toHaveClass('grid-cols-2');
    expect(within(miraCard).getByRole('presentation')).toHaveAttribute('src', mira.previewImageUrl);
    expect(within(screen.getByRole('button', { name: 'Noor' })).getByText('No preview')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading characters' })).not.toBeInTheDocument();
    // The create tile first, then the house cast, then the user's own.
    expect(cards().map((card) => within(card).getAllByRole('button')[0]!.textContent)).toEqual([
      'Create characterFrom a photo of a person',
      'Ava',
      'Mira',
      'No previewNoor',
    ]);

    await user.click(miraCard);
    expect(miraCard).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Noor' })).toHaveAttribute('aria-pressed', 'false');
    await user.click(screen.getByRole('button', { name: 'Ava' }));
    expect(miraCard).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'Ava' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('says so when the user has no characters yet, and still offers to create one', async () => {
    installFakeApi();
    const { user, host } = renderWithHost(<PhotoshootFlowRemote />);
    await toCharacterStep(user);
    expect(await screen.findByText('You have no characters yet.')).toBeInTheDocument();
    expect(button(/Create character/)).toBeInTheDocument();
    await user.click(button('Continue'));
    expect(host.toast).toHaveBeenCalledWith({ title: 'Character Required', description: 'Please select a character', variant: 'destructive' });
    expect(screen.getByText('Step 2 of 5')).toBeInTheDocument();
  });

  it('takes the "Character Required" toast away once a character is chosen', async () => {
    const api = installFakeApi();
    api.characters = [fakeCharacter('Mira')];
    const { user } = renderWithHost(<PhotoshootFlowRemote />);
    await toCharacterStep(user);
    await screen.findByRole('button', { name: 'Mira' });
    await user.click(button('Continue'));
    const required = () => getToasts().filter((item) => item.title === 'Character Required' && item.open);
    expect(required()).toHaveLength(1);
    await user.click(button('Mira'));
    expect(required()).toHaveLength(0);
  });

  it('offers to try again when the characters cannot be loaded', async () => {
    const api = installFakeApi({ 'GET /api/avatar/characters': () => json({ error: 'Service unavailable: photoshoot' }, 502) });
    const { user } = renderWithHost(<PhotoshootFlowRemote />);
    await toCharacterStep(user);
    expect(await screen.findByText('Your characters could not be loaded.')).toBeInTheDocument();

    api.characters = [fakeCharacter('Mira')];
    api.on('GET /api/avatar/characters', () => api.characters);
    await user.click(button('Try again'));
    expect(await screen.findByRole('button', { name: 'Mira' })).toBeInTheDocument();
    expect(screen.queryByText('Your characters could not be loaded.')).not.toBeInTheDocument();
  });

  it('lets only the user’s own characters be renamed and deleted', async () => {
    const api = installFakeApi();
    api.characters = [fakeCharacter('Ava', { house: true }), fakeCharacter('Mira')];
    const { user } = renderWithHost(<PhotoshootFlowRemote />);
    await toCharacterStep(user);
    await screen.findByRole('button', { name: 'Mira' });
    expect(button('Rename Mira')).toBeInTheDocument();
    expect(button('Delete Mira')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rename Ava' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Ava' })).not.toBeInTheDocument();
  });

  it('renames an own character', async () => {
    const api = installFakeApi();
    const mira = fakeCharacter('Mira');
    api.characters = [mira];
    const { user } = renderWithHost(<PhotoshootFlowRemote />);
    await toCharacterStep(user);
    await user.click(await screen.findByRole('button', { name: 'Rename Mira' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename character' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('Mira');

    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Please name the character')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('PATCH /api/avatar/characters/:id')).toHaveLength(0);

    await user.type(name, '  Mira Noir ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('button', { name: 'Mira Noir' })).toBeInTheDocument();
    expect(api.calls('PATCH /api/avatar/characters/:id')[0]).toMatchObject({ params: { id: mira.id }, body: { name: 'Mira Noir' } });
    expect(screen.queryByRole('dialog', { name: 'Rename character' })).not.toBeInTheDocument();
  });

  it('toasts the server’s message when a rename fails', async () => {
    const api = installFakeApi({ 'PATCH /api/avatar/characters/:id': () => json({ error: 'Character not found' }, 404) });
    api.characters = [fakeCharacter('Mira')];
    const { user, host } = renderWithHost(<PhotoshootFlowRemote />);
    await toCharacterStep(user);
    await user.click(await screen.findByRole('button', { name: 'Rename Mira' }));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'x');
    await user.click(button('Save'));
    await waitFor(() =>
      expect(host.toast).toHaveBeenCalledWith({ title: 'Character Not Renamed', description: 'Character not found', variant: 'destructive' }),
    );
  });

  it('deletes an own character after asking, and forgets it as the selection', async () => {
    const api = installFakeApi();
    api.characters = [fakeCharacter('Mira'), fakeCharacter('Noor')];
    const { user, host } = renderWithHost(<PhotoshootFlowRemote />);
    await toCharacterStep(user);
    await user.click(await screen.findByRole('button', { name: 'Mira' }));
    await user.click(button('Delete Mira'));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Mira?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.calls('DELETE /api/avatar/characters/:id')).toHaveLength(0);
    expect(button('Delete Mira')).toHaveFocus(); // focus returns to the button that opened it

    await user.click(button('Delete Mira'));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete Mira?' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Mira' })).not.toBeInTheDocument());
    expect(api.characters.map((c) => c.name)).toEqual(['Noor']);
    await waitFor(() => expect(button(/Create character/)).toHaveFocus()); // its card is gone: focus stays in the list
    await user.click(button('Continue'));
    expect(host.toast).toHaveBeenCalledWith({ title: 'Character Required', description: 'Please select a character', variant: 'destructive' });
  });

  describe('creating a character from a photo', () => {
    it('posts the photo and name, shows progress, then lists the new character selected', async () => {
      let release: () => void = () => {};
      const api = installFakeApi();
      api.characters = [fakeCharacter('Ava', { house: true })];
      const { user } = renderWithHost(<PhotoshootFlowRemote />);
      const created = fakeCharacter('Lena');
      api.on('POST /api/avatar/characters', async () => {
        await new Promise<void>((resolve) => (release = resolve));
        api.characters.push(created);
        return json(created, 201);
      });
      await toCharacterStep(user);
      await user.click(await screen.findByRole('button', { name: /Create character/ }));
      const dialog = await screen.findByRole('dialog', { name: 'Create a character' });
      const photoInput = within(dialog).getByLabelText(/Choose a photo/);
      expect(photoInput).toHaveAttribute('accept', 'image/*');

      await user.click(within(dialog).getByRole('button', { name: 'Create character' }));
      expect(within(dialog).getByText('Please choose a photo')).toBeInTheDocument();
      expect(within(dialog).getByText('Please name the character')).toBeInTheDocument();
      expect(photoInput).toHaveFocus(); // the first field asked for, so its message is read out
      expect(api.calls('POST /api/avatar/characters')).toHaveLength(0);

      const photo = imageFile('me.jpg', 'image/jpeg');
      await user.upload(photoInput, photo);
      expect(await within(dialog).findByRole('img', { name: 'Chosen photo' })).toHaveAttribute('src', expect.stringMatching(/^blob:/));
      await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Lena');
      await user.click(within(dialog).getByRole('button', { name: 'Create character' }));

      expect(await within(dialog).findByRole('status', { name: 'Creating character' })).toBeInTheDocument();
      expect(within(dialog).getByText(/this can take several seconds/)).toBeInTheDocument();
      expect(within(dialog).getByRole('button', { name: 'Creating…' })).toBeDisabled();
      const [request] = api.calls('POST /api/avatar/characters');
      expect(request!.body).toBeInstanceOf(FormData);
      expect((request!.body as FormData).get('photo')).toBe(photo);
      expect((request!.body as FormData).get('name')).toBe('Lena');
      await user.keyboard('{Escape}'); // not while the engine works
      expect(screen.getByRole('dialog', { name: 'Create a character' })).toBeInTheDocument();

      await act(async () => release());
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create a character' })).not.toBeInTheDocument());
      expect(await screen.findByRole('button', { name: 'Lena' })).toHaveAttribute('aria-pressed', 'true');
      // The new card (last in the list, often below the fold) has focus, not the create tile.
      await waitFor(() => expect(screen.getByRole('button', { name: 'Lena' })).toHaveFocus());
      expect(api.calls('GET /api/avatar/characters').length).toBeGreaterThanOrEqual(2); // the list was refreshed
    });

    it('says at once when the photo cannot be opened as an image or is too small, and keeps the dialog', async () => {
      installFakeApi();
      const { user } = renderWithHost(<PhotoshootFlowRemote />);
      await toCharacterStep(user);
      await user.click(await screen.findByRole('button', { name: /Create character/ }));
      const dialog = await screen.findByRole('dialog', { name: 'Create a character' });
      const photoInput = within(dialog).getByLabelText(/Choose a photo/);
      try {
        vi.stubGlobal('createImageBitmap', vi.fn(async () => Promise.reject(new DOMException('The source image could not be decoded.', 'InvalidStateError'))));
        await user.upload(photoInput, imageFile('fake.jpg', 'image/jpeg'));
        expect(await within(dialog).findByText('This file could not be opened as an image. Please choose another photo.')).toBeInTheDocument();
        vi.stubGlobal('createImageBitmap', vi.fn(async () => ({ width: 60, height: 60, close: () => {} })));
        await user.upload(photoInput, imageFile('tiny.png'));
        expect(await within(dialog).findByText('Image is too small: each side must be at least 128 pixels. Please choose a larger photo.')).toBeInTheDocument();
        expect(within(dialog).queryByRole('img', { name: 'Chosen photo' })).not.toBeInTheDocument();
      } finally {
        vi.unstubAllGlobals();
      }
    });

    it('toasts the server’s message when the character cannot be made', async () => {
      const api = installFakeApi({
        'POST /api/avatar/characters': () => json({ error: 'You can keep at most 20 characters' }, 409),
      });
      const { user, host } = renderWithHost(<PhotoshootFlowRemote />);
      await toCharacterStep(user);
      await user.click(await screen.findByRole('button', { name: /Create character/ }));
      const dialog = await screen.findByRole('dialog', { name: 'Create a character' });
      await user.upload(within(dialog).getByLabelText(/Choose a photo/), imageFile('me.png'));
      await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Lena');
      await user.click(within(dialog).getByRole('button', { name: 'Create character' }));
      await waitFor(() =>
        expect(host.toast).toHaveBeenCalledWith({
          title: 'Character Not Created',
          description: 'You can keep at most 20 characters',
          variant: 'destructive',
        }),
      );
      // The form stays, filled in, to try again.
      expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Lena');
      expect(within(dialog).getByRole('button', { name: 'Create character' })).toBeEnabled();
      expect(api.characters).toEqual([]);
    });
  });
});
