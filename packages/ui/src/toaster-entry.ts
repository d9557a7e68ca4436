// `@atelier/ui/toaster`: the toast primitives and the Toaster that draws the shared toast store (`toast()` from
// `@atelier/ui`). Mounted once per page by its host; not part of the shared barrel, so a page pays for Radix's
// toast only when it has a toast to show.
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
