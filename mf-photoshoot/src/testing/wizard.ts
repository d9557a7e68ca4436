// Walks the Photoshoot wizard the way a person does, for tests that start further in.
import { act, screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { vi } from 'vitest';
import { imageFile } from './fake-api';

export const button = (name: string | RegExp) => screen.getByRole('button', { name });
export const stepTitle = () => screen.getByText(/^Step \d of 5$/).textContent;
export const stepItems = () => within(screen.getByRole('list', { name: 'Steps' })).getAllByRole('listitem');

export async function toCharacterStep(user: UserEvent) {
  await user.click(button('Next'));
  await screen.findByRole('heading', { name: 'Select or create character' });
}

/** Picks the character and continues (which starts the preview). */
export async function toPreviewStep(user: UserEvent, character = 'Mira') {
  await toCharacterStep(user);
  await user.click(await screen.findByRole('button', { name: character }));
  await user.click(button('Continue'));
  await screen.findByRole('heading', { name: 'Generate photos' });
}

/** Waits for the preview to complete, then goes on. */
export async function toClothingStep(user: UserEvent, character = 'Mira') {
  await toPreviewStep(user, character);
  await screen.findByText('Preview complete!');
  await user.click(button('Next'));
  await screen.findByRole('heading', { name: 'Upload clothing' });
}

export async function chooseClothing(user: UserEvent, file = imageFile()) {
  await user.upload(screen.getByLabelText('Clothing image'), file);
  await screen.findByText('Tap to change image');
  return file;
}

/** Under fake timers: lets `ms` pass, running due timers and the promises they settle. */
export const elapse = (ms = 0) => act(() => vi.advanceTimersByTimeAsync(ms));
