// "Create video" from the canvas (SPEC.md §2/§3: the switchToVideo event carrying imageUrl): the image waits in
// local storage under pendingVideoImage and mf-create's video tab takes it when it opens, once — the same
// hand-over mf-create's own "Create video" uses.
import { PENDING_VIDEO_IMAGE_KEY } from '../../../constants';

export function storePendingVideoImage(imageUrl: string): void {
  try {
    localStorage.setItem(PENDING_VIDEO_IMAGE_KEY, imageUrl);
  } catch {
    // storage disabled (private mode): the navigation still happens, without the image
  }
}
