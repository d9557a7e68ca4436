// Public API of @atelier/ui: the primitives and the toast store. It is one shared module, sent whole to every page
// that uses any of it; tooltips and tabs, which no screen uses yet and which weigh ~15 KB gzip with their positioning
// code, are the subpaths `@atelier/ui/tooltip` and `@atelier/ui/tabs` instead (bundled by whoever imports them),
// and so are the toast primitives and the Toaster that draws the toast store (`@atelier/ui/toaster`: only the page's
// host mounts it, and the shell loads it with the first toast). The store itself (`toast()`) stays here: one store
// for the page, whichever bundle draws it.
export { cn } from './lib/cn.js';
export { keepClearOfBars, revealIfOutside, type Bars } from './lib/reveal.js';
export { saveBlob } from './lib/save-blob.js';
export * from './constants.js';
export { Button, buttonVariants, type ButtonProps } from './components/button.js';
export {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogOverlay,
  DialogPortal,
  DialogTitle,
  DialogTrigger,
  type DialogContentProps,
} from './components/dialog.js';
export {
  firstImage,
  imageSizeOf,
  isImageFile,
  useImageDrop,
  usePastedImage,
  type ImageDropZoneProps,
  type UseImageDropOptions,
} from './hooks/use-image-drop.js';
export {
  toast,
  dismissToast,
  getToasts,
  useToast,
  type ToastInput,
  type ToastItem,
} from './hooks/use-toast.js';
export { TOAST_BOTTOM_VARIABLE, useToastClearance } from './hooks/use-toast-clearance.js';
export { useSingleFlight } from './hooks/use-single-flight.js';
export { Progress } from './components/progress.js';
export { Spinner, type SpinnerProps } from './components/spinner.js';
