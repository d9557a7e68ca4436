import type { ToastOptions } from '@atelier/host';

// SPEC §8 "Dev page toasts" and §4 "Dev user switch: page reloads after 1 second".
export const DEV_RELOAD_DELAY_MS = 1000;
export const GENERATIONS_KEY = '/api/generations';

/** A failure toast: the error's message, or "Something went wrong". */
export function devFailure(title: string, error: unknown): ToastOptions {
  const message = error instanceof Error ? error.message : '';
  return { title, description: message || 'Something went wrong', variant: 'destructive' };
}
