// "Create video" from an image (SPEC.md §2/§3: the switchToVideo event carrying imageUrl): the image waits in
// local storage under pendingVideoImage and the video tab takes it when it opens, once.
import { PENDING_VIDEO_IMAGE_KEY } from '../../../constants';

export function storePendingVideoImage(imageUrl: string): void {
  try {
    localStorage.setItem(PENDING_VIDEO_IMAGE_KEY, imageUrl);
  } catch {
    // storage disabled (private mode): the navigation still happens, without the image
  }
}

export function readPendingVideoImage(): string | null {
  try {
    return localStorage.getItem(PENDING_VIDEO_IMAGE_KEY) || null;
  } catch {
    return null;
  }
}

/** Removes the pending image once the video tab has read it (separately, so StrictMode's double render keeps it). */
export function clearPendingVideoImage(): void {
  try {
    localStorage.removeItem(PENDING_VIDEO_IMAGE_KEY);
  } catch {
    // nothing stored
  }
}
