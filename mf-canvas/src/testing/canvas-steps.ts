// Steps of the canvas tests, as a user takes them.
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** A tiny file typed as a PNG (jsdom decodes nothing: it goes as it is, SPEC.md §5's small-file case). */
export const photo = (name = 'look.png') => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
export const PHOTO_DATA_URL = 'data:image/png;base64,iVBORw==';

export const editButton = () => screen.getByRole('button', { name: /Edit Photo/ });
export const promptBox = () => screen.getByRole('textbox', { name: 'Prompt' });

/** Chooses the main photo and waits until the canvas shows it. */
export async function choosePhoto(user: UserEvent, file = photo()) {
  await user.upload(screen.getByLabelText('Main image'), file);
  return screen.findByRole('img', { name: 'Main image' });
}

/** Chooses a photo, types the prompt and presses Edit Photo. */
export async function editPhoto(user: UserEvent, prompt = 'make it dusk') {
  await choosePhoto(user);
  await user.type(promptBox(), prompt);
  await user.click(editButton());
}
