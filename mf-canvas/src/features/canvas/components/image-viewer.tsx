import { useHost } from '@atelier/host';
import { useBackCloses } from '@atelier/host/back-closes';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@atelier/ui';
import { CloseIcon } from './icons';

interface ImageViewerProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  src: string;
  name: string;
  /** Where focus goes back when it closes (there is no Dialog trigger to return to). */
  onCloseAutoFocus(event: Event): void;
}

/** The image full screen: focus stays inside while it is open, Escape or Close ends it. */
export function ImageViewer({ open, onOpenChange, src, name, onCloseAutoFocus }: ImageViewerProps) {
  // The browser's Back closes the full-screen view, not the editor.
  useBackCloses(useHost(), open, () => onOpenChange(false));
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {/* Portaled out of the remote's container: the attribute keeps this remote's scoped CSS applying. */}
      <DialogContent
        data-remote="mf_canvas"
        hideClose
        onCloseAutoFocus={onCloseAutoFocus}
        className="left-0 top-0 flex h-[100dvh] w-screen max-w-none translate-x-0 translate-y-0 flex-col gap-0 rounded-none border-0 bg-ink p-0 text-ivory"
      >
        <div className="flex items-center justify-between gap-4 px-4 py-3 md:px-6">
          <DialogTitle className="text-xl text-ivory md:text-2xl">{name}</DialogTitle>
          <DialogDescription className="sr-only">Full-screen preview. Press Escape to close it.</DialogDescription>
          <DialogClose
            aria-label="Close"
            className="flex h-10 w-10 cursor-pointer items-center justify-center rounded-full bg-ivory/10 text-ivory transition-colors hover:bg-ivory/20 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ivory"
          >
            <CloseIcon className="h-5 w-5" />
          </DialogClose>
        </div>
        <div className="flex min-h-0 flex-1 items-center justify-center px-2 pb-4 md:px-6 md:pb-6">
          <img src={src} alt={name} className="max-h-full max-w-full object-contain" />
        </div>
      </DialogContent>
    </Dialog>
  );
}
