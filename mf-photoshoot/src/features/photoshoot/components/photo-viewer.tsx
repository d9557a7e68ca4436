import type { PoseImage } from '@atelier/contracts';
import { useHost } from '@atelier/host';
import { useBackCloses } from '@atelier/host/back-closes';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@atelier/ui';
import { useRef, type KeyboardEvent, type TouchEvent } from 'react';
import { SWIPE_THRESHOLD_PX } from '../../../constants';
import { ChevronLeftIcon, ChevronRightIcon, CloseIcon } from './icons';

interface PhotoViewerProps {
  photos: PoseImage[];
  /** The open photo's index in `photos`, or null when closed. */
  index: number | null;
  onIndexChange(index: number | null): void;
  /** Puts focus back on the tile that opened it (the viewer is opened from state, not a trigger). */
  onCloseAutoFocus?(event: Event): void;
}

const roundButton =
  'flex h-11 w-11 cursor-pointer items-center justify-center rounded-full bg-ivory/10 text-ivory transition-colors hover:bg-ivory/20 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ivory';

/**
 * One photo at a time over the whole screen: arrows (buttons and ← →) and swipes page through the set,
 * wrapping around; Escape or the close button closes it. Focus stays inside and returns to the tile.
 */
export function PhotoViewer({ photos, index, onIndexChange, onCloseAutoFocus }: PhotoViewerProps) {
  const touchStart = useRef<{ x: number; y: number } | null>(null);
  const photo = index === null ? undefined : photos[index];
  const count = photos.length;
  const go = (delta: number) => index !== null && count > 0 && onIndexChange((index + delta + count) % count);
  // The browser's Back closes the viewer, not the wizard.
  useBackCloses(useHost(), photo !== undefined, () => onIndexChange(null));

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') go(-1);
    else if (event.key === 'ArrowRight') go(1);
    else return;
    event.preventDefault();
  };
  const onTouchStart = (event: TouchEvent) => {
    const touch = event.touches[0];
    touchStart.current = touch ? { x: touch.clientX, y: touch.clientY } : null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touchStart.current;
    const touch = event.changedTouches[0];
    touchStart.current = null;
    if (!start || !touch) return;
    const dx = touch.clientX - start.x;
    const dy = touch.clientY - start.y;
    if (Math.abs(dx) < SWIPE_THRESHOLD_PX || Math.abs(dx) < Math.abs(dy)) return;
    go(dx < 0 ? 1 : -1); // a swipe to the left shows the next photo
  };

  return (
    <Dialog open={photo !== undefined} onOpenChange={(open) => !open && onIndexChange(null)}>
      {photo && index !== null && (
        <DialogContent
          data-remote="mf_photoshoot" // portaled out of the remote's container: keeps its scoped CSS applying
          hideClose
          onCloseAutoFocus={onCloseAutoFocus}
          onKeyDown={onKeyDown}
          onTouchStart={onTouchStart}
          onTouchEnd={onTouchEnd}
          className="inset-0 left-0 top-0 flex h-dvh w-full max-w-none translate-x-0 translate-y-0 flex-col gap-0 rounded-none border-0 bg-ink p-0 text-ivory shadow-none"
        >
          <div className="flex items-center justify-between gap-3 px-4 py-3">
            <div className="flex flex-col">
              <DialogTitle className="font-display text-xl text-ivory">Pose {photo.poseIndex + 1}</DialogTitle>
              <DialogDescription className="text-xs text-ivory/70">
                Photo {index + 1} of {count}
              </DialogDescription>
            </div>
            <DialogClose aria-label="Close viewer" className={roundButton}>
              <CloseIcon className="h-5 w-5" />
            </DialogClose>
          </div>
          <div className="flex min-h-0 flex-1 items-center justify-center px-2 pb-4 sm:px-20">
            <img
              key={photo.imageUrl}
              src={photo.imageUrl}
              alt={`Pose ${photo.poseIndex + 1}`}
              draggable={false}
              className="max-h-full w-auto max-w-full select-none rounded object-contain motion-safe:animate-fade-in"
            />
          </div>
          {count > 1 && (
            // Phones: the arrows sit under the picture, in reach of a thumb (swiping works too); wider
            // screens: the same buttons at the sides of the picture.
            <div className="flex items-center justify-center gap-6 pb-[max(1rem,env(safe-area-inset-bottom))] sm:contents">
              <button type="button" aria-label="Previous photo" onClick={() => go(-1)} className={`${roundButton} sm:absolute sm:left-4 sm:top-1/2 sm:-translate-y-1/2`}>
                <ChevronLeftIcon className="h-6 w-6" />
              </button>
              <span aria-hidden="true" className="text-sm tabular-nums text-ivory/80 sm:hidden">
                {index + 1} / {count}
              </span>
              <button type="button" aria-label="Next photo" onClick={() => go(1)} className={`${roundButton} sm:absolute sm:right-4 sm:top-1/2 sm:-translate-y-1/2`}>
                <ChevronRightIcon className="h-6 w-6" />
              </button>
            </div>
          )}
        </DialogContent>
      )}
    </Dialog>
  );
}
