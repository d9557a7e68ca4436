// Public API of @atelier/ui: the primitives and the toast store.
export { cn } from './lib/cn.js';
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
  Toast,
  ToastAction,
  ToastClose,
  ToastDescription,
  ToastProvider,
  ToastTitle,
  ToastViewport,
  toastVariants,
  type ToastVariant,
} from './components/toast.js';
export { Toaster } from './components/toaster.js';
export {
  firstImage,
  isImageFile,
  useImageDrop,
  usePastedImage,
  type ImageDropZoneProps,
  type UseImageDropOptions,
} from './hooks/use-image-drop.js';
export { toast, dismissToast, getToasts, useToast, type ToastInput, type ToastItem } from './hooks/use-toast.js';
export { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from './components/tooltip.js';
export { Tabs, TabsContent, TabsList, TabsTrigger } from './components/tabs.js';
export { Progress } from './components/progress.js';
export { Spinner, type SpinnerProps } from './components/spinner.js';
