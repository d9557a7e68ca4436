import { PHOTOSHOOT_MIN_IMAGE_SIDE } from '@atelier/contracts';
import { imageSizeOf, isImageFile } from '@atelier/ui';
import { MESSAGES } from '../../../constants';

/**
 * What is wrong with a photo picked for a character or a photoshoot's clothing, before anything is sent: not an
 * image, an image the browser cannot open (a text file named .jpg), or one too small to use (the service refuses it
 * too, but only once Next is pressed). Null when it can be used.
 */
export async function photoProblem(file: File): Promise<{ title: string; description: string } | null> {
  if (!isImageFile(file)) return MESSAGES.clothingRequired;
  const size = await imageSizeOf(file);
  if (size === null) return MESSAGES.unreadableImage;
  if (size && Math.min(size.width, size.height) < PHOTOSHOOT_MIN_IMAGE_SIDE) return MESSAGES.imageTooSmall;
  return null;
}
